import Foundation
import Testing

/// The installed `rk-ail`: one binary that is every tool, by the name of the link it was started
/// through (the rest of this suite starts the tools that way) or by its first argument.
@Suite struct MultiCallTests {
  static let built = Bundle.main.bundleURL
  static let multiCall = built.appendingPathComponent("rk-ail").path

  /// Every tool but rk-ail itself: each has its manual page (the man-page test holds `man/` to
  /// Package.swift's executables).
  static var tools: [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("man").path)) ?? []
    return pages.filter { $0.hasSuffix(".1") }.map { String($0.dropLast(2)) }.filter { $0 != "rk-ail" }.sorted()
  }

  @Test func itHoldsEveryToolOfTheSourceTree() throws {
    let listed = try run(Self.multiCall, ["--list"])
    #expect(listed.status == 0)
    #expect(listed.stdout.split(separator: "\n").map(String.init).sorted() == Self.tools)
  }

  @Test(arguments: tools) func byItsFirstArgumentEachToolIsItsOwnExecutable(tool: String) throws {
    let own = try run(Self.built.appendingPathComponent(tool).path, ["--help"])
    let multi = try run(Self.multiCall, [tool, "--help"])
    #expect(own.status == 0)
    #expect(multi.status == 0)
    #expect(multi.stdout == own.stdout)
    #expect(multi.stdout.contains("USAGE: \(tool)"))
  }

  @Test func aToolsErrorsAndStatusesAreItsOwn() throws {
    let refused = try run(Self.multiCall, ["rk-prune", "--keep", "many"])
    #expect(refused.status == 64)
    #expect(refused.stderr.hasPrefix("rk-prune: error: "))
    let linked = try run(
      binaries.appendingPathComponent("rk-cache").path, ["show", "x"], environment: ["RK_DB": "/nonexistent/db"])
    #expect(linked.status == 66)
    #expect(linked.stderr.hasPrefix("rk-cache: "))
  }

  @Test func noToolOrAnUnknownOneIsAUsageErrorThatListsTheTools() throws {
    let bare = try run(Self.multiCall, [])
    #expect(bare.status == 64)
    #expect(bare.stderr.contains("rk-ail: error: name a tool: rk-fetch, rk-extract-images, rk-cache"))
    let unknown = try run(Self.multiCall, ["rk-nope", "--help"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("rk-nope is not one of the tools: rk-fetch,"))
    #expect(unknown.stdout.isEmpty)
    let german = try run(Self.multiCall, ["rk-nope"], environment: ["LANG": "de_DE.UTF-8"])
    #expect(german.status == 64)
    #expect(german.stderr.contains("rk-ail: Fehler: rk-nope ist keines der Werkzeuge: rk-fetch,"))
  }

  @Test func itsOwnHelpAndVersion() throws {
    let help = try run(Self.multiCall, ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: rk-ail [--list] [<tool>]"))
    #expect(help.stdout.contains("ail-transcribe: Turn recordings into text"))
    let version = try run(Self.multiCall, ["--version"])
    let own = try run(Self.built.appendingPathComponent("rk-fetch").path, ["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == own.stdout)
  }
}
