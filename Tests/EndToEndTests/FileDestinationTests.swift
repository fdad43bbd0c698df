import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Issue 30's paths and destinations with the built tools: one-character and folder-like paths,
/// `-` for standard output, symbolic links written through, devices and pipes refused, stores
/// read from a folder nobody may write, and the offline queue carried by export and import.
@Suite struct FileDestinationTests {
  static let token = "rdk-destinations-t0ken"
  static let samples = RKPushTests.unread(2, seed: 30)

  /// A scratch folder, and the sample articles as rk-fetch writes them.
  private func withArticles(_ body: (_ folder: String, _ articles: String, _ fake: FakeReadeck) async throws -> Void)
    async throws
  {
    let folder = TemporaryFolder.path("rk-destinations-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    try await withReadeck(Self.samples, token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all", "--limit", "0"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(fetched.status == 0, "\(fetched.stderr)")
      try await body(folder, fetched.stdout, fake)
    }
  }

  /// A built tool run from `folder`, so that relative paths are the user's own.
  private func runFrom(_ folder: String, _ tool: String, _ arguments: [String], stdin: String = "") throws -> ToolRun {
    try EndToEndTests.run(
      "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, binaries.appendingPathComponent(tool).path] + arguments,
      stdin: stdin)
  }

  /// The files in `folder` but the WAL files a reading command leaves beside a store.
  private func files(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
    }
    .sorted()
  }

  private func isZIP(_ path: String) -> Bool {
    FileManager.default.contents(atPath: path)?.prefix(2) == Data("PK".utf8)
  }

  @Test func oneCharacterPathsAreWrittenOrRefusedWithAMessage() async throws {
    try await withArticles { folder, articles, _ in
      let id = Self.samples[0].id
      let stored = try runFrom(folder, "rk-cache", ["store", "--db", "s"], stdin: articles)
      #expect(stored.status == 0, "\(stored.stderr)")
      #expect(FileManager.default.fileExists(atPath: folder + "/s"))

      let export = try runFrom(folder, "rk-cache", ["export", "--db", "s", "a"])
      #expect(export.status == 0, "\(export.stderr)")
      #expect(export.stderr.contains("to a,"))
      #expect(isZIP(folder + "/a"))
      let restored = try runFrom(folder, "rk-cache", ["import", "--db", "t", "a"])
      #expect(restored.status == 0 && restored.stderr.contains("imported 2"), "\(restored.stderr)")
      let tilde = try runFrom(folder, "rk-cache", ["export", "--db", "s", "~"])
      #expect(tilde.status == 0 && isZIP(folder + "/~"), "a ~ the shell left alone is a name: \(tilde.stderr)")

      let page = try runFrom(folder, "rk-cache", ["page", "--db", "s", id, "-o", "x"])
      #expect(page.status == 0, "\(page.stderr)")
      #expect(try String(contentsOfFile: folder + "/x", encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

      // A name of a folder, or in a folder that is not there: exit 74 and why, nothing written.
      for path in [".", "./", "..", folder + "/", "/tmp/"] {
        let refused = try runFrom(folder, "rk-cache", ["export", "--db", "s", path])
        #expect(refused.status == 74, "\(path): \(refused.stderr)")
        #expect(refused.stderr.contains("cannot write \(path): it is a folder"), "\(refused.stderr)")
      }
      let missing = try runFrom(folder, "rk-cache", ["export", "--db", "s", "nowhere/a.zip"])
      #expect(missing.status == 74)
      #expect(missing.stderr.contains("cannot write nowhere/a.zip: no such folder: nowhere"), "\(missing.stderr)")
      let book = try runFrom(folder, "rk-cache", ["epub", "--db", "s", "--unread", "-o", "b/"])
      #expect(book.status == 74 && book.stderr.contains("cannot write b/: no such folder"), "\(book.stderr)")
      #expect(
        try files(folder) == ["a", "s", "t", "x", "~"],
        "no partial file is left")

      let note = try runFrom(folder, "ail-log", ["add", "hi", "--title", "t", "--db", "l"])
      #expect(note.status == 0, "\(note.stderr)")
      let exported = try runFrom(folder, "ail-log", ["export", "--db", "l"])
      #expect(exported.status == 0 && exported.stdout.contains("\"title\":\"t\""), "\(exported.stderr)")
      try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: folder + "/e"))
      let imported = try runFrom(folder, "ail-log", ["import", "--db", "h", "e"])
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(try runFrom(folder, "ail-log", ["list", "--db", "h"]).stdout.contains("\"title\":\"t\""))
    }
  }

  @Test func aDashWritesToStandardOutputWhenComplete() async throws {
    try await withArticles { folder, articles, _ in
      let db = folder + "/cache.sqlite"
      #expect(try runFrom(folder, "rk-cache", ["store", "--db", db], stdin: articles).status == 0)
      let export = try runFrom(folder, "rk-cache", ["export", "--db", db, "-"])
      #expect(export.status == 0, "\(export.stderr)")
      #expect(export.stdout.hasPrefix("PK") && export.stdout.contains("manifest.json"))
      #expect(export.stderr.contains("exported 2 articles and 0 images to standard output"), "\(export.stderr)")
      let book = try runFrom(folder, "rk-cache", ["epub", "--db", db, "--unread", "-o", "-"])
      #expect(book.status == 0, "\(book.stderr)")
      #expect(book.stdout.hasPrefix("PK") && book.stdout.contains("mimetypeapplication/epub+zip"))
      #expect(book.stderr.contains("wrote standard output: 2 articles"), "\(book.stderr)")
      let page = try runFrom(folder, "rk-cache", ["page", "--db", db, Self.samples[0].id, "-o", "-"])
      #expect(page.status == 0 && page.stdout.hasPrefix("<!DOCTYPE html>"))
      #expect(try files(folder) == ["cache.sqlite"])
    }
  }

  @Test func writingThroughALinkFillsItsTargetAndKeepsTheLink() async throws {
    try await withArticles { folder, articles, _ in
      let db = folder + "/cache.sqlite"
      #expect(try runFrom(folder, "rk-cache", ["store", "--db", db], stdin: articles).status == 0)
      let manager = FileManager.default
      try manager.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
      try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real/backup.zip"))
      try manager.createSymbolicLink(atPath: folder + "/link.zip", withDestinationPath: "real/backup.zip")
      try manager.createSymbolicLink(atPath: folder + "/link.epub", withDestinationPath: folder + "/real/book.epub")
      try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real/page.html"))
      try manager.createSymbolicLink(atPath: folder + "/link.html", withDestinationPath: "real/page.html")

      #expect(try runFrom(folder, "rk-cache", ["export", "--db", db, "link.zip"]).status == 0)
      #expect(try runFrom(folder, "rk-cache", ["epub", "--db", db, "--unread", "-o", "link.epub"]).status == 0)
      #expect(try runFrom(folder, "rk-cache", ["page", "--db", db, Self.samples[0].id, "-o", "link.html"]).status == 0)
      for (link, target) in [
        ("link.zip", "real/backup.zip"), ("link.epub", folder + "/real/book.epub"),
        ("link.html", "real/page.html"),
      ] {
        #expect(try manager.destinationOfSymbolicLink(atPath: folder + "/" + link) == target, "\(link) stays a link")
      }
      #expect(isZIP(folder + "/real/backup.zip"))
      #expect(isZIP(folder + "/real/book.epub"))
      #expect(try String(contentsOfFile: folder + "/real/page.html", encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
      #expect(
        try manager.contentsOfDirectory(atPath: folder + "/real").sorted() == ["backup.zip", "book.epub", "page.html"])
    }
  }

  /// A link of the test's own to the tool's standard output (a pipe here): what /dev/stdout is.
  /// Never /dev/stdout itself: a tool that replaced it would replace the machine's when run as root.
  @Test func aLinkToStandardOutputIsRefusedAndWritesNothing() async throws {
    try await withArticles { folder, articles, _ in
      let db = folder + "/cache.sqlite"
      #expect(try runFrom(folder, "rk-cache", ["store", "--db", db], stdin: articles).status == 0)
      try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: "/proc/self/fd/1")
      let attempts = [
        ["export", "--db", db, "out"], ["epub", "--db", db, "--unread", "-o", "out"],
        ["page", "--db", db, Self.samples[0].id, "-o", "out"],
      ]
      for arguments in attempts {
        let refused = try runFrom(folder, "rk-cache", arguments)
        #expect(refused.status == 74, "\(arguments[0]): \(refused.stderr)")
        #expect(refused.stderr.contains("cannot write out: it is a pipe, not a file (- writes to standard output)"))
        #expect(!refused.stderr.contains("exported") && !refused.stderr.contains("wrote"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/out") == "/proc/self/fd/1")
      }
      #expect(try files(folder) == ["cache.sqlite", "out"])
    }
  }
}
