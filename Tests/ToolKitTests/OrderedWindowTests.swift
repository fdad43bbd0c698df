import Synchronization
import Testing

@testable import ToolKit

/// An output that counts its living instances.
private final class Payload: Sendable {
  static let alive = Mutex(0)
  init() { Self.alive.withLock { $0 += 1 } }
  deinit { Self.alive.withLock { $0 -= 1 } }
}

@Suite struct OrderedWindowTests {
  /// What the writers wrote, in order: results as their number, records as their text.
  final class Written: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  struct WriteFailed: Error {}

  private func window(_ size: Int, _ written: Written, failOn: String? = nil) -> OrderedWindow<String> {
    OrderedWindow<String>(
      window: size,
      writeRecord: { written.add(String(decoding: $0, as: UTF8.self)) },
      writeResult: { output in
        if output == failOn { throw WriteFailed() }
        written.add(output)
      })
  }

  private func pass(_ text: String, _ feeder: OrderedWindow<String>.Feeder) throws {
    try Array(text.utf8).withUnsafeBytes { try feeder.pass($0) }
  }

  @Test func outputsLeaveInInputOrderWhateverOrderTheWorkFinishesIn() async throws {
    let written = Written()
    var expected: [String] = []
    try await window(4, written).run { feeder in
      for index in 0..<60 {
        let delay = Int.random(in: 0...15)
        try feeder.submit {
          try await Task.sleep(for: .milliseconds(delay))
          return "w\(index)"
        }
        expected.append("w\(index)")
        if index % 7 == 0 {
          try pass("r\(index)", feeder)
          expected.append("r\(index)")
        }
      }
    }
    #expect(written.all == expected)
  }

  @Test func aRecordWaitsBehindTheWorkBeforeItAndGoesAtOnceWhenNothingIs() async throws {
    let written = Written()
    let (before, after) = try await window(4, written).run { feeder in
      try pass("first", feeder)
      let before = written.all
      try feeder.submit {
        try await Task.sleep(for: .milliseconds(100))
        return "slow"
      }
      try pass("behind", feeder)
      let after = written.all
      return (before, after)
    }
    #expect(before == ["first"])
    #expect(after == ["first"])
    #expect(written.all == ["first", "slow", "behind"])
  }

  @Test func atMostTheWindowIsInFlight() async throws {
    let running = Mutex((now: 0, most: 0))
    let unwritten = Mutex((now: 0, most: 0))
    let written = Written()
    let window = OrderedWindow<Int>(
      window: 3, writeRecord: { _ in },
      writeResult: { index in
        unwritten.withLock { $0.now -= 1 }
        written.add("\(index)")
      })
    try await window.run { feeder in
      for index in 0..<30 {
        try feeder.submit {
          running.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
          }
          try await Task.sleep(for: .milliseconds(index % 4 == 0 ? 20 : 2))
          running.withLock { $0.now -= 1 }
          return index
        }
        unwritten.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
      }
    }
    #expect(written.all == (0..<30).map { "\($0)" })
    #expect(running.withLock { $0.most } <= 3)
    #expect(running.withLock { $0.most } >= 2)  // and more than one at once
    #expect(unwritten.withLock { $0.most } <= 3)  // finished ones wait in the window too
  }

  @Test func drainWaitsForEverythingBeforeIt() async throws {
    let written = Written()
    let drained = try await window(4, written).run { feeder in
      for index in 0..<3 {
        try feeder.submit {
          try await Task.sleep(for: .milliseconds(30 * (3 - index)))
          return "w\(index)"
        }
      }
      try pass("r", feeder)
      try feeder.drain()
      return written.all
    }
    #expect(drained == ["w0", "w1", "w2", "r"])
  }

  /// The reading loop may block in read(2): it must not sit on one of the cooperative threads.
  @Test func theReadingLoopRunsOnAThreadOfItsOwn() async throws {
    let onBlockingExecutor = try await window(1, Written()).run { _ in BlockingExecutor.isCurrent }
    #expect(onBlockingExecutor)
    #expect(!BlockingExecutor.isCurrent)
  }

  @Test func aWriteErrorCancelsTheWorkInFlightAndStartsNoMore() async throws {
    let started = Mutex(0)
    let cancelled = Mutex(0)
    let written = Written()
    let readerSaw = Mutex<(any Error)?>(nil)
    await #expect(throws: WriteFailed.self) {
      try await window(2, written, failOn: "w0").run { feeder in
        do {
          for index in 0..<50 {
            try feeder.submit {
              started.withLock { $0 += 1 }
              do {
                try await Task.sleep(for: .milliseconds(index == 0 ? 10 : 5_000))
              } catch {
                cancelled.withLock { $0 += 1 }
              }
              return "w\(index)"
            }
          }
        } catch {
          readerSaw.withLock { $0 = error }
          throw error
        }
      }
    }
    #expect(readerSaw.withLock { $0 } is WriteFailed)
    #expect(started.withLock { $0 } <= 2)
    #expect(cancelled.withLock { $0 } == started.withLock { $0 } - 1)  // all but the one written
    #expect(written.all.isEmpty)
  }

  @Test func aWorkItemsErrorEndsTheRunToo() async throws {
    struct WorkFailed: Error {}
    let written = Written()
    await #expect(throws: WorkFailed.self) {
      try await window(2, written).run { feeder in
        try feeder.submit { "w0" }
        try feeder.submit { throw WorkFailed() }
        try feeder.drain()
        try feeder.submit { "never" }
      }
    }
    #expect(written.all == ["w0"])
  }

  /// --strict: the reading loop stops, and what it submitted before still goes out.
  @Test func aReadingErrorComesAfterTheWorkBeforeItIsWritten() async throws {
    struct BadLine: Error {}
    let written = Written()
    await #expect(throws: BadLine.self) {
      try await window(4, written).run { feeder in
        for index in 0..<3 {
          try feeder.submit {
            try await Task.sleep(for: .milliseconds(20))
            return "w\(index)"
          }
        }
        try pass("r", feeder)
        throw BadLine()
      }
    }
    #expect(written.all == ["w0", "w1", "w2", "r"])
  }

  /// A written output is let go at once, and a long stream, with the window never empty, holds a
  /// bounded number of slots.
  @Test func writtenSlotsAreDropped() async throws {
    let window = OrderedWindow<Payload>(window: 4, writeRecord: { _ in }, writeResult: { _ in })
    let (slots, alive) = try await window.run { feeder in
      var slots = 0
      var alive = 0
      for index in 0..<400 {
        try feeder.submit {
          let payload = Payload()
          try await Task.sleep(for: .microseconds(200))
          return payload
        }
        if index % 3 == 0 { try Array("r".utf8).withUnsafeBytes { try feeder.pass($0) } }
        slots = max(slots, feeder.slotsHeld)
        alive = max(alive, Payload.alive.withLock { $0 })
      }
      return (slots, alive)
    }
    #expect(slots <= 64)
    #expect(alive <= 5)  // the window's four, and one being written
    #expect(Payload.alive.withLock { $0 } == 0)
  }
}
