import Foundation

/// Runs `produce` on a thread of its own and `consume` on the caller's, handing over each item
/// `produce` sends, in order, with at most `depth` waiting: reading and decoding the next
/// records while the caller writes the last ones uses a second core. When `consume` throws, the
/// error is the caller's at once and the producer's next `send` throws (the producer is not
/// waited for); when `produce` throws, what it sent before is consumed first, then its error is
/// the caller's. Returns what `produce` returned.
public func handingOff<Item: Sendable, Result: Sendable>(
  depth: Int, produce: @escaping @Sendable (_ send: @escaping (Item) throws -> Void) throws -> Result,
  consume: (Item) throws -> Void
) throws -> Result {
  let channel = HandOffChannel<Item, Result>(depth: depth)
  let thread = Thread { channel.finish(Swift.Result { try produce(channel.send) }) }
  // Room for deeply nested records, as on the main thread.
  thread.stackSize = 8 << 20
  thread.start()
  do {
    while let item = channel.receive() { try consume(item) }
  } catch {
    channel.stop()
    throw error
  }
  return try channel.outcome().get()
}

/// The producer has gone on after the consumer stopped.
struct HandOffStopped: Error {}

/// The queue between the two threads, guarded by one condition.
private final class HandOffChannel<Item: Sendable, Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let depth: Int
  private var items: [Item] = []
  private var result: Swift.Result<Result, any Error>?
  private var stopped = false

  init(depth: Int) { self.depth = max(1, depth) }

  func send(_ item: Item) throws {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= depth && !stopped { condition.wait() }
    if stopped { throw HandOffStopped() }
    items.append(item)
    condition.broadcast()
  }

  func finish(_ outcome: Swift.Result<Result, any Error>) {
    condition.lock()
    result = outcome
    condition.broadcast()
    condition.unlock()
  }

  /// The next item; nil once the producer has finished and everything it sent is taken.
  func receive() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && result == nil { condition.wait() }
    guard !items.isEmpty else { return nil }
    condition.broadcast()
    return items.removeFirst()
  }

  /// The consumer gives up: the producer's next send throws. Not waited for: it may be blocked
  /// reading a pipe that stays quiet, and the caller's error must not wait for the next line.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  func outcome() -> Swift.Result<Result, any Error> {
    condition.lock()
    defer { condition.unlock() }
    return result!
  }
}
