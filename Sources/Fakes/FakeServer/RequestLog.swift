/// A server's log of requests: numbered from 1 in arrival order, the numbers counting on across
/// clears, optionally keeping only the most recent (a demo server can run for hours).
public struct RequestLog<Entry: Sendable>: Sendable {
  public private(set) var entries: [Entry] = []
  /// The number of `entries[0]`.
  private var firstSequence = 1
  private var nextSequence = 1

  public init() {}

  /// Appends the entry `make` builds for the next number, then drops the oldest beyond `limit`.
  /// Returns the number.
  @discardableResult
  public mutating func append(limit: Int? = nil, _ make: (_ sequence: Int) -> Entry) -> Int {
    let sequence = nextSequence
    nextSequence += 1
    entries.append(make(sequence))
    if let limit, entries.count > limit {
      let excess = entries.count - limit
      entries.removeFirst(excess)
      firstSequence += excess
    }
    return sequence
  }

  /// Changes the entry numbered `sequence`, if it is still kept; nil when it is not.
  @discardableResult
  public mutating func update<Result>(_ sequence: Int, _ change: (inout Entry) -> Result) -> Result? {
    let index = sequence - firstSequence
    guard entries.indices.contains(index) else { return nil }
    return change(&entries[index])
  }

  public mutating func clear() {
    entries.removeAll()
    firstSequence = nextSequence
  }
}
