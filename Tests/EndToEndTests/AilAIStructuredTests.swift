import Foundation
import LLMFake
import Testing
import Wire

/// Structured answers through the built tools: a mail's tasks as JSON, filed as notes with
/// reminders; a preset's schema sent to the provider; answers that never match refused.
@Suite(.serialized) struct AilAIStructuredTests {
  static let tasks =
    #"{"tasks":[{"title":"Send the report","due":"2026-12-01 09:00","note":"The Q4 figures."},{"title":"Answer Anna"}]}"#

  func environment(_ home: String) -> [String: String] {
    [
      "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
      "PATH": binaries.path + ":/usr/bin:/bin", "TZ": "UTC", "AIL_LOG_NOW": "2026-11-27T10:00:00Z",
    ]
  }

  @Test func aMailBecomesNotesWithRemindersThroughTheTasksPreset() async throws {
    let answer = FakeAnswer.computed { $0.system.contains("List every task") ? Self.tasks : "no preset" }
    try await withLLM(.init(flavor: .openAI, models: [FakeModel("m", answer: answer)])) { fake, home in
      let env = environment(home)
      #expect(try run("ail-ai", ["catalog", "init"], environment: env).status == 0)
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      try "From: Anna <anna@example.org>\r\nSubject: Report\r\n\r\nPlease send the report by Tuesday.\r\n".write(
        toFile: home + "/message.eml", atomically: true, encoding: .utf8)
      let pipeline = """
        ail-mail body '\(home)/message.eml' | ail-ai --base-url \(fake.baseURL)/v1 --model m \
        --recipe Mail/Analyze/Tasks | ail-log add --records
        """
      let filed = try run("/bin/sh", ["-c", pipeline], environment: env)
      #expect(filed.status == 0, "\(filed.stderr)")
      #expect(filed.stderr.contains("filed 2 entries"), "\(filed.stderr)")
      let sent = try #require(fake.requests.last?.json)
      #expect(sent["response_format"]?["json_schema"]?["schema"]?["required"] == ["tasks"])
      #expect(sent["stream"] == false)

      let entries = try run("ail-log", ["list", "--sort", "title"], environment: env).records
      #expect(entries.map { $0["title"]?.stringValue } == ["Answer Anna", "Send the report"])
      let report = try #require(entries.last)
      #expect(report["reminder"] == "2026-12-01T09:00:00Z")
      #expect(report["tags"]?.arrayValue?.contains("task") == true)
      #expect(report["content"] == "The Q4 figures.")
      #expect(entries.first?["reminder"] == nil || entries.first?["reminder"] == .null)
    }
  }

  @Test func aSchemaFileShapesRecordsAndAnAnswerThatNeverMatchesIsRefused() async throws {
    let answer = FakeAnswer.computed { $0.user.contains("good") ? #"{"mood":"glad"}"# : "I cannot answer in JSON." }
    try await withLLM(.init(flavor: .ollama, models: [FakeModel("m", answer: answer)])) { fake, home in
      var env = environment(home)
      env["AIL_LOG_NOW"] = nil
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      let schema = home + "/mood.json"
      try #"{"type":"object","properties":{"mood":{"enum":["glad","sad"]}},"required":["mood"]}"#.write(
        toFile: schema, atomically: true, encoding: .utf8)
      let base = [
        "--base-url", fake.baseURL, "--type", "ollama", "--model", "m", "--system", "Mood?", "--schema", schema,
      ]
      let records = try run(
        "ail-ai", base, environment: env, stdin: #"{"kind":"note","id":"1","text":"a good day"}"# + "\n")
      #expect(records.status == 0, "\(records.stderr)")
      #expect(records.records.first?["ai_json"] == ["mood": "glad"])
      #expect(records.records.first?["ai_text"] == nil)
      #expect(fake.requests.last?.json?["format"]?["required"] == ["mood"])

      let refused = try run("ail-ai", base, environment: env, stdin: "a grey day\n")
      #expect(refused.status == 65)
      #expect(refused.stderr.contains("does not match the schema: it is not JSON"), "\(refused.stderr)")
      #expect(refused.stdout.isEmpty)

      try "[1]".write(toFile: schema, atomically: true, encoding: .utf8)
      let badSchema = try run("ail-ai", base, environment: env, stdin: "x\n")
      #expect(badSchema.status == 65)
      #expect(badSchema.stderr.contains("is not a JSON Schema"), "\(badSchema.stderr)")
    }
  }
}
