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

  /// The paragraph numbers a text names ("Paragraph 7 sentence 1 …"), each once, in order.
  static func paragraphs(_ text: some StringProtocol) -> String {
    let words = text.split(whereSeparator: \.isWhitespace)
    var seen: [Int] = []
    for (word, next) in zip(words, words.dropFirst()) where word == "Paragraph" {
      if let number = Int(next), !seen.contains(number) { seen.append(number) }
    }
    return #"{"paragraphs":["# + seen.map(String.init).joined(separator: ",") + "]}"
  }

  @Test func aLongInputIsAnsweredPieceByPieceAndTheValuesMergedWithinTheWindow() async throws {
    // A model that lists the paragraphs it read, merges the lists it is given, and answers the
    // piece holding paragraph 30 with prose until it is told why that will not do.
    let answer = FakeAnswer.computed { prompt in
      let user = prompt.user
      if user.hasPrefix("Each line below is a JSON value") {
        let numbers = user.split(separator: "\n").dropFirst().flatMap {
          $0.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        }
        return Self.paragraphs(numbers.map { "Paragraph \($0)" }.joined(separator: " "))
      }
      if user.hasPrefix("Your answer does not match") {
        return Self.paragraphs(prompt.messages.dropLast().last { $0.role == "user" }?.content ?? "")
      }
      return user.contains("Paragraph 30 sentence 1 ") ? "Paragraphs 29 to 36, I think." : Self.paragraphs(user)
    }
    let models = [FakeModel("m", answer: answer, contextLength: 1000)]
    try await withLLM(.init(flavor: .mistral, models: models)) { fake, home in
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      let schema = home + "/paragraphs.json"
      try
        #"{"type":"object","properties":{"paragraphs":{"type":"array","items":{"type":"integer"}}},"required":["paragraphs"]}"#
        .write(toFile: schema, atomically: true, encoding: .utf8)
      let base = [
        "--base-url", fake.baseURL + "/v1", "--type", "mistral", "--model", "m", "--system", "Which paragraphs?",
        "--schema", schema,
      ]
      let all = #"{"paragraphs":["# + (1...60).map(String.init).joined(separator: ",") + "]}"
      let text = try run("ail-ai", base, environment: environment(home), stdin: AilAILongInputTests.article)
      #expect(text.status == 0, "\(text.stderr)")
      #expect(text.stdout == all + "\n")
      #expect(text.stderr.contains("combined in 1 round"), "\(text.stderr)")
      #expect(text.stderr.contains("1 answer matched the schema only when asked again"), "\(text.stderr)")
      let chats = fake.requests(path: "/v1/chat/completions")
      #expect(chats.count > 3)
      #expect(chats.allSatisfy { $0.status == 200 }, "a request over the window: \(chats.map(\.status))")

      let record = try WireCoding.line(
        JSONValue.object(["kind": "article", "id": "a1", "text": .string(AilAILongInputTests.article)]))
      let records = try run(
        "ail-ai", base, environment: environment(home), stdin: String(decoding: record, as: UTF8.self))
      #expect(records.status == 0, "\(records.stderr)")
      #expect(records.records.first?["ai_json"]?["paragraphs"]?.arrayValue?.count == 60)
      #expect((records.records.first?["ai"]?["pieces"]?.intValue ?? 0) > 1)
      #expect(fake.requests(path: "/v1/chat/completions").allSatisfy { $0.status == 200 })
    }
    // A server that says nothing of its window refuses the whole input: it goes in halves.
    let refusing = [FakeModel("m", answer: answer, contextLength: 1000)]
    try await withLLM(.init(flavor: .llamaCpp, models: refusing)) { fake, home in
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      let schema = home + "/paragraphs.json"
      try #"{"type":"object","properties":{"paragraphs":{"type":"array","items":{"type":"integer"}}}}"#.write(
        toFile: schema, atomically: true, encoding: .utf8)
      let halved = try run(
        "ail-ai", ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Which?", "--schema", schema],
        environment: environment(home), stdin: AilAILongInputTests.article)
      #expect(halved.status == 0, "\(halved.stderr)")
      #expect(halved.stdout.hasPrefix(#"{"paragraphs":[1,2,3,"#) && halved.stdout.hasSuffix(",59,60]}\n"))
      #expect(fake.requests(path: "/v1/chat/completions").first?.status == 400)
    }
  }
}
