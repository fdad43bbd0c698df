import Dispatch
import Synchronization

/// Waiting for SIGINT or SIGTERM without dying of it, so that a server can shut down cleanly.
public enum SignalWait {
  public static func untilInterruptedOrTerminated() async {
    let waiter = Waiter()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      waiter.start(continuation)
    }
  }

  private final class Waiter: Sendable {
    private let state = Mutex<(CheckedContinuation<Void, Never>?, [any DispatchSourceSignal])>((nil, []))

    func start(_ continuation: CheckedContinuation<Void, Never>) {
      let queue = DispatchQueue(label: "signals")
      var sources: [any DispatchSourceSignal] = []
      for number in Platform.interruptSignals {
        Platform.ignore(signal: number)  // the dispatch source sees it instead of the default action
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [self] in finish() }
        sources.append(source)
      }
      state.withLock { $0 = (continuation, sources) }
      sources.forEach { $0.resume() }
    }

    private func finish() {
      state.withLock { state in
        state.0?.resume()
        state.0 = nil
        state.1.forEach { $0.cancel() }
      }
    }
  }
}
