import Dispatch
import Synchronization
public import Wire

/// Articles worked on a few at a time, written in input order: the downloads of the next
/// articles start while an earlier one still waits for its slowest image, so one slow image does
/// not idle every download slot. Other records wait their turn behind the articles before them.
public final class InOrderArticles {
  /// What leaves next: a record as it came, or an article still being worked on.
  private enum Item {
    case record([UInt8])
    case article(Task<(Article, ImageTally), Never>)
  }

  private let window: Int
  private let write: (_ record: UnsafeRawBufferPointer) throws -> Void
  private let finished: (_ article: Article, _ tally: ImageTally) throws -> Void
  private var queue: [Item] = []
  private var head = 0
  /// Slots held, written ones included: stays small however long the stream (for the tests).
  var slotsHeld: Int { queue.count }
  private var articlesQueued = 0

  /// - Parameters:
  ///   - window: articles in flight at most; the oldest is written before another starts.
  ///   - write: writes a passed-through record.
  ///   - finished: writes a finished article.
  public init(
    window: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void, finished: @escaping (Article, ImageTally) throws -> Void
  ) {
    self.window = max(1, window)
    self.write = write
    self.finished = finished
  }

  /// A record that is not an article: written at once, or copied to wait behind articles.
  public func pass(_ record: UnsafeRawBufferPointer) throws {
    if head == queue.count { return try write(record) }
    queue.append(.record(Array(record)))
  }

  public func start(_ work: @escaping @Sendable () async -> (Article, ImageTally)) throws {
    while articlesQueued >= window { try writeNext() }
    queue.append(.article(Task { await work() }))
    articlesQueued += 1
  }

  /// Waits for everything queued and writes it.
  public func drain() throws {
    while head < queue.count { try writeNext() }
  }

  private func writeNext() throws {
    let item = queue[head]
    // A finished task holds its article: the slot lets go of it, and written slots are dropped
    // once they are half the queue, so a long stream never piles up behind a full window.
    queue[head] = .record([])
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32 && head * 2 >= queue.count {
      queue.removeFirst(head)
      head = 0
    }
    switch item {
    case .record(let bytes):
      try bytes.withUnsafeBytes { try write($0) }
    case .article(let task):
      articlesQueued -= 1
      let (article, tally) = waitFor { await task.value }
      try finished(article, tally)
    }
  }
}

/// Runs async work from the synchronous record loop; the loop's thread is not one the work needs.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let done = DispatchSemaphore(value: 0)
  let result = Mutex<T?>(nil)
  Task {
    let value = await work()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  return result.withLock { $0! }
}
