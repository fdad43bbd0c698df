import Foundation
import LLMFake
import Resilience
import Rewrite
import Synchronization
import TestSupport
import Testing
import Wire

/// The rewriter against the fake server: each protocol's framing, retries, fallback, breaker,
/// cache.
@Suite struct RewriterTests {
  /// A fake with `models`, and a rewriter for the given chain built from its URL.
  func withServer(
    _ flavor: FakeLLMFlavor, models: [FakeModel] = [FakeModel("m", answer: .text("Hello, polite world."))],
    disabled: Set<FakeLLMRoute> = [], timing: FakeTiming = FakeTiming(),
    _ body: (FakeLLM) async throws -> Void
  ) async throws {
    let fake = try await FakeLLM.start(.init(flavor: flavor, models: models, timing: timing, disabledRoutes: disabled))
    do {
      try await body(fake)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  func provider(_ fake: FakeLLM, _ type: ProviderType, name: String = "p", timeout: Double? = nil) -> ResolvedProvider {
    ResolvedProvider(Provider(name: name, type: type, baseURL: fake.baseURL, timeout: timeout), apiKey: nil)
  }

  func rewriter(
    _ chain: [(ResolvedProvider, String)], retries: Int = 2, cache: ResponseCache? = nil, warnings: Warnings? = nil
  ) -> Rewriter {
    Rewriter(
      chain: chain.map { (provider: $0.0, model: $0.1) },
      options: .init(policy: Rewriter.policy(retries: retries, baseDelay: 0.05), cache: cache),
      onWarning: { message in warnings?.add(message) })
  }

  final class Warnings: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ text: String) { list.withLock { $0.append(text) } }
    var all: [String] { list.withLock { $0 } }
  }

  final class Pieces: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ text: String) { list.withLock { $0.append(text) } }
    var all: [String] { list.withLock { $0 } }
  }

  func ask(_ rewriter: Rewriter, stream: Bool = true, input: String = "hey send me the file", pieces: Pieces? = nil)
    async throws -> Completion
  {
    defer { Task { await rewriter.shutdown() } }
    let request = ChatRequest(system: "Rewrite politely.", input: input, model: "ignored", stream: stream)
    return try await rewriter.rewrite(request, onText: pieces.map { sink in { sink.add($0) } })
  }

  @Test(arguments: [FakeLLMFlavor.openAI, .liteLLM, .llamaCpp, .mistral])
  func openAICompatibleStreamsInOrderAndCompletely(flavor: FakeLLMFlavor) async throws {
    try await withServer(flavor) { fake in
      let pieces = Pieces()
      let type: ProviderType = flavor == .mistral ? .mistral : .openai
      let completion = try await ask(rewriter([(provider(fake, type), "m")]), pieces: pieces)
      #expect(completion.text == "Hello, polite world.")
      #expect(pieces.all.count > 3)
      #expect(pieces.all.joined() == completion.text)
      // Usage where the server sends it: OpenAI when asked, LiteLLM and Mistral always, llama.cpp never.
      #expect((completion.usage != nil) == (flavor != .llamaCpp))
      let request = try #require(fake.requests.last)
      #expect(request.json?["stream_options"] == (flavor == .mistral ? nil : ["include_usage": true]))
      #expect(request.systemPrompt == "Rewrite politely.")
      #expect(request.status == 200)
    }
  }

  @Test func wholeAnswersToo() async throws {
    try await withServer(.openAI) { fake in
      let completion = try await ask(rewriter([(provider(fake, .openai), "m")]), stream: false)
      #expect(completion.text == "Hello, polite world.")
      #expect(completion.usage?.completionTokens != nil)
      #expect(fake.requests.last?.stream == false)
    }
  }

  @Test func ollamaChatStreamsAndGenerateStandsInWhenChatIsMissing() async throws {
    try await withServer(.ollama, models: [FakeModel("llama3.2", answer: .text("Guten Tag, werte Kollegin."))]) {
      fake in
      let pieces = Pieces()
      let completion = try await ask(rewriter([(provider(fake, .ollama), "llama3.2")]), pieces: pieces)
      #expect(completion.text == "Guten Tag, werte Kollegin.")
      #expect(pieces.all.joined() == completion.text)
      #expect(completion.usage?.promptTokens != nil)
      #expect(fake.requests.map(\.path) == ["/api/chat"])
    }
    try await withServer(
      .ollama, models: [FakeModel("llama3.2", answer: .text("Per generate."))], disabled: [.ollamaChat]
    ) { fake in
      let completion = try await ask(rewriter([(provider(fake, .ollama), "llama3.2")]))
      #expect(completion.text == "Per generate.")
      #expect(fake.requests.map(\.path) == ["/api/chat", "/api/generate"])
      #expect(fake.requests.last?.json?["system"] == "Rewrite politely.")
    }
  }

  @Test func ollamaCuttingTheInputIsReported() async throws {
    try await withServer(.ollama, models: [FakeModel("small", answer: .text("ok"), contextLength: 512)]) { fake in
      let warnings = Warnings()
      let configured = ResolvedProvider(
        Provider(name: "p", type: .ollama, baseURL: fake.baseURL, contextLength: 512), apiKey: nil)
      _ = try await ask(
        rewriter([(configured, "small")], warnings: warnings), input: String(repeating: "lorem ipsum ", count: 800))
      #expect(fake.requests.last?.json?["options"]?["num_ctx"] == 512)
      #expect(warnings.all.contains { $0.contains("the input was probably cut") })
    }
  }

  @Test func retriesWhatMayPassAndHonoursRetryAfter() async throws {
    try await withServer(.openAI) { fake in
      fake.inject([.status(503), .status(429, retryAfter: "1")])
      let warnings = Warnings()
      let completion = try await ask(rewriter([(provider(fake, .openai), "m")], warnings: warnings))
      #expect(completion.text == "Hello, polite world.")
      let times = fake.requests.map(\.receivedAt)
      #expect(fake.requests.map(\.status) == [503, 429, 200])
      #expect(times[2] - times[1] >= 0.95, "Retry-After: 1 was not honoured")
      #expect(warnings.all.count == 2)
    }
  }

  @Test func retryAfterMillisecondsWins() async throws {
    try await withServer(.openAI) { fake in
      fake.inject([.status(429, retryAfter: "30", retryAfterMilliseconds: 300)])
      _ = try await ask(rewriter([(provider(fake, .openai), "m")]))
      let times = fake.requests.map(\.receivedAt)
      // 0.3 s, not 30 s: the upper bound leaves room for a loaded machine.
      #expect(times[1] - times[0] >= 0.28 && times[1] - times[0] < 20)
    }
  }

  @Test func neitherClientErrorsNorExhaustedQuotaAreRetried() async throws {
    try await withServer(.openAI) { fake in
      fake.inject([.status(429, body: .insufficientQuota)])
      let error = await #expect(throws: ChatError.self) { try await ask(rewriter([(provider(fake, .openai), "m")])) }
      #expect(fake.count == 1)
      #expect(error?.description.contains("quota") == true)
      fake.clearRequests()
      fake.inject([.status(401)])
      await #expect(throws: ChatError.self) { try await ask(rewriter([(provider(fake, .openai), "m")])) }
      #expect(fake.count == 1)
    }
  }

  @Test func brokenStreamsAreRetriedUnlessTextWentOut() async throws {
    try await withServer(.openAI) { fake in
      // Nothing shown yet (record mode): each broken stream is tried again. (Three failures in
      // a row would open the circuit, so two at a time.)
      fake.inject([.resetMidStream(afterChunks: 2), .midStreamError(afterChunks: 2)])
      let completion = try await ask(rewriter([(provider(fake, .openai), "m")], retries: 3))
      #expect(completion.text == "Hello, polite world.")
      #expect(fake.count == 3)
      fake.clearRequests()
      fake.inject([.cutStream(afterChunks: 2)])
      #expect(try await ask(rewriter([(provider(fake, .openai), "m")])).text == "Hello, polite world.")
      #expect(fake.count == 2)
      // Text already on its way to the reader: no retry, and no second provider either.
      fake.clearRequests()
      fake.inject([.midStreamError(afterChunks: 3)])
      let pieces = Pieces()
      let error = await #expect(throws: ChatError.self) {
        try await ask(
          rewriter([(provider(fake, .openai), "m"), (provider(fake, .openai, name: "second"), "m")]), pieces: pieces)
      }
      guard case .midStream = error else {
        Issue.record("expected a mid-stream error, got \(String(describing: error))")
        return
      }
      #expect(fake.count == 1)
      #expect(!pieces.all.isEmpty)
    }
  }

  @Test func fallbackUsesEachProvidersOwnModel() async throws {
    try await withServer(
      .openAI,
      models: [FakeModel("slow-model", answer: .text("late"), timing: FakeTiming(firstByteDelayMilliseconds: 15000))]
    ) { slow in
      try await withServer(.ollama, models: [FakeModel("llama3.2", answer: .text("From the fallback."))]) { local in
        let warnings = Warnings()
        let chain = [
          (provider(slow, .openai, name: "cloud", timeout: 0.5), "slow-model"),
          (provider(local, .ollama, name: "local"), "llama3.2"),
        ]
        let completion = try await ask(rewriter(chain, retries: 0, warnings: warnings))
        #expect(completion.text == "From the fallback.")
        #expect(completion.provider == "local")
        #expect(completion.model == "llama3.2")
        #expect(local.requests.last?.model == "llama3.2")
        #expect(slow.requests.first?.model == "slow-model")
        #expect(warnings.all.contains { $0.contains("cloud") && $0.contains("trying the next provider") })
      }
    }
  }

  @Test func anEmptyAnswerIsAnErrorAndMovesDownTheChain() async throws {
    try await withServer(
      .openAI, models: [FakeModel("m", answer: .empty), FakeModel("n", answer: .text("Something."))]
    ) { fake in
      let error = await #expect(throws: ChatError.self) { try await ask(rewriter([(provider(fake, .openai), "m")])) }
      #expect(error == .empty(provider: "p", model: "m"))
      let completion = try await ask(
        rewriter([(provider(fake, .openai), "m"), (provider(fake, .openai, name: "q"), "n")]))
      #expect(completion.text == "Something.")
    }
  }

  @Test func aMissingModelListsTheAvailableOnes() async throws {
    for flavor in [FakeLLMFlavor.openAI, .ollama] {
      try await withServer(flavor, models: [FakeModel("alpha"), FakeModel("beta")]) { fake in
        let error = await #expect(throws: ChatError.self) {
          try await ask(rewriter([(provider(fake, flavor == .ollama ? .ollama : .openai), "gamma")]))
        }
        #expect(
          error?.description.hasPrefix("model gamma not found on provider p (available: alpha") == true,
          "\(String(describing: error))")
        #expect(fake.requests.filter { $0.route == .chatCompletions || $0.route == .ollamaChat }.count == 1)
      }
    }
  }

  @Test func aStreamMayRunLongerThanTheTimeoutWhileWordsKeepComing() async throws {
    // 20 characters, one every 150 ms: 3 s in all, never 1 s without a byte.
    try await withServer(.openAI, timing: FakeTiming(chunkCharacters: 1, chunkDelayMilliseconds: 150)) { fake in
      let completion = try await ask(rewriter([(provider(fake, .openai, timeout: 1), "m")]))
      #expect(completion.text == "Hello, polite world.")
      #expect(fake.count == 1)
    }
  }

  @Test func aStalledAnswerIsATransportFailureRetriedWithinTheTimeout() async throws {
    try await withServer(.openAI) { fake in
      fake.inject([.stallAfter(bytes: 10)])
      let started = ContinuousClock.now
      let completion = try await ask(rewriter([(provider(fake, .openai, timeout: 1), "m")]), stream: false)
      #expect(completion.text == "Hello, polite world.")
      // The stall costs one retry; a loaded machine letting the 1 s limit pass on the healthy
      // answer may cost another, never an unbounded wait.
      #expect(fake.count >= 2)
      #expect(ContinuousClock.now - started < .seconds(15))
    }
  }

  @Test func theBreakerCountsTransportFailuresButNotConfigurationErrors() async throws {
    // A closed port: each request makes every retry asked for and counts once; three requests in
    // a row that got no answer open the circuit, so the next request fails at once.
    let closed = ResolvedProvider(
      Provider(name: "down", type: .openai, baseURL: "http://127.0.0.1:9", connectTimeout: 1), apiKey: nil)
    let warnings = Warnings()
    let down = rewriter([(closed, "m")], retries: 5, warnings: warnings)
    let request = ChatRequest(system: "", input: "x", model: "m", stream: false)
    let first = await #expect(throws: ChatError.self) { try await down.rewrite(request) }
    #expect(first?.description.contains("refused") == true, "\(String(describing: first))")
    #expect(warnings.all.filter { $0.contains("retrying") }.count == 5, "\(warnings.all)")
    for _ in 1...2 {
      let next = await #expect(throws: ChatError.self) { try await down.rewrite(request) }
      #expect(next?.description.contains("refused") == true, "still tried: \(String(describing: next))")
    }
    let fourth = await #expect(throws: ChatError.self) { try await down.rewrite(request) }
    #expect(
      fourth?.description.contains("gave up after repeated connection failures") == true,
      "\(String(describing: fourth))")
    await down.shutdown()
    // 404s (a missing model) never open it: every request still reaches the server.
    try await withServer(.openAI) { fake in
      let shared = rewriter([(provider(fake, .openai), "nope")], retries: 0)
      for _ in 0..<5 {
        await #expect(throws: ChatError.self) {
          try await shared.rewrite(ChatRequest(system: "", input: "x", model: "nope", stream: false))
        }
      }
      await shared.shutdown()
      #expect(fake.requests.filter { $0.route == .chatCompletions }.count == 5)
    }
  }

  @Test func theCacheAnswersIdenticalRequestsWithoutAsking() async throws {
    let cache = ResponseCache(directory: TemporaryFolder.path("ail-cache"))
    defer { TemporaryFolder.remove(cache.directory) }
    try await withServer(.openAI) { fake in
      let first = try await ask(rewriter([(provider(fake, .openai), "m")], cache: cache))
      #expect(!first.cached)
      let pieces = Pieces()
      let second = try await ask(rewriter([(provider(fake, .openai), "m")], cache: cache), pieces: pieces)
      #expect(second.cached)
      #expect(second.text == first.text)
      #expect(pieces.all.joined() == first.text)
      #expect(fake.count == 1)
      // Another input, another key.
      _ = try await ask(rewriter([(provider(fake, .openai), "m")], cache: cache), input: "something else")
      #expect(fake.count == 2)
    }
  }
}
