import FakeServer

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A language-model server on loopback that speaks the OpenAI chat-completions protocol (as
/// OpenAI, LiteLLM, llama.cpp, Mistral or Ollama write it) and Ollama's native API, with
/// scripted answers, timing and fault injection, for tests and benchmarks.
///
/// ```swift
/// let fake = try await FakeLLM.start(.init(flavor: .ollama, models: [FakeModel("llama3.2", answer: .echo)]))
/// defer { Task { try await fake.stop() } }
/// fake.inject([.status(429, retryAfter: "1")], route: .ollamaChat)
/// // … point the client at fake.baseURL …
/// let sent = try await fake.waitForRequests(2)
/// ```
public final class FakeLLM: Sendable {
  public enum StartError: Error, Sendable {
    case noPort
  }

  /// No request count was reached in time.
  public struct WaitTimeout: Error, Sendable, CustomStringConvertible {
    public var wanted: Int
    public var arrived: Int
    public var description: String { "waited for \(wanted) requests, \(arrived) arrived" }
  }

  /// The port bound on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:{port}`, without a trailing slash or `/v1`.
  public let baseURL: String
  public let flavor: FakeLLMFlavor
  private let core: ServerCore
  private let server: LoopbackServer

  private init(flavor: FakeLLMFlavor, core: ServerCore, server: LoopbackServer) {
    self.port = server.port
    self.baseURL = "http://127.0.0.1:\(server.port)"
    self.flavor = flavor
    self.core = core
    self.server = server
  }

  /// Binds 127.0.0.1 (only loopback, ever) on the configured port, ephemeral by default.
  public static func start(_ configuration: Configuration = Configuration()) async throws -> FakeLLM {
    let core = ServerCore(settings: configuration)
    let server: LoopbackServer
    do {
      server = try await LoopbackServer.start(
        port: configuration.port, maxBodyBytes: ServerCore.maxBodyBytes, service: core)
    } catch LoopbackServer.StartError.noPort {
      throw StartError.noPort
    }
    return FakeLLM(flavor: configuration.flavor, core: core, server: server)
  }

  /// Stops listening and closes every open connection. Calling it again does nothing.
  public func stop() async throws { try await server.stop() }

  // MARK: Faults

  /// Queues faults, consumed one per matching request in the order given. `route` limits them
  /// to one route and `model` to requests naming that model (`llama3.2` matches
  /// `llama3.2:latest`); nil matches any.
  public func inject(_ faults: [FakeLLMFault], route: FakeLLMRoute? = nil, model: String? = nil) {
    core.inject(faults, route: route, model: model)
  }

  /// Faults not yet consumed that could hit `route` (all of them for nil).
  public func pendingFaults(route: FakeLLMRoute? = nil) -> Int { core.pendingFaultCount(route: route) }

  public func clearFaults() { core.clearFaults() }

  // MARK: Settings

  /// The settings in effect (the configuration as changed since).
  public var configuration: Configuration { core.settings }

  /// Replaces the answer of a model; a name not served yet adds the model.
  public func setAnswer(_ answer: FakeAnswer, for model: String) {
    core.changeSettings { settings in
      if let index = settings.models.firstIndex(where: { $0.name == model }) {
        settings.models[index].answer = answer
      } else {
        settings.models.append(FakeModel(model, answer: answer))
      }
    }
  }

  public func setModels(_ models: [FakeModel]) { core.changeSettings { $0.models = models } }

  /// nil lets every request in.
  public func setAPIKey(_ key: String?) { core.changeSettings { $0.apiKey = key } }

  /// `false` makes the route answer 404 as a server without it does.
  public func setRoute(_ route: FakeLLMRoute, available: Bool) {
    core.changeSettings { settings in
      if available { settings.disabledRoutes.remove(route) } else { settings.disabledRoutes.insert(route) }
    }
  }

  public func setDefaultContextLength(_ tokens: Int) {
    core.changeSettings { $0.defaultContextLength = max(1, tokens) }
  }

  /// The transcripts answered from now on, starting again with the first.
  public func setTranscripts(_ transcripts: [FakeTranscript]) {
    core.changeSettings { $0.transcripts = transcripts }
    core.resetTranscripts()
  }

  // MARK: Request log

  /// Every request since the last clear, in arrival order.
  public var requests: [FakeLLMRequest] { core.requests }

  /// The requests for one path (without query), in arrival order.
  public func requests(path: String) -> [FakeLLMRequest] { core.requests.filter { $0.path == path } }

  /// The requests that reached one route.
  public func requests(route: FakeLLMRoute) -> [FakeLLMRequest] { core.requests.filter { $0.route == route } }

  /// How many requests arrived since the last clear.
  public var count: Int { core.requestCount }

  public func clearRequests() { core.clearRequests() }

  /// Waits until `count` requests have arrived (and, with `finished`, been answered to their
  /// end), then returns the log. Polls every few milliseconds: simple, and immune to lost
  /// wake-ups.
  @discardableResult
  public func waitForRequests(_ count: Int, finished: Bool = false, timeout: Duration = .seconds(10)) async throws
    -> [FakeLLMRequest]
  {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let log = core.requests
      let arrived = finished ? log.filter { $0.finishedAt != nil }.count : log.count
      if arrived >= count { return log }
      guard clock.now < deadline else { throw WaitTimeout(wanted: count, arrived: arrived) }
      try await Task.sleep(for: .milliseconds(2))
    }
  }

  // MARK: Helpers

  /// The clock of `receivedAt`, `firstByteAt`, `writeTimes` and `finishedAt`, in seconds.
  public static func monotonicNow() -> Double { MonotonicClock.now() }

  /// What the log keeps of a key: 16 hex digits of FNV-1a, enough to tell keys apart.
  public static func fingerprint(_ key: String) -> String { Identifiers.fnv1a(key) }

  /// An IMF-fixdate for a `Retry-After` header: `Sun, 01 Mar 2026 12:00:00 GMT`.
  public static func httpDate(_ date: Date) -> String { HTTPDate.imf(date) }
}
