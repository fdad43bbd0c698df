import Localization

/// Reads `\n`-terminated lines from a file descriptor with read(2) and memchr.
///
/// Memory is bounded by the longest line (the buffer doubles up to `maxLineBytes`), never by the
/// stream. A trailing `\r` is removed (CRLF input) and a last line without a newline is still a
/// line. `onDrain` runs just before every read(2) that may block, which is where a filter flushes
/// its output so that records reach the next stage as soon as they are complete; `onIdle` runs
/// just before a read(2) that will block (nothing has arrived yet), where a tool with work in flight
/// finishes it instead of holding finished records back behind a slow producer.
public final class LineReader {
  /// How a descriptor is named in messages: a path, or `<stdin>`.
  public let name: String
  public let maxLineBytes: Int
  public var onDrain: (() throws -> Void)?
  public var onIdle: (() throws -> Void)?

  private let fd: Int32
  private let ownsDescriptor: Bool
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  private var start = 0  // first byte not yet returned
  private var end = 0  // one past the last byte read
  private var scanned = 0  // bytes from `start` known to hold no newline
  private var atEOF = false
  private var lineNumber = 0

  /// Reads from `fd`; the reader does not close it.
  public init(fd: Int32, name: String, maxLineBytes: Int = 1 << 30, initialCapacity: Int = 1 << 16) {
    self.fd = fd
    self.ownsDescriptor = false
    self.name = name
    self.maxLineBytes = maxLineBytes
    self.capacity = max(16, initialCapacity)
    self.buffer = .allocate(byteCount: capacity, alignment: 16)
  }

  /// Opens `path` (`-` is standard input). Throws a ``ToolError`` with status 66 when it cannot.
  public init(path: String, maxLineBytes: Int = 1 << 30) throws {
    if path == "-" {
      self.fd = Platform.standardInput
      self.ownsDescriptor = false
      self.name = "<stdin>"
    } else {
      let fd = Platform.openForReading(path)
      guard fd >= 0 else {
        throw ToolError(.noInput, tr("cannot open \(path): \(Platform.describe(errno: -fd))"))
      }
      self.fd = fd
      self.ownsDescriptor = true
      self.name = path
    }
    self.maxLineBytes = maxLineBytes
    self.capacity = 1 << 16
    self.buffer = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    if ownsDescriptor { Platform.closeDescriptor(fd) }
  }

  /// Calls `body` with each line (without its terminator) and its 1-based number. The bytes are
  /// only valid during the call.
  public func forEachLine(_ body: (_ line: UnsafeRawBufferPointer, _ number: Int) throws -> Void) throws {
    while let line = try nextLine() {
      lineNumber += 1
      try body(line, lineNumber)
    }
  }

  /// The first byte that is not white space, read ahead without consuming anything (the lines
  /// still come from ``forEachLine(_:)``); nil when the input holds only white space. For tools
  /// that choose how to read by what the input starts with.
  public func peekFirstNonBlank() throws -> UInt8? {
    var offset = 0  // from `start`, which `fill()` may move
    while true {
      while start + offset < end {
        let byte = buffer.load(fromByteOffset: start + offset, as: UInt8.self)
        if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return byte }
        offset += 1
      }
      if atEOF { return nil }
      try fill()
    }
  }

  private func nextLine() throws -> UnsafeRawBufferPointer? {
    while true {
      let unscanned = start + scanned
      if unscanned < end, let newline = Platform.find(0x0A, in: buffer + unscanned, count: end - unscanned) {
        let lineEnd = buffer.distance(to: newline)
        let line = trimmedLine(from: start, to: lineEnd)
        start = lineEnd + 1
        scanned = 0
        return line
      }
      scanned = end - start
      if atEOF {
        guard start < end else { return nil }
        let line = trimmedLine(from: start, to: end)
        start = end
        scanned = 0
        return line
      }
      try fill()
    }
  }

  private func trimmedLine(from lower: Int, to upper: Int) -> UnsafeRawBufferPointer {
    var upper = upper
    if upper > lower, buffer.load(fromByteOffset: upper - 1, as: UInt8.self) == 0x0D { upper -= 1 }
    return UnsafeRawBufferPointer(start: buffer + lower, count: upper - lower)
  }

  private func fill() throws {
    if start > 0 {
      // Move the partial line to the front instead of growing.
      let pending = end - start
      if pending > 0 { buffer.copyMemory(from: buffer + start, byteCount: pending) }
      start = 0
      end = pending
    }
    if end == capacity {
      guard capacity < maxLineBytes else {
        let number = lineNumber + 1
        throw ToolError(.dataError, tr("\(name): line \(number) is longer than \(maxLineBytes) bytes"))
      }
      let grown = min(capacity * 2, maxLineBytes)
      let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
      bigger.copyMemory(from: buffer, byteCount: end)
      buffer.deallocate()
      buffer = bigger
      capacity = grown
    }
    if let onIdle, !Platform.isReadable(fd) { try onIdle() }
    try onDrain?()
    let got = Platform.read(fd, into: buffer + end, count: capacity - end)
    if got < 0 {
      throw ToolError(.ioError, tr("reading \(name) failed: \(Platform.describe(errno: Int32(-got)))"))
    }
    if got == 0 { atEOF = true }
    end += got
  }
}
