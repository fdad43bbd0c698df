import Foundation
import Testing

@testable import ManPages

/// Every executable (a lower-case folder under `Sources/` or `Sources/Fakes/`) has a committed `man/<tool>.1` that equals a
/// fresh rendering of its command definition, and `man/` holds no page for a tool that is gone.
/// `scripts/gen-man` runs this suite with `RK_UPDATE_MAN=1`, which writes the pages instead.
@Suite struct ManPageFreshnessTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let updating = ProcessInfo.processInfo.environment["RK_UPDATE_MAN"] == "1"

  /// The executables, found from the source tree (lower-case target folders are executables) so
  /// that a new tool is checked without touching this test.
  static var tools: [String] {
    let names = ["Sources", "Sources/Fakes"].flatMap { folder in
      (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
    }
    return names.filter { $0.first?.isLowercase == true }.sorted()
  }

  /// Where `swift build` put the binaries: next to the test bundle.
  static var binaries: URL {
    if let explicit = ProcessInfo.processInfo.environment["RK_BIN_DIR"] { return URL(fileURLWithPath: explicit) }
    return Bundle.main.bundleURL
  }

  @Test func everyToolHasAFreshPage() throws {
    for tool in Self.tools {
      let binary = Self.binaries.appendingPathComponent(tool).path
      try #require(FileManager.default.isExecutableFile(atPath: binary), "\(tool) is not built at \(binary)")
      let (status, dump, errors) = try run(binary, ["--experimental-dump-help"])
      try #require(status == 0, "\(tool) --experimental-dump-help failed: \(errors)")
      let fresh = try ManPage.render(dumpHelp: Data(dump.utf8), seeAlso: Self.tools.filter { $0 != tool })
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

  @Test func noPageWithoutATool() throws {
    let man = Self.packageRoot.appendingPathComponent("man").path
    let pages = ((try? FileManager.default.contentsOfDirectory(atPath: man)) ?? []).filter { $0.hasSuffix(".1") }
    let orphans = pages.filter { !Self.tools.contains(String($0.dropLast(2))) }
    if Self.updating {
      for orphan in orphans { try FileManager.default.removeItem(atPath: man + "/" + orphan) }
      return
    }
    #expect(orphans == [], "man pages without a tool: remove them or run scripts/gen-man")
  }
}
