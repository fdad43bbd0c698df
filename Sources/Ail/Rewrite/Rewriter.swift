import AsyncHTTPClient
import Foundation
import Localization
import NIOCore
public import Resilience

/// Asks for one rewrite: answered from the cache when it can be, else from the first provider of
/// the chain that answers — each with the shared retry policy, all behind one circuit breaker
/// that counts only transport failures, 5xx and 429 (never configuration errors such as 404).
public final class Rewriter: Sendable {
  public struct Options: Sendable {
    public var policy: RetryPolicy
    /// Where answers are looked up before asking and stored after; nil asks every time.
    public var cache: ResponseCache?

    public init(policy: RetryPolicy, cache: ResponseCache?) {
      self.policy = policy
      self.cache = cache
    }
  }

  /// The providers to try in order, each with the model to ask it for.
  public let chain: [(provider: ResolvedProvider, model: String)]
  private let options: Options
  private let breaker: CircuitBreaker
  private let clients: [String: HTTPClient]
  private let onWarning: @Sendable (String) -> Void

  /// Retries: transport failures, 408, 409, 425, 429 (not insufficient_quota) and every 5xx.
  public static func policy(retries: Int, baseDelay: Double) -> RetryPolicy {
    RetryPolicy(
      maxRetries: retries, baseDelay: baseDelay, maxDelay: 8, retryAfterCap: 120,
      retryableStatuses: Set([408, 409, 425, 429] + Array(500...599)))
  }

  public init(
    chain: [(provider: ResolvedProvider, model: String)], options: Options,
    onWarning: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.chain = chain
    self.options = options
    self.onWarning = onWarning
    breaker = CircuitBreaker(
      counts: { failure in
        switch failure {
        case .transport: true
        case .status(let status, _, _): status == 429 || status >= 500
        }
      })
    var clients: [String: HTTPClient] = [:]
    for (provider, _) in chain where clients[provider.name] == nil {
      clients[provider.name] = RetryingHTTP.client(connectTimeout: provider.provider.connectTimeout ?? 10)
    }
    self.clients = clients
  }

  public func shutdown() async {
    for client in clients.values { try? await client.shutdown() }
  }

  /// Runs `body`, then shuts the rewriter's clients down, whether `body` returned or threw.
  public func closing<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T
  {
    do {
      let result = try await body()
      await shutdown()
      return result
    } catch {
      await shutdown()
      throw error
    }
  }

  /// The answer to `request` (its `model` is replaced by each chain entry's). Text pieces go to
  /// `onText` as they arrive; once a piece has gone out, a failure can no longer be retried or
  /// handed to the next provider (the reader has half an answer), so it is thrown.
  public func rewrite(_ request: ChatRequest, onText: ((String) throws -> Void)? = nil) async throws -> Completion {
    guard let first = chain.first else { throw ChatError.configuration("no provider configured") }
    var firstRequest = request
    firstRequest.model = first.model
    let cacheKey = options.cache.map { _ in ResponseCache.key(provider: first.provider.provider, request: firstRequest)
    }
    if let cache = options.cache, let key = cacheKey, let hit = cache.lookup(key) {
      try onText?(hit.text)
      return hit
    }
    var failures: [ChatError] = []
    for (provider, model) in chain {
      var attempt = request
      attempt.model = model
      do {
        let completion = try await ask(provider, attempt, onText: onText)
        if let cache = options.cache, let key = cacheKey {
          do { try cache.store(completion, key: key) } catch {
            onWarning(tr("cannot write the response cache: \(error.localizedDescription)"))
          }
        }
        return completion
      } catch let error as ChatError {
        failures.append(error)
        if case .midStream = error, onText != nil { throw error }
        guard error.movesDownTheChain else { break }
        if chain.count > 1, (provider.name, model) != (chain.last!.provider.name, chain.last!.model) {
          onWarning(tr("\(error); trying the next provider"))
        }
      }
    }
    throw failures.count == 1 ? failures[0] : ChatError.allFailed(failures)
  }

  /// The window of the chain's first model, asked of its provider.
  public func contextWindow() async -> ContextWindow {
    guard let (provider, model) = chain.first else { return ContextWindow.choose(reported: nil, configured: nil) }
    return await ContextWindow.lookUp(provider, model: model, http: clients[provider.name]!)
  }

  private func ask(_ provider: ResolvedProvider, _ request: ChatRequest, onText: ((String) throws -> Void)?)
    async throws -> Completion
  {
    let http = clients[provider.name]!
    var emitted = false
    do {
      return try await withRetries(
        policy: options.policy, breaker: breaker, host: provider.host,
        onRetry: { retry, delay, error in
          let wait = Formatted.tenths(Int((delay * 10).rounded()))
          onWarning(tr("\(provider.name): \(error.message); retrying in \(wait) s (retry \(retry))"))
        }
      ) { _ in
        let attempt = ChatAttempt(
          http: http, provider: provider, request: request,
          onText: { piece in
            guard let onText else { return }
            emitted = true
            try onText(piece)
          }, onWarning: onWarning)
        do {
          return try await attempt.run()
        } catch let error as AttemptError where emitted {
          throw ChatError.midStream(provider: provider.name, message: error.message)
        }
      }
    } catch let error as AttemptError {
      switch error.failure {
      case .transport: throw ChatError.unreachable(provider: provider.name, message: error.message)
      case .status(let status, _, _):
        // The attempt's message starts with the status for the retry warnings; said once here.
        throw ChatError.http(provider: provider.name, status: status, message: error.serverMessage ?? error.message)
      }
    } catch let error as CircuitOpenError {
      throw ChatError.unreachable(provider: provider.name, message: error.description)
    } catch ChatError.http(let name, 404, let message) {
      // Most often the model is not there: say which ones are.
      let available = (try? await ModelList.fetch(provider, http: http)) ?? []
      if !available.isEmpty, !ModelList.contains(available, request.model) || message.lowercased().contains("model") {
        throw ChatError.modelNotFound(model: request.model, provider: name, available: available)
      }
      throw ChatError.http(provider: name, status: 404, message: message)
    }
  }
}
