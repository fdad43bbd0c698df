import NIOCore
import Synchronization

/// A fault waiting for its request, possibly only on one route or for one model.
struct PendingFault: Sendable {
  var fault: FakeLLMFault
  var route: FakeLLMRoute?
  var model: String?

  func matches(route requestRoute: FakeLLMRoute?, model requestModel: String?) -> Bool {
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
struct Admission: Sendable {
  var sequence: Int
  var fault: FakeLLMFault?
  var settings: FakeLLM.Configuration
}

/// The state every connection shares, behind one lock that is held only for short copies.
final class ServerCore: Sendable {
  private let state: Mutex<State>

  private struct State: Sendable {
    var settings: FakeLLM.Configuration
    var faults: [PendingFault] = []
    var requests: [FakeLLMRequest] = []
    /// The sequence number of `requests[0]`; the log is append-only between clears.
    var firstSequence = 1
    var nextSequence = 1
    var connections: [ObjectIdentifier: any Channel] = [:]
    /// Transcripts answered so far: the next answer is `transcripts[this % count]`.
    var transcriptsAnswered = 0
  }

  init(settings: FakeLLM.Configuration) {
    state = Mutex(State(settings: settings))
  }

  /// Logs the request and hands out the first pending fault it matches.
  func admit(_ request: IncomingRequest, receivedAt: Double) -> Admission {
    state.withLock { state in
      let sequence = state.nextSequence
      state.nextSequence += 1
      var fault: FakeLLMFault?
      let model = request.model
      if let index = state.faults.firstIndex(where: { $0.matches(route: request.route, model: model) }) {
        fault = state.faults.remove(at: index).fault
      }
      state.requests.append(
        FakeLLMRequest(
          sequence: sequence, method: request.method, path: request.path, headers: request.redactedHeaders,
          credential: request.credential.map { .present(fingerprint: FakeLLM.fingerprint($0)) } ?? .absent,
          body: request.body, json: request.json,
          form: request.form ?? [], route: request.route, model: model,
          stream: RequestFields.stream(in: request.json, route: request.route), receivedAt: receivedAt,
          fault: fault))
      if let limit = state.settings.requestLogLimit, state.requests.count > limit {
        let excess = state.requests.count - limit
        state.requests.removeFirst(excess)
        state.firstSequence += excess
      }
      return Admission(sequence: sequence, fault: fault, settings: state.settings)
    }
  }

  /// Changes the log entry of `sequence`, if it is still there.
  func update(_ sequence: Int, _ change: (inout FakeLLMRequest) -> Void) {
    state.withLock { state in
      let index = sequence - state.firstSequence
      guard state.requests.indices.contains(index) else { return }
      change(&state.requests[index])
    }
  }

  /// Marks the request's answer as ended and tells the observer, outside the lock.
  func finish(_ sequence: Int, at time: Double) {
    let (entry, observer) = state.withLock { state -> (FakeLLMRequest?, (@Sendable (FakeLLMRequest) -> Void)?) in
      let index = sequence - state.firstSequence
      guard state.requests.indices.contains(index), state.requests[index].finishedAt == nil else {
        return (nil, nil)
      }
      state.requests[index].finishedAt = time
      return (state.requests[index], state.settings.observer)
    }
    if let entry, let observer { observer(entry) }
  }

  func inject(_ faults: [FakeLLMFault], route: FakeLLMRoute?, model: String?) {
    state.withLock { $0.faults += faults.map { PendingFault(fault: $0, route: route, model: model) } }
  }

  func pendingFaultCount(route: FakeLLMRoute?) -> Int {
    state.withLock { state in
      guard let route else { return state.faults.count }
      return state.faults.filter { $0.route == nil || $0.route == route }.count
    }
  }

  func clearFaults() { state.withLock { $0.faults = [] } }

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

  var requests: [FakeLLMRequest] { state.withLock { $0.requests } }

  var requestCount: Int { state.withLock { $0.requests.count } }

  func clearRequests() {
    state.withLock { state in
      state.requests.removeAll()
      state.firstSequence = state.nextSequence
    }
  }

  func opened(_ channel: any Channel) {
    state.withLock { $0.connections[ObjectIdentifier(channel)] = channel }
  }

  func closed(_ channel: any Channel) {
    _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
  }

  var openConnections: [any Channel] { state.withLock { Array($0.connections.values) } }
}
