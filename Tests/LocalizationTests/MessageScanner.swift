/// A message as the code writes it, found by ``MessageScanner``.
struct ExtractedMessage: Equatable {
  var id: String
  /// The other form of a `tr(one:other:count:)`.
  var plural: String?
  /// The `TRANSLATORS:` comment above the call, line by line.
  var comments: [String] = []
  /// `Sources/Commands/rk-prune/RKPrune.swift:42`, for the test's messages.
  var location: String
}

/// What xgettext does for C, for the one call pattern of ``Localization/tr(_:in:)``: finds each
/// `tr(` outside comments and other literals, and turns the string literal it is given (plain or
/// multi-line, with escapes, line continuations and interpolations) into the message id the
/// compiled code builds: literal braces doubled, interpolations numbered `{0}`, `{1}` …
///
/// A call without a literal first argument is reported as a failure: the catalog could not see it.
struct MessageScanner {
  private let bytes: [UInt8]
  private let file: String
  private var position = 0
  private(set) var messages: [ExtractedMessage] = []
  private(set) var failures: [String] = []

  init(source: String, file: String) {
    bytes = Array(source.utf8)
    self.file = file
  }

  static func scan(_ source: String, file: String) -> (messages: [ExtractedMessage], failures: [String]) {
    var scanner = MessageScanner(source: source, file: file)
    scanner.run()
    return (scanner.messages, scanner.failures)
  }

  private mutating func run() {
    var previousWord = ""
    while position < bytes.count {
      let byte = bytes[position]
      if starts(with: "//") {
        skip(through: UInt8(ascii: "\n"))
      } else if starts(with: "/*") {
        skipBlockComment()
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") && rawLiteralFollows() {
        _ = literal()
      } else if isIdentifierByte(byte) {
        let start = position
        while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        let isMember = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
        if word == "tr", !isMember, previousWord != "func", position < bytes.count, bytes[position] == UInt8(ascii: "(")
        {
          call(at: start)
        }
        previousWord = word
      } else {
        position += 1
      }
    }
  }

  /// The arguments of a `tr(` call at `start`: a literal, or `one:` and `other:` literals.
  private mutating func call(at start: Int) {
    let location = "\(file):\(line(of: start))"
    position += 1
    skipWhitespace()
    let isPlural = starts(with: "one:")
    if isPlural {
      position += 4
      skipWhitespace()
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let id = literal() else {
      failures.append("\(location): tr( is not given a string literal, so the catalog cannot see its message")
      return
    }
    var message = ExtractedMessage(id: id, location: location)
    message.comments = translatorComments(above: start)
    if isPlural {
      skipWhitespace()
      var hasOther = starts(with: ",")
      if hasOther {
        position += 1
        skipWhitespace()
        hasOther = starts(with: "other:")
      }
      guard hasOther else {
        failures.append("\(location): tr(one: is not followed by other:")
        return
      }
      position += 6
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let plural = literal() else {
        failures.append("\(location): tr(one:other: is not given a string literal as other:")
        return
      }
      message.plural = plural
    }
    messages.append(message)
  }

  // MARK: Literals

  /// The message id of the literal at `position` (a plain or multi-line literal), or nil for a raw
  /// literal (`#"…"#`), which is skipped.
  private mutating func literal() -> String? {
    if bytes[position] == UInt8(ascii: "#") {
      skipRawLiteral()
      return nil
    }
    let multiline = starts(with: "\"\"\"")
    position += multiline ? 3 : 1
    if multiline { skip(through: UInt8(ascii: "\n")) }
    // The literal's text with each interpolation replaced by a 0x01 byte; escapes still raw.
    var raw: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "(") {
        position += 2
        skipInterpolation()
        raw.append(1)
        continue
      }
      if byte == UInt8(ascii: "\\") {
        raw += bytes[position...min(position + 1, bytes.count - 1)]
        position += 2
        continue
      }
      if multiline ? starts(with: "\"\"\"") : byte == UInt8(ascii: "\"") {
        position += multiline ? 3 : 1
        break
      }
      raw.append(byte)
      position += 1
    }
    return Self.messageID(multiline ? Self.removingIndentation(raw) : raw)
  }

  /// A multi-line literal's lines without the indentation of its closing delimiter, and without
  /// the line break before it.
  private static func removingIndentation(_ raw: [UInt8]) -> [UInt8] {
    var lines = raw.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let indentation = lines.removeLast().count
    return Array(
      lines.map { $0.count >= indentation ? $0.dropFirst(indentation) : $0.drop { $0 == UInt8(ascii: " ") } }
        .joined(separator: [UInt8(ascii: "\n")]))
  }

  /// Escapes resolved, braces doubled, interpolations numbered.
  private static func messageID(_ raw: [UInt8]) -> String {
    var text: [UInt8] = []
    var index = 0
    var placeholder = 0
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13, UInt8(ascii: "0"): 0,
      UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "\""): UInt8(ascii: "\""),
      UInt8(ascii: "'"): UInt8(ascii: "'"),
    ]
    while index < raw.count {
      let byte = raw[index]
      switch byte {
      case 1:
        text += Array("{\(placeholder)}".utf8)
        placeholder += 1
      case UInt8(ascii: "{"), UInt8(ascii: "}"):
        text += [byte, byte]
      case UInt8(ascii: "\\") where index + 1 < raw.count:
        index += 1
        if raw[index] == UInt8(ascii: "\n") {
          break  // a line continuation
        } else if let resolved = simple[raw[index]] {
          text.append(resolved)
        } else if raw[index] == UInt8(ascii: "u"), let close = raw[index...].firstIndex(of: UInt8(ascii: "}")) {
          let hex = String(decoding: raw[(index + 2)..<close], as: UTF8.self)
          if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
            text += Array(String(Character(scalar)).utf8)
          }
          index = close
        }
      default:
        text.append(byte)
      }
      index += 1
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Past the `)` that closes an interpolation, over nested parentheses and literals.
  private mutating func skipInterpolation() {
    var depth = 1
    while position < bytes.count, depth > 0 {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        _ = literal()
        continue
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"): depth -= 1
      default: break
      }
      position += 1
    }
  }

  private func rawLiteralFollows() -> Bool {
    var index = position
    while index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "\"")
  }

  private mutating func skipRawLiteral() {
    var hashes = 0
    while bytes[position] == UInt8(ascii: "#") {
      hashes += 1
      position += 1
    }
    let quotes = starts(with: "\"\"\"") ? 3 : 1
    position += quotes
    let end =
      [UInt8](repeating: UInt8(ascii: "\""), count: quotes) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
    while position < bytes.count, !bytes[position...].starts(with: end) { position += 1 }
    position += end.count
  }

  // MARK: Comments and positions

  /// The `TRANSLATORS:` comment on the `//` lines just above the line of `offset`, from that word on.
  private func translatorComments(above offset: Int) -> [String] {
    let lines = String(decoding: bytes[..<offset], as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    var block: [String] = []
    for line in lines.dropLast().reversed() {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("//") else { break }
      block.insert(String(trimmed.dropFirst(2).drop { $0 == " " }), at: 0)
    }
    guard let start = block.firstIndex(where: { $0.hasPrefix("TRANSLATORS:") }) else { return [] }
    return Array(block[start...])
  }

  private func line(of offset: Int) -> Int { bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1 }

  private func starts(with text: String) -> Bool {
    position < bytes.count && bytes[position...].starts(with: text.utf8)
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, [9, 10, 13, 32].contains(bytes[position]) { position += 1 }
  }

  private mutating func skip(through byte: UInt8) {
    while position < bytes.count, bytes[position] != byte { position += 1 }
    position += 1
  }

  private mutating func skipBlockComment() {
    while position < bytes.count, !starts(with: "*/") { position += 1 }
    position += 2
  }

  private func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
      || byte >= 0x80
  }
}
