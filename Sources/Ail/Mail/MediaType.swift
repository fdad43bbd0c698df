/// A Content-Type or Content-Disposition value: the leading value (`text/plain`, `attachment`),
/// lower-cased, and its parameters with RFC 2231 continuations and charsets (`name*0*=utf-8''…`)
/// put together and decoded. Encoded words in quoted values (`filename="=?UTF-8?B?…?="`, which
/// many mailers write) are decoded too.
public struct MediaType: Sendable, Equatable {
  public var value: String
  /// Parameter names lower-cased, in order of first appearance.
  public var parameters: [(name: String, value: String)]

  public static func == (a: MediaType, b: MediaType) -> Bool {
    a.value == b.value && a.parameters.elementsEqual(b.parameters) { $0.name == $1.name && $0.value == $1.value }
  }

  public subscript(parameter name: String) -> String? {
    parameters.first { $0.name == name }?.value
  }

  /// `text/plain` → ("text", "plain"); a value that is not `type/subtype` counts as text/plain,
  /// as RFC 2045 §5.2 says.
  public var mimeType: (type: String, subtype: String) {
    let halves = value.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return ("text", "plain") }
    return (String(halves[0]), String(halves[1]))
  }

  public init(value: String, parameters: [(name: String, value: String)] = []) {
    self.value = value
    self.parameters = parameters
  }

  public init(parsing header: String) {
    var segments = Self.split(header)
    value = segments.isEmpty ? "" : Self.stripComments(segments.removeFirst()).trimmingWhitespace().lowercased()
    // The first plain value of each name, and the names in order of first appearance (a set beside
    // the list: searching the list for every parameter was quadratic in their number).
    var plain: [String: String] = [:]
    var sections: [String: [(index: Int, extended: Bool, value: String)]] = [:]
    var order: [String] = []
    var seen: Set<String> = []
    for segment in segments {
      guard let equals = segment.firstIndex(of: "=") else { continue }
      var name = segment[..<equals].trimmingWhitespace().lowercased()
      let raw = segment[segment.index(after: equals)...].trimmingWhitespace()
      let quoted = raw.hasPrefix("\"")
      let parameterValue = quoted ? Self.unquote(raw) : Self.stripComments(Substring(raw)).trimmingWhitespace()
      guard !name.isEmpty else { continue }
      // RFC 2231: name*, name*N, name*N*.
      var extended = false
      if name.hasSuffix("*") {
        extended = true
        name.removeLast()
      }
      var index = -1
      if let star = name.lastIndex(of: "*"), let number = Int(name[name.index(after: star)...]) {
        index = number
        name = String(name[..<star])
      }
      if seen.insert(name).inserted { order.append(name) }
      if index < 0 && !extended {
        let value = quoted ? EncodedWords.decode(parameterValue) : parameterValue
        if plain[name] == nil { plain[name] = value }
      } else {
        sections[name, default: []].append((max(index, 0), extended, parameterValue))
      }
    }
    var parameters: [(name: String, value: String)] = []
    for name in order {
      // An RFC 2231 form wins over a plain one of the same name: it is the one meant for readers
      // that understand it.
      if let parts = sections[name] {
        parameters.append((name, Self.joinSections(parts.sorted { $0.index < $1.index })))
      } else if let value = plain[name] {
        parameters.append((name, value))
      }
    }
    self.parameters = parameters
  }

  /// RFC 2231 sections: the first extended one may start with `charset'language'`; extended
  /// sections are percent-encoded bytes; all are joined before the charset is applied.
  private static func joinSections(_ parts: [(index: Int, extended: Bool, value: String)]) -> String {
    var charset: String?
    var bytes: [UInt8] = []
    for (position, part) in parts.enumerated() {
      var text = Substring(part.value)
      if part.extended && position == 0 {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        if pieces.count == 3 {
          charset = pieces[0].isEmpty ? nil : String(pieces[0])
          text = pieces[2]
        }
      }
      if part.extended { bytes += percentDecode(text) } else { bytes += Array(text.utf8) }
    }
    return Charset.decode(bytes, label: charset ?? "utf-8").text
  }

  private static func percentDecode(_ text: Substring) -> [UInt8] {
    let input = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < input.count {
      if input[index] == UInt8(ascii: "%"), index + 2 < input.count, let high = TransferEncoding.hex(input[index + 1]),
        let low = TransferEncoding.hex(input[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(input[index])
        index += 1
      }
    }
    return out
  }

  /// Splits at `;` outside quoted strings and comments.
  private static func split(_ header: String) -> [Substring] {
    var segments: [Substring] = []
    var start = header.startIndex
    var index = header.startIndex
    var quoted = false
    var depth = 0
    while index < header.endIndex {
      let character = header[index]
      if character == "\\" && (quoted || depth > 0) {
        index = header.index(after: index)
        if index < header.endIndex { index = header.index(after: index) }
        continue
      }
      if character == "\"" && depth == 0 { quoted.toggle() }
      if !quoted {
        if character == "(" { depth += 1 }
        if character == ")" && depth > 0 { depth -= 1 }
        if character == ";" && depth == 0 {
          segments.append(header[start..<index])
          start = header.index(after: index)
        }
      }
      index = header.index(after: index)
    }
    segments.append(header[start...])
    return segments
  }

  /// The content of a quoted string (up to its closing quote), with backslash escapes undone.
  static func unquote(_ text: String) -> String {
    var out = ""
    var escaped = false
    for character in text.dropFirst() {
      if escaped {
        out.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        break
      } else {
        out.append(character)
      }
    }
    return out
  }

  private static func stripComments(_ text: Substring) -> String {
    guard text.contains("(") else { return String(text) }
    var out = ""
    var depth = 0
    for character in text {
      if character == "(" {
        depth += 1
      } else if character == ")" && depth > 0 {
        depth -= 1
      } else if depth == 0 {
        out.append(character)
      }
    }
    return out
  }
}
