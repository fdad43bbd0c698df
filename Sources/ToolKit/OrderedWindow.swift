/// Work done a few items at a time and written in input order: a synchronous reading loop submits
/// work items (async, run concurrently as child tasks) and passes other records through; each
/// output is written as soon as it and everything before it are done, so one slow item does not
/// idle the rest of the window, and a pass-through record waits its turn behind the items before
/// it.
///
/// ```swift
/// let window = OrderedWindow<Line>(window: 4, writeRecord: { try sink.writeLine($0) }, writeResult: { try sink.emit($0) })
/// try await window.run { feeder in
///   try records.forEachRecord { line in try feeder.submit { await rewrite(line) } }
/// }
/// ```
///
/// The reading loop runs on a thread of its own (see ``BlockingExecutor``), so it may block in
/// read(2); it blocks too while `window` items are unwritten, which keeps memory bounded by the
/// window, never by the stream. The writers are called one at a time, in order, from the reading
/// thread (a record with nothing before it goes out at once) or from the task that finished the
/// item at the head; they must not call the window. A writer's error, or a work item's, cancels
/// the work in flight, starts no more, and is thrown from the reading loop's next call and from
/// ``run(_:)``. When the reading loop itself throws (a bad line under `--strict`, a read error),
/// what it submitted before is still finished and written, and then its error is thrown.
public struct OrderedWindow<Output: Sendable>: Sendable {
  public let window: Int
  private let writeRecord: @Sendable (UnsafeRawBufferPointer) throws -> Void
  private let writeResult: @Sendable (Output) throws -> Void

  /// - Parameters:
  ///   - window: items submitted and not yet written, at most; `submit` waits for room.
  ///   - writeRecord: writes a record passed through.
  ///   - writeResult: writes the output of a work item.
  public init(
    window: Int, writeRecord: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
    writeResult: @escaping @Sendable (Output) throws -> Void
  ) {
    self.window = max(1, window)
    self.writeRecord = writeRecord
    self.writeResult = writeResult
  }

  /// Runs the reading loop `read` on a thread of its own, the submitted work alongside it as child
  /// tasks, and returns `read`'s result once everything is written.
  public func run<Value>(_ read: (Feeder) throws -> Value) async throws -> Value {
    let state = OrderedWindowState(window: window, writeRecord: writeRecord, writeResult: writeResult)
    let outcome = try await withTaskExecutorPreference(BlockingExecutor(label: "ToolKit.OrderedWindow")) {
      try await withThrowingDiscardingTaskGroup { group in
        // The reading loop is the group's own task, so it starts the children itself: no hop
        // through another task for each item. The closure is let go before the group ends.
        withoutActuallyEscaping(
          { (sequence: Int, work: @escaping @Sendable () async throws -> Output) in
            // A failed child has cancelled the group (and the reading loop hears of it from the
            // state), or the whole run is cancelled: nothing more starts.
            let started = group.addTaskUnlessCancelled(executorPreference: globalConcurrentExecutor) {
              try await state.perform(sequence, work)
            }
            if !started { throw CancellationError() }
          },
          do: { start in
            let feeder = Feeder(state: state, start: start)
            defer { feeder.close() }
            // Caught, so that the group finishes and writes what was submitted before the error.
            return Result { try read(feeder) }
          })
      }
    }
    return try outcome.get()
  }

  /// The reading loop's side of the window, for use on its thread during ``run(_:)`` only.
  public final class Feeder {
    private let state: OrderedWindowState<Output>
    private var start: ((Int, @escaping @Sendable () async throws -> Output) throws -> Void)?

    fileprivate init(
      state: OrderedWindowState<Output>,
      start: @escaping (Int, @escaping @Sendable () async throws -> Output) throws -> Void
    ) {
      self.state = state
      self.start = start
    }

    fileprivate func close() { start = nil }

    /// Starts `work` once fewer than `window` items are unwritten, waiting for that until then.
    public func submit(_ work: @escaping @Sendable () async throws -> Output) throws {
      guard let start else { preconditionFailure("OrderedWindow.Feeder used after its run") }
      try start(try state.reserve(), work)
    }

    /// A record that is no work item: written at once when nothing is before it, or copied to
    /// wait its turn. Never waits for room.
    public func pass(_ record: UnsafeRawBufferPointer) throws {
      try state.pass(record)
    }

    /// Waits until everything submitted and passed so far is written: for the moment the input
    /// runs dry, so that finished records do not wait behind a slow producer.
    public func drain() throws {
      try state.drain()
    }

    /// Slots held, written ones included (for the tests).
    var slotsHeld: Int { state.slotsHeld }
  }
}
