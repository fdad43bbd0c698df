import Foundation
import LLMFake
import Rewrite
import Synchronization
import Testing
import Wire

/// Long input through the fake of each kind: one that refuses a request longer than its window
/// (llama.cpp's 400) and one that cuts it silently (Ollama). Every answer must hold all of the
/// input, in order.
@Suite struct ChunkedRewriteTests {
  /// 60 paragraphs of numbered sentences, about 4,700 tokens by our estimate.
  static let article = (1...60).map { paragraph in
    (1...4).map { "Paragraph \(paragraph) sentence \($0) carries its own words." }.joined(separator: " ")
  }.joined(separator: "\n\n")

  /// A model that answers with what it read: rewriting changes nothing, so the joined answer
  /// must be the input.
  static let mirror = FakeAnswer.computed { $0.user }

  func withFake(_ flavor: FakeLLMFlavor, models: [FakeModel], _ body: (FakeLLM, Rewriter) async throws -> Void)
    async throws
  {
    try await withFakeRewriter(flavor, models: models, timing: FakeTiming(chunkCharacters: 40), body)
  }

  func run(_ rewriter: Rewriter, condenses: Bool = false, stream: Bool = true, mode: ChunkMode = .auto)
    async throws -> (ChunkedRewrite.Outcome, streamed: String)
  {
    let request = ChatRequest(system: "Rewrite.", input: Self.article, model: "m", stream: stream)
    let chunking = Chunking(mode: mode, condenses: condenses, rewriter: rewriter)
    let (plan, _) = try await chunking.plan(request)
    let streamed = Streamed()
    var onText: (@Sendable (String) throws -> Void)?
    if stream { onText = { text in streamed.add(text) } }
    let outcome = try await ChunkedRewrite(
      rewriter: rewriter, template: request, condenses: condenses, concurrency: 3, keepThink: false
    ).run(plan, onText: onText)
    return (outcome, streamed.text)
  }

  final class Streamed: Sendable {
    private let state = Mutex("")
    func add(_ text: String) { state.withLock { $0 += text } }
    var text: String { state.withLock { $0 } }
  }

  @Test func aServerThatRefusesLongRequestsGetsHalvedPiecesAndTheWholeTextComesBackInOrder() async throws {
    try await withFake(.llamaCpp, models: [FakeModel("m", answer: Self.mirror, contextLength: 1500)]) {
      fake, rewriter in
      let (outcome, streamed) = try await run(rewriter)
      #expect(outcome.text == Self.article)
      #expect(streamed == Self.article)
      let statuses = fake.requests.filter { $0.path == "/v1/chat/completions" }.map(\.status)
      #expect(statuses.contains(400), "the assumed window of 8,192 tokens should have been too large")
      #expect(statuses.filter { $0 == 200 }.count == outcome.requests)
      #expect(outcome.pieces > 1)
    }
  }

  @Test func ollamaIsAskedForTheWindowAndNothingIsCut() async throws {
    try await withFake(.ollama, models: [FakeModel("m", answer: Self.mirror, contextLength: 1000)]) {
      fake, rewriter in
      let (outcome, streamed) = try await run(rewriter)
      #expect(outcome.text == Self.article)
      #expect(streamed == Self.article)
      #expect(fake.requests(path: "/api/show").count == 1)
      for request in fake.requests(path: "/api/chat") {
        #expect((request.json?["options"]?["num_ctx"]?.intValue ?? 0) <= 1000 * 2)
      }
      // Without pieces the same input loses its start.
      let whole = ChatRequest(system: "Rewrite.", input: Self.article, model: "m", stream: false)
      let cut = try await rewriter.rewrite(whole)
      #expect(!cut.text.hasPrefix("Paragraph 1 sentence 1"))
    }
  }

  @Test func aCondensingPromptCombinesThePartialAnswers() async throws {
    // A "summary" is the first three words of what it read; the combining request reads the
    // partial summaries and marks its answer.
    let summary = FakeAnswer.computed { prompt in
      let words = prompt.user.split(separator: " ").prefix(3).joined(separator: " ")
      return prompt.user.hasPrefix("S:")
        ? "FINAL " + prompt.user.replacingOccurrences(of: "\n\n", with: " | ") : "S: " + words
    }
    try await withFake(.openAI, models: [FakeModel("m", answer: summary, contextLength: 1200)]) { fake, rewriter in
      let (outcome, streamed) = try await run(rewriter, condenses: true, mode: .tokens(600))
      let pieces = TextSplitter.split(Self.article, maxTokens: 600)
      let partials = pieces.map { "S: " + $0.text.split(separator: " ").prefix(3).joined(separator: " ") }
      #expect(outcome.text == "FINAL " + partials.joined(separator: " | "))
      #expect(streamed == outcome.text, "only the combined answer streams")
      #expect(outcome.rounds == 1)
      #expect(outcome.requests == pieces.count + 1)
      #expect(fake.requests.count == pieces.count + 1)
    }
  }
}
