import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Stores in a folder nobody may write (a backup on a read-only mount): every reading command of
/// rk-cache and ail-log reads them, and nothing appears beside them.
///
/// Root writes through any mode, so run as root the tools run as `nobody` (setpriv), for whom
/// the modes hold, from copies in the temporary folder (a checkout under /root is closed to
/// others); a root run without setpriv, or with a temporary folder `nobody` cannot enter, skips,
/// saying why.
@Suite struct ReadOnlyStoreTests {
  static let token = "rdk-read-only-t0ken"
  static let isRoot = geteuid() == 0
  static let setpriv = "/usr/bin/setpriv"
  static var modesHold: Bool {
    !isRoot
      || (FileManager.default.isExecutableFile(atPath: setpriv)
        && othersCanReach(NSTemporaryDirectory()))
  }

  /// Whether every folder on the way to `path` lets others through: what `nobody` needs to run
  /// the copied tools on a store in the temporary folder.
  static func othersCanReach(_ path: String) -> Bool {
    var current = path
    while true {
      let mode = (try? FileManager.default.attributesOfItem(atPath: current))?[.posixPermissions] as? Int
      guard let mode, mode & 0o001 != 0 else { return false }
      guard current != "/", let slash = current.dropLast().lastIndex(of: "/") else { return true }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }

  /// A built tool run by a user the folder's mode applies to: as root, through a copy of the
  /// binary in `tools` (the binaries find the Swift runtime by an absolute run path; a link named
  /// after the tool when the binary is the multi-call one) run as nobody.
  private func runAsReader(_ tool: String, _ arguments: [String], tools: String) throws -> ToolRun {
    guard Self.isRoot else { return try run(tool, arguments) }
    let built = binaries.appendingPathComponent(tool).resolvingSymlinksInPath()
    let copy = tools + "/" + built.lastPathComponent
    if !FileManager.default.fileExists(atPath: copy) {
      try FileManager.default.copyItem(atPath: built.path, toPath: copy)
      chmod(copy, 0o755)
    }
    let link = tools + "/" + tool
    if !FileManager.default.fileExists(atPath: link) {
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: built.lastPathComponent)
    }
    return try run(Self.setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", link] + arguments)
  }

  @Test(
    .enabled(
      if: modesHold,
      "run as root, a read-only mode cannot stop a write, and the tools cannot run as nobody (no setpriv, or a temporary folder nobody may enter)"
    ))
  func storesInAReadOnlyFolderAreRead() async throws {
    let samples = RKPushTests.unread(2, seed: 31)
    let folder = TemporaryFolder.path("rk-read-only-e2e")
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let tools = folder + "-tools"
    try FileManager.default.createDirectory(
      atPath: tools, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    defer {
      chmod(folder, 0o755)
      try? FileManager.default.removeItem(atPath: folder)
      TemporaryFolder.remove(tools)
    }
    let cache = folder + "/cache.sqlite"
    let notes = folder + "/notes.sqlite"
    try await withReadeck(samples, token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all", "--limit", "0"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(try run("rk-cache", ["store", "--db", cache], stdin: fetched.stdout).status == 0)
    }
    #expect(try run("ail-log", ["add", "kept on the backup", "--title", "Backup note", "--db", notes]).status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(files == ["cache.sqlite", "notes.sqlite"], "the writers left no WAL behind")
    for file in files { #expect(chmod(folder + "/" + file, 0o444) == 0) }
    #expect(chmod(folder, 0o555) == 0)

    let stats = try runAsReader("rk-cache", ["stats", "--db", cache], tools: tools)
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains("2 articles"), "\(stats.stdout)")
    let words: [Substring] = samples[0].title.split(separator: Character(" "))
    let word = String(words.max { $0.count < $1.count } ?? "")
    let search = try runAsReader("rk-cache", ["search", "--db", cache, word], tools: tools)
    #expect(search.status == 0, "\(search.stderr)")
    #expect(search.records(kind: "search_hit").contains { $0["id"]?.stringValue == samples[0].id })
    let text = try runAsReader("rk-cache", ["text", "--db", cache, samples[0].id], tools: tools)
    #expect(text.status == 0 && text.stdout.contains(word), "\(text.stderr)")
    let list = try runAsReader("rk-cache", ["list", "--db", cache], tools: tools)
    #expect(list.status == 0 && list.records.count == 2, "\(list.stderr)")

    let notesList = try runAsReader("ail-log", ["list", "--db", notes], tools: tools)
    #expect(notesList.status == 0 && notesList.stdout.contains("\"title\":\"Backup note\""), "\(notesList.stderr)")
    let notesSearch = try runAsReader("ail-log", ["search", "--db", notes, "backup"], tools: tools)
    #expect(notesSearch.status == 0 && notesSearch.stdout.contains("Backup note"), "\(notesSearch.stderr)")

    // Writing is refused as before, with the store's message and status.
    let mark = try runAsReader("rk-cache", ["mark", "--db", cache, samples[0].id, "--archive"], tools: tools)
    #expect(mark.status != 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == files)
  }
}
