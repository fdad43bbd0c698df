import Foundation
import LLMFake
import Testing
import Wire

/// The built ail-ai on input longer than the model's window, against both kinds of fake: the
/// answer holds all of the input in order, a condensing preset combines, records get one answer.
@Suite(.serialized) struct AilAILongInputTests {
  /// About 3,500 tokens of numbered sentences in 60 paragraphs.
  static let article =
    (1...60).map { paragraph in
      (1...4).map { "Paragraph \(paragraph) sentence \($0) carries its own words." }.joined(separator: " ")
    }.joined(separator: "\n\n") + "\n"

  /// Rewriting that changes nothing: the joined answer must be the input.
  static let mirror = FakeAnswer.computed { $0.user }

  func environment(_ home: String) -> [String: String] {
    ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]
  }

  /// ail-ai killed after 30 seconds: a run that never ends fails the test instead of hanging it.
  func runBounded(_ arguments: [String], environment: [String: String], stdin: String) throws -> ToolRun {
    let tool = binaries.appendingPathComponent("ail-ai").path
    return try run("/usr/bin/timeout", ["-s", "KILL", "30", tool] + arguments, environment: environment, stdin: stdin)
  }

  @Test func aCharacterBiggerThanAPieceIsCutBetweenItsScalarsInsteadOfHalvedForever() async throws {
    // One character of 401 bytes (134 tokens) between two words.
    let sentence = "Before. a" + String(repeating: "\u{301}", count: 200) + " after.\n"
    try await withLLM(.init(flavor: .openAI, models: [FakeModel("m", answer: Self.mirror)])) { fake, home in
      let cut = try runBounded(
        ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Rewrite.", "--chunk", "64"],
        environment: environment(home), stdin: sentence)
      #expect(cut.status == 0, "\(cut.stderr)")
      #expect(Array(cut.stdout.utf8) == Array(sentence.utf8))
      #expect(cut.stderr.contains("the input went in 4 pieces"), "\(cut.stderr)")
    }
    // Halving after the server's refusal: 4,001 scalars are over the fake's 1,000 tokens.
    let accented = "e" + String(repeating: "\u{301}", count: 4000)  // 8,001 bytes: 2,667 tokens
    let text = "Intro paragraph.\n\n" + accented + "\n\nOutro paragraph.\n"
    let models = [FakeModel("m", answer: Self.mirror, contextLength: 1000)]
    try await withLLM(.init(flavor: .llamaCpp, models: models)) { fake, home in
      let halved = try runBounded(
        ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Rewrite."],
        environment: environment(home), stdin: text)
      #expect(halved.status == 0, "\(halved.stderr)")
      #expect(Array(halved.stdout.utf8) == Array(text.utf8))
      #expect(fake.requests.contains { $0.status == 400 })
    }
  }

  @Test func aServerThatRefusesLongRequestsGetsPiecesAndTheTextComesBackWhole() async throws {
    let models = [FakeModel("m", answer: Self.mirror, contextLength: 1500)]
    try await withLLM(.init(flavor: .llamaCpp, models: models, timing: FakeTiming(chunkCharacters: 50))) { fake, home in
      let result = try run(
        "ail-ai", ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Rewrite."],
        environment: environment(home), stdin: Self.article)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == Self.article)
      #expect(fake.requests.contains { $0.status == 400 })
      #expect(result.stderr.contains("the input went in"), "\(result.stderr)")
    }
  }

  @Test func ollamaSaysItsWindowAndOffRefusesWhatDoesNotFit() async throws {
    let models = [FakeModel("m", answer: Self.mirror, contextLength: 1000)]
    try await withLLM(.init(flavor: .ollama, models: models, timing: FakeTiming(chunkCharacters: 50))) { fake, home in
      let base = ["--base-url", fake.baseURL, "--type", "ollama", "--model", "m", "--system", "Rewrite."]
      // A dry run sends nothing, not even the question for the window.
      let plan = try run(
        "ail-ai", base + ["--dry-run", "--chunk", "off"], environment: environment(home), stdin: Self.article)
      #expect(plan.status == 0, "\(plan.stderr)")
      #expect(plan.stdout.hasPrefix("POST "), "the input fits the 8,192 tokens assumed without asking")
      let pieces = try run(
        "ail-ai", base + ["--dry-run", "--chunk", "600"], environment: environment(home), stdin: Self.article)
      #expect(pieces.stdout.contains("piece 1: about"), "\(pieces.stdout)")
      #expect(fake.requests.isEmpty, "\(fake.requests.map(\.path))")

      let refused = try run("ail-ai", base + ["--chunk", "off"], environment: environment(home), stdin: Self.article)
      #expect(refused.status == 65)
      #expect(refused.stderr.contains("does not fit the model's window of 1000 tokens"), "\(refused.stderr)")
      #expect(fake.requests(path: "/api/chat").isEmpty)

      let whole = try run("ail-ai", base, environment: environment(home), stdin: Self.article)
      #expect(whole.status == 0, "\(whole.stderr)")
      #expect(whole.stdout == Self.article)
      #expect(!whole.stderr.contains("probably cut"))
    }
  }

  @Test func aSummaryPresetCombinesThePartialAnswersAndARecordGetsOneAnswer() async throws {
    // A "summary" is the first three words it read; the combining request marks its answer.
    let summary = FakeAnswer.computed { prompt in
      prompt.user.hasPrefix("S:")
        ? "FINAL " + prompt.user.replacingOccurrences(of: "\n\n", with: " | ")
        : "S: " + prompt.user.split(separator: " ").prefix(3).joined(separator: " ")
    }
    try await withLLM(.init(flavor: .openAI, models: [FakeModel("m", answer: summary)])) { fake, home in
      let env = environment(home)
      #expect(try run("ail-ai", ["catalog", "init"], environment: env).status == 0)
      let base = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--chunk", "400"]
      let result = try run("ail-ai", base + ["--recipe", "Articles/Summary"], environment: env, stdin: Self.article)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("FINAL S: Paragraph 1 sentence | S: Paragraph "), "\(result.stdout)")
      #expect(result.stderr.contains("combined in 1 round"), "\(result.stderr)")
      let pieces = fake.requests.count - 1
      #expect(result.stdout.components(separatedBy: " | ").count == pieces)

      let line = try WireCoding.line(JSONValue.object(["kind": "article", "id": "a1", "text": .string(Self.article)]))
      let records = try run(
        "ail-ai", base + ["--system", "Rewrite.", "--condense"], environment: env,
        stdin: String(decoding: line, as: UTF8.self))
      #expect(records.status == 0, "\(records.stderr)")
      let record = try #require(records.records.first)
      #expect(record["ai_text"]?.stringValue?.hasPrefix("FINAL S: Paragraph 1 sentence") == true)
      #expect((record["ai"]?["pieces"]?.intValue ?? 0) > 1)
    }
  }
}
