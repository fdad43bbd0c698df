import Dispatch
import Synchronization

/// What an ``OrderedWindow``'s reading loop and its tasks share: the slots, who writes, the first
/// failure, and the reading loop's wake-up.
final class OrderedWindowState<Output: Sendable>: Sendable {
  private typealias Slot = OrderedSlots<Output>.Slot

  private let window: Int
  private let writeRecord: @Sendable (UnsafeRawBufferPointer) throws -> Void
  private let writeResult: @Sendable (Output) throws -> Void
  private let state = Mutex(State())
  /// Wakes the reading loop when it waits for room or for the window to empty.
  private let wake = DispatchSemaphore(value: 0)

  private struct State: Sendable {
    var slots = OrderedSlots<Output>()
    /// A task is writing slots it took from the head: the others leave theirs to it, so writes
    /// keep their order without holding the lock (and the reading loop) while they happen.
    var writing = false
    var failure: (any Error)?
    var readerWaits = false

    /// Nothing submitted or passed is left to write.
    var isWritten: Bool { slots.isEmpty && !writing }

    /// Whether the reading loop waits to be woken; it no longer does once told.
    mutating func takeReaderWaits() -> Bool {
      defer { readerWaits = false }
      return readerWaits
    }
  }

  init(
    window: Int, writeRecord: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
    writeResult: @escaping @Sendable (Output) throws -> Void
  ) {
    self.window = window
    self.writeRecord = writeRecord
    self.writeResult = writeResult
  }

  var slotsHeld: Int { state.withLock { $0.slots.held } }

  // MARK: The reading loop's side

  /// A slot for a work item once fewer than `window` are unwritten; its sequence number.
  func reserve() throws -> Int {
    try waitFor { state in state.slots.working < window ? state.slots.startWork() : nil }
  }

  func pass(_ record: UnsafeRawBufferPointer) throws {
    let waits = try state.withLock { state in
      if let failure = state.failure { throw failure }
      if state.isWritten { return false }
      state.slots.queue(record: record)
      return true
    }
    // Only the reading loop adds slots, so nothing can become ready while this one is written.
    if !waits { try writeRecord(record) }
  }

  func drain() throws {
    try waitFor { state in state.isWritten ? () : nil }
  }

  /// Runs `attempt` under the lock until it gives a value, sleeping between tries until a task
  /// wakes the reader.
  private func waitFor<T>(_ attempt: (inout State) -> T?) throws -> T {
    while true {
      let value: T? = try state.withLock { state in
        if let failure = state.failure { throw failure }
        if let value = attempt(&state) { return value }
        state.readerWaits = true
        return nil
      }
      if let value { return value }
      wake.wait()
    }
  }

  // MARK: The tasks' side

  /// Runs the work of slot `sequence` and writes what it can. A failure is kept for the reading
  /// loop and thrown, which cancels the other tasks.
  func perform(_ sequence: Int, _ work: @Sendable () async throws -> Output) async throws {
    let output: Result<Output, any Error>
    do {
      output = .success(try await work())
    } catch {
      output = .failure(error)
    }
    try finish(sequence, output)
  }

  /// Records `output`, then writes every slot that is ready from the head on, unless another
  /// task is writing already (it will find them).
  private func finish(_ sequence: Int, _ output: Result<Output, any Error>) throws {
    var ready = try update { state in
      state.slots.finish(sequence, try output.get())
      return state.writing ? [] : take(&state)
    }
    while !ready.isEmpty {
      var results = 0
      do {
        for slot in ready {
          switch slot {
          case .done(let output):
            try writeResult(output)
            results += 1
          case .record(let bytes):
            try bytes.withUnsafeBytes { try writeRecord($0) }
          case .working, .written:
            break
          }
        }
      } catch {
        throw update(failure: error)
      }
      // Let go of what was written before waiting for the lock.
      ready = []
      ready = try update { state in
        state.slots.written(results: results)
        return take(&state)
      }
    }
  }

  /// The ready slots at the head, taken out to be written; `writing` says whether there are any.
  private func take(_ state: inout State) -> [Slot] {
    var ready: [Slot] = []
    while let slot = state.slots.takeReady() { ready.append(slot) }
    state.writing = !ready.isEmpty
    return ready
  }

  /// Changes the state under the lock and wakes a waiting reading loop. An error thrown by
  /// `change` becomes the window's failure; after a failure nothing changes and `[]` comes back.
  private func update(_ change: (inout State) throws -> [Slot]) throws -> [Slot] {
    var wakes = false
    // Woken after the lock is let go, which is the first thing the reading loop takes.
    defer { if wakes { wake.signal() } }
    do {
      return try state.withLock { state in
        defer { wakes = state.takeReaderWaits() }
        guard state.failure == nil else { return [] }
        return try change(&state)
      }
    } catch {
      throw update(failure: error)
    }
  }

  /// Keeps the first failure for the reading loop, and wakes it; returns `error` to be thrown.
  private func update(failure error: any Error) -> any Error {
    let wakes = state.withLock { state in
      if state.failure == nil { state.failure = error }
      state.writing = false
      return state.takeReaderWaits()
    }
    if wakes { wake.signal() }
    return error
  }
}
