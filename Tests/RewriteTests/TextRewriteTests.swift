import LLMFake
import Rewrite
import Synchronization
import Testing

/// `ail-ai`'s text mode against the fake: what is written, in which form, and what the user is told.
@Suite struct TextRewriteTests {
  final class Collected: Sendable {
    private let state = Mutex((written: [String](), told: [String]()))
    func write(_ text: String) { state.withLock { $0.written.append(text) } }
    func tell(_ line: String) { state.withLock { $0.told.append(line) } }
    var written: [String] { state.withLock { $0.written } }
    var told: [String] { state.withLock { $0.told } }
  }

  func rewrite(
    _ rewriter: Rewriter, _ input: String, stream: Bool = true, diff: Bool = false, dryRun: Bool = false,
    usage: Bool = false, chunk: ChunkMode = .auto
  ) async throws -> (Completion?, Collected) {
    let collected = Collected()
    let template = ChatRequest(system: "Polish.", input: "", model: "m", stream: stream)
    let answer = try await TextRewrite(
      rewriter: rewriter, template: template, chunking: Chunking(mode: chunk, condenses: false, rewriter: rewriter),
      concurrency: 2, structured: nil, keepThink: false, diff: diff, dryRun: dryRun, usage: usage,
      write: { collected.write($0) }, tell: { collected.tell($0) }
    ).run(input: input)
    return (answer, collected)
  }

  @Test func aStreamedAnswerIsWrittenAsItArrivesWithoutItsThinkingAndEndsWithALineBreak() async throws {
    let model = FakeModel("m", answer: .text("<think>weighing words</think>Polished text."))
    try await withFakeRewriter(.ollama, models: [model], timing: FakeTiming(chunkCharacters: 4)) { _, rewriter in
      let (answer, out) = try await rewrite(rewriter, "rough text", usage: true)
      #expect(out.written.count > 2, "written piece by piece: \(out.written)")
      #expect(out.written.joined() == "Polished text.\n")
      #expect(answer?.text == "Polished text.")
      #expect(out.told.count == 1 && out.told[0].hasPrefix("usage: "), "\(out.told)")
    }
  }

  @Test func aDiffIsWrittenWholeAgainstTheInput() async throws {
    try await withFakeRewriter(.openAI, models: [FakeModel("m", answer: .text("one\nTWO\n"))]) { _, rewriter in
      let (_, out) = try await rewrite(rewriter, "one\ntwo\n", diff: true)
      #expect(out.written.count == 1)
      #expect(out.written[0].contains("-two\n+TWO\n"), "\(out.written)")
    }
  }

  @Test func aDryRunWritesThePlanAndAsksNothing() async throws {
    try await withFakeRewriter(.openAI, models: [FakeModel("m", answer: .echo)]) { fake, rewriter in
      let (answer, out) = try await rewrite(rewriter, "some text", dryRun: true)
      #expect(answer == nil)
      #expect(out.written.joined().contains("some text"))
      #expect(fake.requests.isEmpty)
    }
  }

  @Test func aLongInputGoesInPiecesAndTheUserIsToldHowMany() async throws {
    let input = (1...40).map { "Paragraph \($0) has a few words in it." }.joined(separator: "\n\n")
    try await withFakeRewriter(.openAI, models: [FakeModel("m", answer: .computed { $0.user })]) { _, rewriter in
      let (answer, out) = try await rewrite(rewriter, input, chunk: .tokens(60))
      #expect(out.written.joined() == input + "\n")
      #expect(answer?.text == input)
      #expect(out.told.contains { $0.hasPrefix("the input went in ") }, "\(out.told)")
    }
  }
}
