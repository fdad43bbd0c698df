/// What an ``OrderedWindow`` holds between reading and writing: one slot per item not yet
/// written, in input order. Not thread-safe; the window guards it with a lock.
struct OrderedSlots<Output: Sendable>: Sendable {
  enum Slot: Sendable {
    case working
    case done(Output)
    /// A record that passes through, copied because it had to wait.
    case record([UInt8])
    /// Written: holds nothing until the slots are compacted.
    case written
  }

  private var slots: [Slot] = []
  /// The first slot not yet written.
  private var head = 0
  /// The sequence number of `slots[0]`; sequence numbers outlive compaction.
  private var base = 0
  /// Work items between submission and the end of their writing: what the window bounds.
  private(set) var working = 0
  /// Slots held, written ones included (for the tests: stays small however long the stream).
  var held: Int { slots.count }

  var isEmpty: Bool { head == slots.count }

  /// A slot for a work item; its sequence number.
  mutating func startWork() -> Int {
    working += 1
    slots.append(.working)
    return base + slots.count - 1
  }

  mutating func queue(record: UnsafeRawBufferPointer) {
    slots.append(.record(Array(record)))
  }

  mutating func finish(_ sequence: Int, _ output: Output) {
    slots[sequence - base] = .done(output)
  }

  /// `results` outputs taken with ``takeReady()`` are written: their work is over.
  mutating func written(results: Int) {
    working -= results
  }

  /// The next slot if it is ready to be written, emptied; nil while the head is still worked on.
  mutating func takeReady() -> Slot? {
    guard head < slots.count else { return nil }
    let slot = slots[head]
    if case .working = slot { return nil }
    // The slot lets go of its output at once, and written slots are dropped once they are half the
    // array, so a long stream behind a full window never piles up.
    slots[head] = .written
    head += 1
    if head == slots.count {
      slots.removeAll(keepingCapacity: true)
      base += head
      head = 0
    } else if head >= 32 && head * 2 >= slots.count {
      slots.removeFirst(head)
      base += head
      head = 0
    }
    return slot
  }
}
