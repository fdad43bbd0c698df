import FakeServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the LLM fake answers a request: it is logged and meets its fault, the plan is made at
/// once, and the log follows the answer on its way out.
extension ServerCore: FakeService {
  /// Larger bodies are answered 413; a long mail is far smaller.
  static let maxBodyBytes = 64 << 20

  func admit(_ received: ReceivedRequest) -> Admission {
    let request = IncomingRequest(
      method: received.method, uri: received.uri, headers: received.headers, body: received.body)
    let admitted = admit(request, receivedAt: received.receivedAt)
    let trace = LogTrace(core: self, sequence: admitted.sequence)
    if case .dropConnection = admitted.fault { return Admission(trace: trace) { nil } }
    var plan: Plan
    if received.bodyTooLarge {
      plan = .text("Payload Too Large", status: 413)
    } else {
      plan = Responder(
        settings: admitted.settings, sequence: admitted.sequence, takeTranscript: { self.takeTranscriptIndex() }
      ).plan(for: request, fault: admitted.fault)
    }
    if received.method == "HEAD", case .whole(let bytes) = plan.body {
      // A HEAD answer announces the length of the body it leaves out.
      plan.add("Content-Length", String(bytes.count))
      plan.body = .whole([])
    }
    let ready = plan
    return Admission(waitMilliseconds: plan.firstByteDelayMilliseconds, trace: trace) { ready.response(at: Date()) }
  }
}

extension Plan {
  /// The plan as it goes out at `time`, its `Date`.
  fileprivate func response(at time: Date) -> FakeResponse {
    let headers = headers.filter { $0.0.lowercased() != "date" } + [("Date", HTTPDate.imf(time))]
    let reason = StatusText.llm(status)
    let keeps = ending == .complete
    switch body {
    case .whole(let bytes):
      // A reset must leave the client short of the announced length, even for an empty body.
      let announced = header("Content-Length") == nil ? (ending == .reset ? max(bytes.count, 1) : bytes.count) : nil
      let sent = ending == .reset ? Array(bytes.prefix(bytes.count / 2)) : bytes
      return FakeResponse(
        status: status, reasonPhrase: reason, headers: headers, body: .whole(sent), contentLength: announced,
        ending: ending, keepsConnection: keeps)
    case .events(let events):
      return FakeResponse(
        status: status, reasonPhrase: reason, headers: headers, body: .stream(ChunkList(events)), ending: ending,
        keepsConnection: keeps)
    }
  }
}

/// Keeps the times of one answer in its log entry.
private struct LogTrace: ResponseTrace {
  let core: ServerCore
  let sequence: Int

  func started(status: Int, at time: Double) {
    core.update(sequence) {
      $0.status = status
      $0.firstByteAt = time
    }
  }

  func wrote(at time: Double) { core.update(sequence) { $0.writeTimes.append(time) } }

  func finished(at time: Double) { core.finish(sequence, at: time) }
}
