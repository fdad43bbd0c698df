import Localization
import PrivateFiles
import Synchronization
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Standard output for records: buffered `write(2)` that notices a closed pipe.
///
/// A closed pipe ends the process at once with the SIGPIPE status (141) and nothing on stderr, even
/// after SwiftNIO has set SIGPIPE to ignored (which makes `print()` fail silently and the tool run
/// on for nothing). Any other write error (a full disk) is thrown as a ``ToolError`` with status 74.
///
/// Thread-safe, so concurrent workers can share one sink; each record is written whole.
public final class OutputSink: Sendable {
  /// The sink on file descriptor 1.
  public static let standardOutput = OutputSink(fd: 1)

  private let fd: Int32
  private let capacity: Int
  /// Flush after every record: for tools whose records arrive slowly (network, models), so that
  /// each reaches the next stage as soon as it exists.
  public let flushesEachRecord: Bool
  /// Throw ``ClosedPipe`` instead of ending the process: for a tool whose output is a copy and
  /// whose real work (storing) must go on when its reader stops early.
  public let survivesClosedPipe: Bool
  private let buffer: Mutex<[UInt8]>

  /// The reader of the output went away; what was buffered is dropped.
  public struct ClosedPipe: Error {}

  public init(fd: Int32, capacity: Int = 1 << 16, flushesEachRecord: Bool = false, survivesClosedPipe: Bool = false) {
    self.fd = fd
    self.capacity = capacity
    self.flushesEachRecord = flushesEachRecord
    self.survivesClosedPipe = survivesClosedPipe
    var storage: [UInt8] = []
    storage.reserveCapacity(capacity)
    self.buffer = Mutex(storage)
  }

  /// The same descriptor with another flushing policy.
  public func flushing(eachRecord: Bool) -> OutputSink {
    OutputSink(fd: fd, capacity: capacity, flushesEachRecord: eachRecord, survivesClosedPipe: survivesClosedPipe)
  }

  /// The same descriptor, throwing ``ClosedPipe`` when its reader goes away.
  public func survivingClosedPipe() -> OutputSink {
    OutputSink(fd: fd, capacity: capacity, flushesEachRecord: flushesEachRecord, survivesClosedPipe: true)
  }

  /// Writes `record` as one line.
  public func emit(_ record: some Encodable) throws {
    let line = try WireCoding.line(record)
    try line.withUnsafeBytes { try append($0, newline: false) }
  }

  /// Writes `bytes` followed by a newline: the pass-through path for records a tool does not change.
  public func writeLine(_ bytes: UnsafeRawBufferPointer) throws {
    try append(bytes, newline: true)
  }

  /// Writes `bytes` as they are (a line that already ends in a newline, say).
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    try append(bytes, newline: false)
  }

  /// Writes `text` as is (for plain-text output such as ids or HTML).
  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try append(UnsafeRawBufferPointer($0), newline: false) }
  }

  /// Hands everything buffered to the kernel.
  public func flush() throws {
    try buffer.withLock { buffer in try drain(&buffer) }
  }

  private func append(_ bytes: UnsafeRawBufferPointer, newline: Bool) throws {
    try buffer.withLock { buffer in
      let size = bytes.count + (newline ? 1 : 0)
      if buffer.count + size > capacity { try drain(&buffer) }
      if size > capacity {
        // Large records bypass the buffer instead of growing it.
        try put(bytes)
        if newline { try withUnsafeBytes(of: UInt8(ascii: "\n")) { try put($0) } }
      } else {
        buffer.append(contentsOf: bytes)
        if newline { buffer.append(UInt8(ascii: "\n")) }
      }
      if flushesEachRecord { try drain(&buffer) }
    }
  }

  private func drain(_ buffer: inout [UInt8]) throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try put($0) }
  }

  private func put(_ bytes: UnsafeRawBufferPointer) throws {
    let code = DescriptorWrite.writeAll(fd, bytes)
    if code == 0 { return }
    if code == Platform.brokenPipe {
      if survivesClosedPipe { throw ClosedPipe() }
      Platform.dieOfBrokenPipe()
    }
    throw ToolError(.ioError, tr("writing standard output failed: \(Platform.describe(errno: code))"))
  }
}
