/// One header field: its name as written and its value unfolded (RFC 5322 §2.2.3), still encoded.
public struct HeaderField: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A header block, in order; names compare without case.
public struct HeaderFields: Sendable, Equatable {
  public var fields: [HeaderField]

  public init(_ fields: [HeaderField] = []) { self.fields = fields }

  /// The first field called `name`, unfolded and with surrounding whitespace trimmed.
  public subscript(name: String) -> String? {
    fields.first { $0.name.caseInsensitiveEquals(name) }?.value
  }

  public func all(_ name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  /// Reads the header block starting at `start`: fields up to the first empty line. Returns the
  /// fields, where the body starts, and warnings. A line that is neither a field nor a
  /// continuation ends the block there (the body starts with it), as mail readers do. A leading
  /// mbox `From ` line is skipped.
  static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> (
    HeaderFields, bodyStart: Int, warnings: [String]
  ) {
    var fields: [HeaderField] = []
    var warnings: [String] = []
    var eightBit = false
    var current: (name: String, value: [UInt8])?
    func finish() {
      guard let field = current else { return }
      let decoded = headerText(field.value)
      if decoded.eightBit { eightBit = true }
      fields.append(HeaderField(name: field.name, value: decoded.text.trimmingWhitespace()))
      current = nil
    }
    var position = start
    var first = true
    while position < end {
      var lineEnd = position
      while lineEnd < end && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      let next = min(lineEnd + 1, end)
      var contentEnd = lineEnd
      if contentEnd > position && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
      defer { first = false }
      if contentEnd == position {
        finish()
        return (HeaderFields(fields), next, finishWarnings(warnings, eightBit))
      }
      let lead = bytes[position]
      if lead == 0x20 || lead == 0x09 {
        if current != nil {
          current!.value.append(contentsOf: bytes[position..<contentEnd])
        } else {
          warnings.append("a header block starting with a continuation line")
        }
        position = next
        continue
      }
      if first && bytes[position..<contentEnd].starts(with: "From ".utf8) {
        position = next
        continue
      }
      guard let colon = bytes[position..<contentEnd].firstIndex(of: UInt8(ascii: ":")),
        case let name = bytes[position..<colon].trimmingTrailingBlanks(),
        !name.isEmpty, name.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
      else {
        finish()
        warnings.append("no empty line between header and body")
        return (HeaderFields(fields), position, finishWarnings(warnings, eightBit))
      }
      finish()
      current = (String(decoding: name, as: UTF8.self), Array(bytes[(colon + 1)..<contentEnd]))
      position = next
    }
    finish()
    return (HeaderFields(fields), end, finishWarnings(warnings, eightBit))
  }

  private static func finishWarnings(_ warnings: [String], _ eightBit: Bool) -> [String] {
    eightBit ? warnings + ["8-bit bytes in the header that are not UTF-8, read as windows-1252"] : warnings
  }

  /// Header bytes as text: UTF-8 (RFC 6532) when valid, else windows-1252.
  private static func headerText(_ bytes: [UInt8]) -> (text: String, eightBit: Bool) {
    if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
    return (Charset.decode(bytes, label: "windows-1252").text, true)
  }
}

extension ArraySlice<UInt8> {
  func trimmingTrailingBlanks() -> ArraySlice<UInt8> {
    var slice = self
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }
}

extension StringProtocol {
  func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
    utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
  }

  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    // A slice copied at once: rebuilding the view scalar by scalar was one of the parser's hot spots.
    return String(self[first..<scalars.index(after: last)])
  }
}

func asciiLower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
