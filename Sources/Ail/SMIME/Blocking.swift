import Dispatch

/// The result of async work, waited for on a synchronous path. swift-certificates' verifier is
/// async for policies that may look things up; the ones used here (RFC 5280) never suspend on I/O,
/// and ail-mail's commands are synchronous. The work runs on a queue of its own, never on Swift's
/// concurrency pool: a caller that is itself on the pool (a test, two threads on two cores) blocks
/// one of its threads while it waits, and the work must not need that pool to finish.
enum Blocking {
  static func wait<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let box = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Task(executorPreference: executor) {
      box.value = await work()
      done.signal()
    }
    done.wait()
    return box.value!
  }

  private static let executor = QueueExecutor()

  /// Written once by the task before the semaphore's signal, read after the wait: the semaphore
  /// orders the two accesses.
  private final class Box<Value>: @unchecked Sendable {
    var value: Value?
  }

  /// A task executor on a serial dispatch queue; a queue made with a label is overcommitting, so
  /// it gets a thread even when every core is busy.
  private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "smime.verify")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }
}
