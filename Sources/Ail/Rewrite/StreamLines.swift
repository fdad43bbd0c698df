/// Splits a byte stream that arrives in arbitrary chunks into lines (LF or CRLF), keeping a
/// partial line until the rest arrives.
struct LineSplitter {
  private var pending: [UInt8] = []

  /// The complete lines in `pending` plus `chunk`, without their line breaks.
  mutating func lines(adding chunk: some Collection<UInt8>) -> [[UInt8]] {
    pending.append(contentsOf: chunk)
    var lines: [[UInt8]] = []
    var start = 0
    while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
      var end = newline
      if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(Array(pending[start..<end]))
      start = newline + 1
    }
    pending.removeFirst(start)
    return lines
  }

  /// What is left once the stream has ended: a last line without a line break, if any.
  mutating func finish() -> [UInt8]? {
    defer { pending = [] }
    return pending.isEmpty ? nil : pending
  }
}

/// Server-sent events (the subset chat streams use): `data:` lines, joined by `\n` until a blank
/// line ends the event; comments (`:`) and other fields (`event:`, `id:`, `retry:`) ignored.
struct ServerSentEvents {
  private var lines = LineSplitter()
  private var data: [UInt8]?

  /// The data of every event completed by `chunk`.
  mutating func events(adding chunk: some Collection<UInt8>) -> [[UInt8]] {
    var events: [[UInt8]] = []
    for line in lines.lines(adding: chunk) { if let event = take(line) { events.append(event) } }
    return events
  }

  /// An event left open when the stream ended (no blank line after it).
  mutating func finish() -> [UInt8]? {
    if let line = lines.finish(), let event = take(line) { return event }
    defer { data = nil }
    return data
  }

  private mutating func take(_ line: [UInt8]) -> [UInt8]? {
    if line.isEmpty {
      defer { data = nil }
      return data
    }
    guard line.starts(with: "data:".utf8) else { return nil }
    var value = line.dropFirst(5)
    if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
    if data == nil { data = Array(value) } else { data! += [UInt8(ascii: "\n")] + value }
    return nil
  }
}
