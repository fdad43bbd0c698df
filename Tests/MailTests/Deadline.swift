import Foundation

/// `work`'s answer, or nil when it has not finished within `seconds`: a test of something that
/// once looped forever fails instead of hanging the run. The thread is left to its loop.
func finished<Value: Sendable>(within seconds: Double, _ work: @escaping @Sendable () -> Value) -> Value? {
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var answer: Value?
  Thread {
    answer = work()
    done.signal()
  }.start()
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return answer
}
