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
  ///   - label: what is counted, e.g. `article`.
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
    var text = "\(label) \(done)"
    if let total { text += "/\(total)" }
    text += ", \(Self.format(rate: rate(now: now)))"
    if let eta = eta(now: now) { text += ", ETA \(Self.format(duration: eta))" }
    return text
  }

  func bar(now: Double, width: Int = 24) -> String {
    var text = "\(label) \(done)"
    if let total, total > 0 {
      let filled = min(width, done * width / total)
      text +=
        "/\(total) [" + String(repeating: "#", count: filled)
        + String(repeating: ".", count: width - filled) + "] \(min(100, done * 100 / total))%"
    }
    text += " \(Self.format(rate: rate(now: now)))"
    if let eta = eta(now: now) { text += " ETA \(Self.format(duration: eta))" }
    return text
  }

  static func format(rate: Double) -> String {
    let tenths = (rate * 10).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10)/s"
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
