import NIOCore

/// The clock request logs are kept in: seconds that only go forward, unlike the wall clock, so
/// that tests can compare the times of requests and answers.
public enum MonotonicClock {
  public static func now() -> Double { Double(NIODeadline.now().uptimeNanoseconds) / 1e9 }
}
