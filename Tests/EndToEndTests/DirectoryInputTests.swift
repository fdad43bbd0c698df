import Foundation
import TestSupport
import Testing

/// A folder named where a tool expects an input file is "no input" (66), as the design's table
/// says, not a read error (74) or bad data (65): open(2) accepts a folder and only the first
/// read(2) fails, so every tool's opening has to say so itself.
@Suite struct DirectoryInputTests {
  /// Each tool's way of naming an input file, with `DIR` where the folder goes.
  static let invocations: [(tool: String, arguments: [String], stdin: String)] = [
    ("rk-cache", ["store", "--db", "STORE", "DIR"], ""),
    ("rk-cache", ["import", "--db", "STORE", "DIR"], ""),
    ("rk-extract-images", ["DIR"], ""),
    ("rk-fetch", ["--server", "http://127.0.0.1:1", "--skip-ids", "DIR"], ""),
    ("ail-mail", ["body", "DIR"], ""),
    ("ail-mail", ["parse", "DIR"], ""),
    ("ail-mail", ["parse", "--mbox", "DIR"], ""),
    ("ail-mail", ["reply", "--original", "DIR"], "text"),
    ("ail-ai", ["--base-url", "http://127.0.0.1:1", "--model", "m", "--system-file", "DIR", "--dry-run"], "text"),
    ("ail-ai", ["catalog", "import", "--catalog", "CATALOG", "DIR"], ""),
    ("ail-transcribe", ["--segments-only", "DIR"], ""),
    ("ail-transcribe", ["--segments-only", "DIR.wav"], ""),
  ]

  @Test(arguments: 0..<invocations.count)
  func aFolderAsInputFileExits66(_ index: Int) throws {
    let (tool, template, stdin) = Self.invocations[index]
    let root = TemporaryFolder.path("rk-folder-input")
    defer { TemporaryFolder.remove(root) }
    // Folders named like the files the tool would take, so that no suffix check turns them away.
    for name in ["memo", "memo.wav"] {
      try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
    }
    let arguments = template.map {
      switch $0 {
      case "DIR": root + "/memo"
      case "DIR.wav": root + "/memo.wav"
      case "STORE": root + "/cache.sqlite"
      case "CATALOG": root + "/catalog.json"
      default: $0
      }
    }
    let result = try run(tool, arguments, environment: ["READECK_TOKEN": "unused"], stdin: stdin)
    #expect(result.status == 66, "\(tool) \(template): \(result.status) \(result.stderr)")
    #expect(result.stderr.contains("\(tool): error:"), "\(tool) \(template): \(result.stderr)")
  }
}
