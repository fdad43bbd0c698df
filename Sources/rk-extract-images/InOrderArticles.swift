import Dispatch
import ImageExtraction
import Synchronization
import Wire

/// Articles worked on a few at a time, written in input order: the downloads of the next
/// articles start while an earlier one still waits for its slowest image, so one slow image does
/// not idle every download slot. Other records wait their turn behind the articles before them.
final class InOrderArticles {
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
  private var articlesQueued = 0

  /// - Parameters:
  ///   - window: articles in flight at most; the oldest is written before another starts.
  ///   - write: writes a passed-through record.
  ///   - finished: writes a finished article.
  init(
    window: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void, finished: @escaping (Article, ImageTally) throws -> Void
  ) {
    self.window = max(1, window)
    self.write = write
    self.finished = finished
  }

  /// A record that is not an article: written at once, or copied to wait behind articles.
  func pass(_ record: UnsafeRawBufferPointer) throws {
    if head == queue.count { return try write(record) }
    queue.append(.record(Array(record)))
  }

  func start(_ work: @escaping @Sendable () async -> (Article, ImageTally)) throws {
    queue.append(.article(Task { await work() }))
    articlesQueued += 1
    while articlesQueued > window { try writeNext() }
  }

  /// Waits for everything queued and writes it.
  func drain() throws {
    while head < queue.count { try writeNext() }
  }

  private func writeNext() throws {
    let item = queue[head]
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
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
