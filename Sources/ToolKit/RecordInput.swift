import Localization
public import Wire

/// One input line that looks like a record: valid UTF-8, an object (`{ … }`), not blank.
///
/// The bytes are only valid while the line is being handled; copy what must outlive it.
public struct RecordLine {
  /// The line's bytes without its terminator.
  public let bytes: UnsafeRawBufferPointer
  public let number: Int
  /// The input's name, for messages.
  public let source: String

  /// Decodes the whole line as `type`.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try WireCoding.decode(type, from: bytes)
  }

  /// Only `kind` and `id`, skimmed from the top-level members without decoding the rest of a
  /// possibly large line, which is checked to be JSON all the same; a malformed line throws the
  /// decoder's error. A tool that writes a line on without decoding it calls this first.
  public func head() throws -> RecordHead {
    try RecordHead.scan(bytes) ?? decode(RecordHead.self)
  }
}

/// The records of a tool's inputs (named files, or standard input for none or `-`), with the
/// shared policy for bad lines: blank lines are skipped; invalid UTF-8, lines that are not
/// objects and lines that are not JSON are reported with their line number and skipped, or end
/// the run under `--strict` (status 65). Records already written are flushed before a fatal error.
///
/// Whether a brace-shaped line is JSON is decided where the tool reads it anyway — its
/// ``RecordLine/head()`` skim or its decoding — so no line is parsed twice: a `DecodingError`
/// that escapes the tool's handling of a line is that line's problem, reported like any other.
public final class RecordInput {
  public let paths: [String]
  public let strict: Bool
  private let diagnostics: Diagnostics
  private let sink: OutputSink?
  /// Lines reported as bad so far.
  public private(set) var rejected = 0

  /// - Parameter sink: flushed whenever the input runs dry, so records move on behind a slow producer.
  public init(paths: [String], strict: Bool, diagnostics: Diagnostics, sink: OutputSink?) {
    self.paths = paths.isEmpty ? ["-"] : paths
    self.strict = strict
    self.diagnostics = diagnostics
    self.sink = sink
  }

  public convenience init(_ options: InputOptions, diagnostics: Diagnostics, sink: OutputSink?) {
    self.init(paths: options.files, strict: options.strict, diagnostics: diagnostics, sink: sink)
  }

  /// Records from readers already open (peeked at, say), one after the other.
  public init(readers: [LineReader], strict: Bool, diagnostics: Diagnostics, sink: OutputSink?) {
    self.paths = readers.map(\.name)
    self.readers = readers
    self.strict = strict
    self.diagnostics = diagnostics
    self.sink = sink
  }

  private var readers: [LineReader]?
  /// Runs when the next read of the input would wait: the moment to finish work in flight.
  public var onIdle: (() throws -> Void)?

  /// Calls `body` for every well-formed line of every input, in order.
  public func forEachRecord(_ body: (RecordLine) throws -> Void) throws {
    for (index, path) in paths.enumerated() {
      let reader = try readers?[index] ?? LineReader(path: path)
      let sink = self.sink
      reader.onDrain = { try sink?.flush() }
      reader.onIdle = onIdle
      try reader.forEachLine { bytes, number in
        switch LineShape.of(bytes) {
        case .blank:
          return
        case .record:
          let line = RecordLine(bytes: bytes, number: number, source: reader.name)
          do {
            try body(line)
          } catch let error as DecodingError {
            try reject(line, WireCoding.describe(error))
          }
        case .invalid(let problem):
          try reject(source: reader.name, line: number, problem)
        }
      }
    }
  }

  /// Reports a line the tool could not use (for example, it did not decode) under the same policy.
  public func reject(_ line: RecordLine, _ problem: String) throws {
    try reject(source: line.source, line: line.number, problem)
  }

  /// Ends the input: status 65 when any line was skipped, so a pipeline notices.
  public func finish() throws {
    guard rejected > 0 else { return }
    try sink?.flush()
    let rejected = self.rejected
    throw ToolError(
      .dataError,
      tr(one: "skipped \(rejected) bad input line", other: "skipped \(rejected) bad input lines", count: rejected))
  }

  private func reject(source: String, line: Int, _ problem: String) throws {
    rejected += 1
    if strict {
      try sink?.flush()
      throw ToolError(.dataError, "\(source):\(line): \(problem)")
    }
    // TRANSLATORS: {0} is the input's name, {1} the line number, {2} what is wrong with the line.
    diagnostics.error(tr("\(source):\(line): \(problem) (line skipped)"))
  }
}

/// What a raw line is, judged without parsing it.
enum LineShape: Equatable {
  case blank
  case record
  case invalid(String)

  static func of(_ bytes: UnsafeRawBufferPointer) -> LineShape {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return .blank }
    if let offset = UTF8Check.firstInvalidOffset(bytes) {
      let byte = offset + 1
      return .invalid(tr("invalid UTF-8 at byte \(byte)"))
    }
    let last = bytes.lastIndex(where: { !isSpace($0) }) ?? first
    guard bytes[first] == UInt8(ascii: "{") else { return .invalid(tr("not a JSON object")) }
    guard bytes[last] == UInt8(ascii: "}") else { return .invalid(tr("not a JSON object (truncated?)")) }
    return .record
  }
}
