import LLMFake
import Rewrite

/// A fake of `flavor` serving `models`, and a rewriter asking its model `m` in that flavor's
/// protocol; both stopped after `body`, however it ends.
func withFakeRewriter(
  _ flavor: FakeLLMFlavor, models: [FakeModel], timing: FakeTiming = FakeTiming(), retries: Int = 1,
  _ body: (FakeLLM, Rewriter) async throws -> Void
) async throws {
  let fake = try await FakeLLM.start(.init(flavor: flavor, models: models, timing: timing))
  let type: ProviderType = flavor == .ollama ? .ollama : flavor == .mistral ? .mistral : .openai
  let rewriter = Rewriter(
    chain: [
      (provider: ResolvedProvider(Provider(name: "p", type: type, baseURL: fake.baseURL), apiKey: nil), model: "m")
    ],
    options: .init(policy: Rewriter.policy(retries: retries, baseDelay: 0.05), cache: nil))
  do {
    try await body(fake, rewriter)
    await rewriter.shutdown()
    try await fake.stop()
  } catch {
    await rewriter.shutdown()
    try? await fake.stop()
    throw error
  }
}
