import Localization

/// Progress of a long job on standard error: a bar with count, rate and ETA redrawn in place when
/// stderr is a terminal, an occasional plain line otherwise, nothing with `--quiet`.
public final class Progress {
  private let label: String
  private let total: Int?
  private let diagnostics: Diagnostics
  private let clock: () -> Double
  private let plainInterval: Double
  private let started: Double
  private var lastShown: Double
  public private(set) var done = 0

  /// - Parameters:
  ///   - label: what is counted, e.g. `article`, in the user's language (`tr("article")`): it heads
  ///     the line like a table column's heading.
  ///   - total: how many there will be, when known.
  ///   - plainInterval: seconds between plain lines when stderr is not a terminal.
  ///   - clock: monotonic seconds (tests pass their own).
  public init(
    label: String, total: Int?, diagnostics: Diagnostics, plainInterval: Double = 5,
    clock: (() -> Double)? = nil
  ) {
    self.label = label
    self.total = total
    self.diagnostics = diagnostics
    self.plainInterval = plainInterval
    self.clock = clock ?? { Platform.monotonicSeconds() }
    self.started = self.clock()
    self.lastShown = started
  }

  /// Counts `count` more items and redraws when it is time.
  public func advance(by count: Int = 1) {
    done += count
    let now = clock()
    let interval = diagnostics.isInteractive ? 0.1 : plainInterval
    let finished = total.map { done >= $0 } ?? false
    guard now - lastShown >= interval || (finished && diagnostics.isInteractive) else { return }
    lastShown = now
    if diagnostics.isInteractive {
      diagnostics.setStatus(bar(now: now))
    } else {
      diagnostics.info(plainLine(now: now))
    }
  }

  /// Removes the bar; the tool prints its own summary after.
  public func finish() {
    diagnostics.setStatus(nil)
  }

  /// Items per second so far.
  func rate(now: Double) -> Double {
    let elapsed = now - started
    return elapsed > 0 ? Double(done) / elapsed : 0
  }

  /// Seconds left at the current rate, when the total is known and something was done.
  func eta(now: Double) -> Double? {
    guard let total, done > 0 else { return nil }
    let rate = rate(now: now)
    return rate > 0 ? Double(max(total - done, 0)) / rate : nil
  }

  func plainLine(now: Double) -> String {
    let (label, done, speed) = (self.label, self.done, Self.format(rate: rate(now: now)))
    guard let total else {
      // TRANSLATORS: a progress line: what is counted (a heading such as "article"), how many so
      // far, and how many per second ("1.5/s").
      return tr("\(label) \(done), \(speed)")
    }
    guard let eta = eta(now: now).map(Self.format(duration:)) else {
      return tr("\(label) \(done)/\(total), \(speed)")
    }
    // TRANSLATORS: a progress line: what is counted (a heading such as "article"), how many so far
    // of how many, how many per second ("1.5/s"), and the estimated time left ("42s", "3m05s").
    return tr("\(label) \(done)/\(total), \(speed), ETA \(eta)")
  }

  func bar(now: Double, width: Int = 24) -> String {
    let (label, done, speed) = (self.label, self.done, Self.format(rate: rate(now: now)))
    let eta = eta(now: now).map(Self.format(duration:))
    guard let total, total > 0 else {
      if let eta { return tr("\(label) \(done) \(speed) ETA \(eta)") }
      return tr("\(label) \(done) \(speed)")
    }
    let filled = min(width, done * width / total)
    let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    let percent = min(100, done * 100 / total)
    guard let eta else {
      return tr("\(label) \(done)/\(total) \(bar) \(percent)% \(speed)")
    }
    // TRANSLATORS: a progress bar: what is counted (a heading such as "article"), how many so far
    // of how many, the bar, the percentage, how many per second ("1.5/s"), the estimated time left.
    return tr("\(label) \(done)/\(total) \(bar) \(percent)% \(speed) ETA \(eta)")
  }

  /// `1.5/s`, `1,5/s`.
  static func format(rate: Double) -> String {
    let tenths = (rate * 10).rounded()
    return Formatted.tenths(tenths.isFinite && tenths.magnitude < 1e15 ? Int(tenths) : 0) + "/s"
  }

  /// `42s`, `3m05s`, `1h02m`.
  static func format(duration: Double) -> String {
    let seconds = Int(duration.rounded(.up))
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3600 { return "\(seconds / 60)m\(pad(seconds % 60))s" }
    return "\(seconds / 3600)h\(pad(seconds / 60 % 60))m"
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
