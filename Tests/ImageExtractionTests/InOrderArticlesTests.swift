import Foundation
import Synchronization
import Testing
import Wire
@testable import ImageExtraction

/// InOrderArticles blocks its caller while an article is worked on, as rk-extract-images's main
/// thread does; the tests call it from a thread of their own, never from one of Swift's
/// cooperative threads (two tests blocking both of those would deadlock on 2 cores).
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
    Thread {
      do {
        done.resume(returning: try body())
      } catch {
        done.resume(throwing: error)
      }
    }.start()
  }
}

@Suite struct InOrderArticlesTests {
  private static func article(_ id: String) -> Article {
    Article(id: id, bookmark: [:], html: "", fetchedAt: Date(timeIntervalSince1970: 0))
  }

  /// Records out, in the order they were written.
  private final class Written: @unchecked Sendable {
    var lines: [String] = []
  }

  private static func queue(window: Int, _ written: Written) -> InOrderArticles {
    InOrderArticles(
      window: window, write: { written.lines.append(String(decoding: $0, as: UTF8.self)) },
      finished: { article, _ in written.lines.append(article.id) })
  }

  @Test func recordsLeaveInInputOrderWhateverOrderTheWorkFinishesIn() async throws {
    let (beforeDrain, afterDrain, end) = try await onOwnThread {
      let written = Written()
      let articles = Self.queue(window: 4, written)
      // The first article finishes last; the record between articles waits its turn.
      for (index, delay) in [300, 10, 100, 0].enumerated() {
        let current = Self.article("a\(index)")
        try articles.start {
          try? await Task.sleep(for: .milliseconds(delay))
          return (current, ImageTally())
        }
        if index == 1 { try Array(#"{"kind":"note"}"#.utf8).withUnsafeBytes { try articles.pass($0) } }
      }
      let beforeDrain = written.lines
      try articles.drain()
      let afterDrain = written.lines
      // With nothing queued, a record goes straight out.
      try Array(#"{"kind":"end"}"#.utf8).withUnsafeBytes { try articles.pass($0) }
      return (beforeDrain, afterDrain, written.lines.last)
    }
    #expect(beforeDrain.isEmpty)  // the window holds all four
    #expect(afterDrain == ["a0", "a1", #"{"kind":"note"}"#, "a2", "a3"])
    #expect(end == #"{"kind":"end"}"#)
  }

  @Test func atMostTheWindowIsInFlight() async throws {
    let running = Mutex((now: 0, most: 0))
    let lines = try await onOwnThread {
      let written = Written()
      let articles = Self.queue(window: 3, written)
      for index in 0..<20 {
        let current = Self.article("a\(index)")
        try articles.start {
          running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
          try? await Task.sleep(for: .milliseconds(5))
          running.withLock { $0.now -= 1 }
          return (current, ImageTally())
        }
      }
      try articles.drain()
      return written.lines
    }
    #expect(lines == (0..<20).map { "a\($0)" })
    #expect(running.withLock { $0.most } <= 3)
    #expect(running.withLock { $0.most } >= 2)  // and more than one at once
  }

  /// A long stream behind a full window holds a bounded number of slots (a written article's
  /// task, and with it the article, is let go).
  @Test func aLongStreamHoldsFewSlots() async throws {
    let (count, most) = try await onOwnThread {
      let written = Written()
      let articles = Self.queue(window: 4, written)
      var most = 0
      for index in 0..<2_000 {
        let current = Self.article("a\(index)")
        try articles.start { (current, ImageTally()) }
        most = max(most, articles.slotsHeld)
      }
      try articles.drain()
      return (written.lines.count, most)
    }
    #expect(count == 2_000)
    #expect(most <= 64)
  }
}
