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
    let halves = value.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
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
      let scalars = segment.unicodeScalars
      guard let equals = scalars.firstIndex(of: "=") else { continue }
      var name = Substring(scalars[..<equals]).trimmingWhitespace().lowercased()
      let raw = Substring(scalars[scalars.index(after: equals)...]).trimmingWhitespace()
      let quoted = raw.unicodeScalars.first == "\""
      let parameterValue = quoted ? Self.unquote(raw) : Self.stripComments(Substring(raw)).trimmingWhitespace()
      guard !name.isEmpty else { continue }
      // RFC 2231: name*, name*N, name*N*.
      var extended = false
      if name.unicodeScalars.last == "*" {
        extended = true
        name.unicodeScalars.removeLast()
      }
      var index = -1
      if let star = name.unicodeScalars.lastIndex(of: "*"),
        let number = Int(String(name.unicodeScalars[name.unicodeScalars.index(after: star)...]))
      {
        index = number
        name = String(name.unicodeScalars[..<star])
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
        let pieces = text.unicodeScalars.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        if pieces.count == 3 {
          charset = pieces[0].isEmpty ? nil : String(pieces[0])
          text = Substring(pieces[2])
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

  /// Splits at `;` outside quoted strings and comments. Delimiters are looked for among Unicode
  /// scalars, as other mail software reads them: a Prepend character before `;` or a combining
  /// mark after `"` joins it into one `Character`, and must not hide it.
  private static func split(_ header: String) -> [Substring] {
    let scalars = Substring(header).unicodeScalars
    var segments: [Substring] = []
    var start = scalars.startIndex
    var index = scalars.startIndex
    var quoted = false
    var depth = 0
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\\" && (quoted || depth > 0) {
        index = scalars.index(after: index)
        if index < scalars.endIndex { index = scalars.index(after: index) }
        continue
      }
      if scalar == "\"" && depth == 0 { quoted.toggle() }
      if !quoted {
        if scalar == "(" { depth += 1 }
        if scalar == ")" && depth > 0 { depth -= 1 }
        if scalar == ";" && depth == 0 {
          segments.append(Substring(scalars[start..<index]))
          start = scalars.index(after: index)
        }
      }
      index = scalars.index(after: index)
    }
    segments.append(Substring(scalars[start...]))
    return segments
  }

  /// The content of a quoted string (up to its closing quote), with backslash escapes undone.
  static func unquote(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars.dropFirst() {
      if escaped {
        out.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "\"" {
        break
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  private static func stripComments(_ text: Substring) -> String {
    guard text.unicodeScalars.contains("(") else { return String(text) }
    var out = String.UnicodeScalarView()
    var depth = 0
    for scalar in text.unicodeScalars {
      if scalar == "(" {
        depth += 1
      } else if scalar == ")" && depth > 0 {
        depth -= 1
      } else if depth == 0 {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
