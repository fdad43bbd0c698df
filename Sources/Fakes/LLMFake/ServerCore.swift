import FakeServer
import Synchronization

/// Where a fault is aimed: any request, or only one route or one model.
struct FaultAim: Sendable {
  var route: FakeLLMRoute?
  var model: String?

  func hits(route requestRoute: FakeLLMRoute?, model requestModel: String?) -> Bool {
    guard let requestRoute else { return false }
    if let route, route != requestRoute { return false }
    if let model {
      guard let requestModel else { return false }
      return requestModel == model || FakeModel.tagged(requestModel) == FakeModel.tagged(model)
    }
    return true
  }
}

/// What admitting a request hands the connection: its place in the log, the fault it met and
/// the settings to answer from.
struct Admitted: Sendable {
  var sequence: Int
  var fault: FakeLLMFault?
  var settings: FakeLLM.Configuration
}

/// The state every connection shares, behind one lock that is held only for short copies.
final class ServerCore: Sendable {
  private let state: Mutex<State>

  private struct State: Sendable {
    var settings: FakeLLM.Configuration
    var faults = FaultQueue<FakeLLMFault, FaultAim>()
    var requests = RequestLog<FakeLLMRequest>()
    /// Transcripts answered so far: the next answer is `transcripts[this % count]`.
    var transcriptsAnswered = 0
  }

  init(settings: FakeLLM.Configuration) {
    state = Mutex(State(settings: settings))
  }

  /// Logs the request and hands out the first pending fault it matches.
  func admit(_ request: IncomingRequest, receivedAt: Double) -> Admitted {
    state.withLock { state in
      let model = request.model
      let fault = state.faults.take { $0.hits(route: request.route, model: model) }
      let sequence = state.requests.append(limit: state.settings.requestLogLimit) { sequence in
        FakeLLMRequest(
          sequence: sequence, method: request.method, path: request.path, headers: request.redactedHeaders,
          credential: request.credential.map { .present(fingerprint: FakeLLM.fingerprint($0)) } ?? .absent,
          body: request.body, json: request.json,
          form: request.form ?? [], route: request.route, model: model,
          stream: RequestFields.stream(in: request.json, route: request.route), receivedAt: receivedAt,
          fault: fault)
      }
      return Admitted(sequence: sequence, fault: fault, settings: state.settings)
    }
  }

  /// Changes the log entry of `sequence`, if it is still there.
  func update(_ sequence: Int, _ change: (inout FakeLLMRequest) -> Void) {
    state.withLock { $0.requests.update(sequence, change) }
  }

  /// Marks the request's answer as ended and tells the observer, outside the lock.
  func finish(_ sequence: Int, at time: Double) {
    let (entry, observer) = state.withLock { state -> (FakeLLMRequest?, (@Sendable (FakeLLMRequest) -> Void)?) in
      let entry = state.requests.update(sequence) { entry -> FakeLLMRequest? in
        guard entry.finishedAt == nil else { return nil }
        entry.finishedAt = time
        return entry
      }
      guard let entry = entry ?? nil else { return (nil, nil) }
      return (entry, state.settings.observer)
    }
    if let entry, let observer { observer(entry) }
  }

  func inject(_ faults: [FakeLLMFault], route: FakeLLMRoute?, model: String?) {
    state.withLock { $0.faults.add(faults, aimedAt: FaultAim(route: route, model: model)) }
  }

  func pendingFaultCount(route: FakeLLMRoute?) -> Int {
    state.withLock { state in
      guard let route else { return state.faults.count }
      return state.faults.count { $0.route == nil || $0.route == route }
    }
  }

  func clearFaults() { state.withLock { $0.faults.clear() } }

  /// The index of the transcript to answer next, counted on.
  func takeTranscriptIndex() -> Int {
    state.withLock { state in
      defer { state.transcriptsAnswered += 1 }
      return state.transcriptsAnswered
    }
  }

  func resetTranscripts() { state.withLock { $0.transcriptsAnswered = 0 } }

  func changeSettings(_ change: (inout FakeLLM.Configuration) -> Void) { state.withLock { change(&$0.settings) } }

  var settings: FakeLLM.Configuration { state.withLock { $0.settings } }

  var requests: [FakeLLMRequest] { state.withLock { $0.requests.entries } }

  var requestCount: Int { state.withLock { $0.requests.entries.count } }

  func clearRequests() { state.withLock { $0.requests.clear() } }
}
