import Rewrite
import Testing

@Suite struct ProviderChainTests {
  static let contents = ProviderStore.Contents(
    defaultProvider: "cloud",
    providers: [
      Provider(
        name: "cloud", type: .openai, baseURL: "https://api.example.org/v1", model: "big",
        fallback: [FallbackTarget(provider: "local", model: nil), FallbackTarget(provider: "cloud", model: "big")]),
      Provider(name: "local", type: .ollama, baseURL: "http://127.0.0.1:11434", model: "llama3.2"),
      Provider(name: "bare", type: .openai, baseURL: "http://127.0.0.1:8080/v1"),
    ])

  @Test func theChosenProviderFirstThenItsFallbacksEachPairOnce() throws {
    let first = try ProviderChain.provider(named: nil, in: Self.contents)
    let chain = try ProviderChain.entries(first: first, model: nil, contents: Self.contents)
    #expect(chain.map { "\($0.provider.name):\($0.model)" } == ["cloud:big", "local:llama3.2"])
    let named = try ProviderChain.entries(first: first, model: "small", contents: Self.contents)
    #expect(
      named.map(\.model) == ["small", "llama3.2", "big"], "a model given on the command line is the first's only")
  }

  @Test func whatIsMissingIsNamed() throws {
    #expect(throws: ProviderChain.Problem.unknown(name: "gone", configured: ["cloud", "local", "bare"])) {
      try ProviderChain.provider(named: "gone", in: Self.contents)
    }
    #expect(throws: ProviderChain.Problem.noProviderConfigured) {
      try ProviderChain.provider(named: nil, in: ProviderStore.Contents())
    }
    #expect(throws: ProviderChain.Problem.noDefault(configured: ["bare"])) {
      try ProviderChain.provider(named: nil, in: ProviderStore.Contents(providers: [Self.contents.providers[2]]))
    }
    let bare = Self.contents.providers[2]
    #expect(throws: ProviderChain.Problem.noModel(provider: "bare")) {
      try ProviderChain.entries(first: bare, model: nil, contents: Self.contents)
    }
    var lost = bare
    lost.fallback = [FallbackTarget(provider: "elsewhere", model: "m")]
    #expect(throws: ProviderChain.Problem.fallbackNotConfigured(from: "bare", to: "elsewhere")) {
      try ProviderChain.entries(first: lost, model: "m", contents: Self.contents)
    }
    lost.fallback = [FallbackTarget(provider: "bare", model: nil)]
    #expect(throws: ProviderChain.Problem.fallbackWithoutModel(target: lost.fallback[0], provider: "bare")) {
      try ProviderChain.entries(first: lost, model: "m", contents: Self.contents)
    }
  }

  @Test func aURLThatTellsItsTypeReadsNoKey() async throws {
    // Reading a key may run a command ('pass show openai'): not for a URL that says what it is.
    struct KeyRead: Error {}
    let openAI = Provider(name: "o", type: .openai, baseURL: "https://api.mistral.ai/v1")
    let found = try await ProviderChain.type(of: openAI, connectTimeout: 1, resolve: { throw KeyRead() })
    #expect(found == .mistral)
    let unknown = Provider(name: "u", type: .openai, baseURL: "http://127.0.0.1:9")
    await #expect(throws: KeyRead.self) {
      try await ProviderChain.type(of: unknown, connectTimeout: 1, resolve: { throw KeyRead() })
    }
  }
}
