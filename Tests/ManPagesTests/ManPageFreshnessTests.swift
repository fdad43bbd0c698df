import Foundation
import Localization
import Testing

@testable import ManPages

/// Every executable (an executable target of Package.swift) has a committed `man/<tool>.1` that equals
/// a fresh rendering of its command definition, and `man/` holds no page for a tool that is gone.
/// The translated tools have a German page too (`man/de/man1/<tool>.1`). `scripts/gen-man` runs
/// this suite with `RK_UPDATE_MAN=1`, which writes the pages instead.
@Suite struct ManPageFreshnessTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let updating = ProcessInfo.processInfo.environment["RK_UPDATE_MAN"] == "1"

  /// The executables, read from Package.swift's executable targets (wherever their folders are)
  /// so that a new tool is checked without touching this test.
  static var tools: [String] {
    let manifest = (try? String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    return manifest.matches(of: /\.executableTarget\(\s*name:\s*"([^"]+)"/).map { String($0.output.1) }.sorted()
  }

  /// Where `swift build` put the binaries: next to the test bundle.
  static var binaries: URL {
    if let explicit = ProcessInfo.processInfo.environment["RK_BIN_DIR"] { return URL(fileURLWithPath: explicit) }
    return Bundle.main.bundleURL
  }

  /// The tools whose messages all go through the catalog: each has a German page,
  /// `man/de/man1/<tool>.1`, rendered from its `--help` under a German locale. A tool joins this
  /// list when it is translated (issue 28); the others get no half-German page.
  static let translatedTools = [
    "ail-ai", "ail-log", "ail-mail", "ail-transcribe", "rk-ail", "rk-cache", "rk-extract-images", "rk-fetch",
    "rk-prune", "rk-push",
  ]

  /// The environment a tool is run in for the page of `language`: the caller's, with the locale
  /// variables replaced, so that a developer's own locale changes no page.
  static func environment(for language: Language) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter {
      !["LANGUAGE", "LC_ALL", "LC_MESSAGES"].contains($0.key)
    }
    environment["LANG"] = language == .german ? "de_DE.UTF-8" : "C.UTF-8"
    return environment
  }

  /// The page of `tool` in `language`, fresh from the built binary.
  private func freshPage(_ tool: String, _ language: Language) throws -> String {
    let binary = Self.binaries.appendingPathComponent(tool).path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "\(tool) is not built at \(binary)")
    let (status, dump, errors) = try run(
      binary, ["--experimental-dump-help"], environment: Self.environment(for: language))
    try #require(status == 0, "\(tool) --experimental-dump-help failed: \(errors)")
    return try ManPage.render(dumpHelp: Data(dump.utf8), seeAlso: Self.tools.filter { $0 != tool }, language: language)
  }

  @Test func everyToolHasAFreshPage() throws {
    for tool in Self.tools {
      let fresh = try freshPage(tool, .english)
      let pagePath = Self.packageRoot.appendingPathComponent("man/\(tool).1").path
      if Self.updating {
        try fresh.write(toFile: pagePath, atomically: true, encoding: .utf8)
        continue
      }
      let committed = try? String(contentsOfFile: pagePath, encoding: .utf8)
      #expect(committed == fresh, "man/\(tool).1 is stale or missing: run scripts/gen-man")
      // The conventions every page keeps: examples, and the exit statuses the tool uses.
      #expect(fresh.contains("\n.SH EXAMPLES\n"), "\(tool) --help has no EXAMPLES (use HelpText.discussion)")
      #expect(fresh.contains("\n.SH \"EXIT STATUS\"\n.TP\n.B 0\n"), "\(tool) does not document its exit statuses")
    }
  }

  @Test(arguments: translatedTools) func translatedToolHasAFreshGermanPage(tool: String) throws {
    let fresh = try freshPage(tool, .german)
    let folder = Self.packageRoot.appendingPathComponent("man/de/man1")
    let pagePath = folder.appendingPathComponent("\(tool).1").path
    if Self.updating {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try fresh.write(toFile: pagePath, atomically: true, encoding: .utf8)
      return
    }
    let committed = try? String(contentsOfFile: pagePath, encoding: .utf8)
    #expect(committed == fresh, "man/de/man1/\(tool).1 is stale or missing: run scripts/gen-man")
    // German headings, read back from the German --help, and the exit statuses.
    #expect(fresh.contains("\n.SH BEISPIELE\n"), "\(tool)'s German --help has no BEISPIELE")
    #expect(fresh.contains("\n.SH EXIT-STATUS\n.TP\n.B 0\n"), "\(tool)'s German page has no exit statuses")
    #expect(fresh != (try freshPage(tool, .english)))
  }

  @Test func noPageWithoutATool() throws {
    let man = Self.packageRoot.appendingPathComponent("man").path
    let pages = ((try? FileManager.default.contentsOfDirectory(atPath: man)) ?? []).filter { $0.hasSuffix(".1") }
    let orphans = pages.filter { !Self.tools.contains(String($0.dropLast(2))) }
    let german = man + "/de/man1"
    let germanPages = ((try? FileManager.default.contentsOfDirectory(atPath: german)) ?? []).filter {
      $0.hasSuffix(".1")
    }
    let germanOrphans = germanPages.filter { !Self.translatedTools.contains(String($0.dropLast(2))) }
    if Self.updating {
      for orphan in orphans { try FileManager.default.removeItem(atPath: man + "/" + orphan) }
      for orphan in germanOrphans { try FileManager.default.removeItem(atPath: german + "/" + orphan) }
      return
    }
    #expect(orphans == [], "man pages without a tool: remove them or run scripts/gen-man")
    #expect(germanOrphans == [], "German man pages of a tool not in translatedTools: run scripts/gen-man")
  }
}
