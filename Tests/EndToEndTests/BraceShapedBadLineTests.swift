import Foundation
import LLMFake
import TestSupport
import Testing
import Wire

/// A line that starts with `{` and ends with `}` but is not JSON is a bad line like any other, in
/// every tool that reads records: reported as `tool: error: FILE:LINE: …`, skipped, the rest
/// processed, status 65 at the end — or, with --strict, the tool stops there.
@Suite(.serialized) struct BraceShapedBadLineTests {
  /// Not JSON, though shaped like an object: a missing comma at the top, and one deep inside a
  /// nested value, which only a skim that checks the whole grammar notices.
  static let badLines = [#"{"kind":"article" "id":"x"}"#, #"{"kind":"note","id":"y","meta":{"a":[1,,2]}}"#]

  /// Good, bad, good, bad, good: lines 2 and 4 are bad.
  static func input(_ good: [String]) -> String {
    [good[0], badLines[0], good[1], badLines[1], good[2]].joined(separator: "\n") + "\n"
  }

  static func article(_ id: String) -> String {
    #"{"kind":"article","id":"\#(id)","bookmark":{"title":"T \#(id)"},"html":"<p>\#(id)</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
  }

  /// The ids of the records a run wrote.
  static func ids(_ result: ToolRun) -> [String] { result.records.compactMap { $0["id"]?.stringValue } }

  static func check(_ result: ToolRun, tool: String, source: String, good: [String], strict: Bool) {
    #expect(result.status == 65, "\(tool): \(result.status) \(result.stderr)")
    if strict {
      #expect(result.stderr.contains("\(tool): error: \(source):2: not valid JSON"), "\(tool): \(result.stderr)")
      #expect(!result.stderr.contains("\(source):4:"), "\(tool) went on after --strict: \(result.stderr)")
      #expect(ids(result) == [good[0]], "\(tool): \(result.stdout)")
    } else {
      for line in [2, 4] {
        #expect(
          result.stderr.contains("\(tool): error: \(source):\(line): not valid JSON"), "\(tool): \(result.stderr)")
      }
      #expect(result.stderr.contains("skipped 2 bad input lines"), "\(tool): \(result.stderr)")
      #expect(ids(result) == good, "\(tool): \(result.stdout)")
    }
  }

  /// A new folder holding `in.ndjson`: two articles and a note around the bad lines.
  static func articleInputFolder() throws -> String {
    let folder = TemporaryFolder.path("rk-brace")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try input([article("a1"), #"{"kind":"note","id":"n2"}"#, article("a3")]).write(
      toFile: folder + "/in.ndjson", atomically: true, encoding: .utf8)
    return folder
  }

  @Test(arguments: [false, true])
  func rkCacheStore(strict: Bool) throws {
    let folder = try Self.articleInputFolder()
    defer { TemporaryFolder.remove(folder) }
    let file = folder + "/in.ndjson"
    let good = ["a1", "n2", "a3"]
    let result = try run(
      "rk-cache", ["store", "--echo", "--db", folder + "/cache.sqlite", file] + (strict ? ["--strict"] : []))
    Self.check(result, tool: "rk-cache", source: file, good: good, strict: strict)
    let stored = try run("rk-cache", ["ids", "--db", folder + "/cache.sqlite"]).stdout.split(separator: "\n").map(
      String.init)
    #expect(Set(stored) == (strict ? ["a1"] : ["a1", "a3"]))
  }

  @Test(arguments: [false, true])
  func rkExtractImages(strict: Bool) throws {
    let folder = try Self.articleInputFolder()
    defer { TemporaryFolder.remove(folder) }
    let file = folder + "/in.ndjson"
    let good = ["a1", "n2", "a3"]
    let result = try run("rk-extract-images", [file] + (strict ? ["--strict"] : []))
    Self.check(result, tool: "rk-extract-images", source: file, good: good, strict: strict)
  }

  @Test(arguments: [false, true])
  func ailAIRecordMode(strict: Bool) async throws {
    let fake = try await FakeLLM.start(.init(flavor: .openAI, models: [FakeModel("m", answer: .echo)]))
    do {
      let good = ["r1", "r2", "r3"]
      let stdin = Self.input(good.map { #"{"id":"\#($0)","text":"hello \#($0)"}"# })
      let result = try run(
        "ail-ai",
        ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Tidy.", "--concurrency", "1"]
          + (strict ? ["--strict"] : []),
        stdin: stdin)
      Self.check(result, tool: "ail-ai", source: "<stdin>", good: good, strict: strict)
      #expect(result.records.allSatisfy { $0["ai_text"]?.stringValue?.contains("hello") == true }, "\(result.stdout)")
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }
}
