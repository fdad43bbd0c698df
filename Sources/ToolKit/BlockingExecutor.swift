import Dispatch

/// A task executor whose jobs run on a serial dispatch queue of their own: code that must block —
/// read(2) on a quiet pipe, a wait for the window to have room — runs there under
/// `withTaskExecutorPreference`, and never holds one of the few threads Swift's concurrency runs
/// on (two, on two cores: block both, and the work that would unblock them never runs).
final class BlockingExecutor: TaskExecutor {
  private static let key = DispatchSpecificKey<Bool>()
  private let queue: DispatchQueue

  init(label: String) {
    // A queue made with a label is overcommitting: libdispatch gives it a thread even when
    // every core is busy.
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: Self.key, value: true)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  /// Whether the caller runs on a reading thread (for assertions and tests).
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}
