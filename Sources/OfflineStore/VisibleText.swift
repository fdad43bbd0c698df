/// The text a reader sees in an HTML fragment, for the full-text index: tags removed, script and
/// style contents dropped, common character references decoded, whitespace collapsed.
enum VisibleText {
  static func of(_ html: String) -> String {
    var text = ""
    text.reserveCapacity(html.utf8.count / 2)
    var skipUntil: String?
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      if skipUntil == nil { append(decode(rest[..<open]), to: &text) }
      guard let close = rest[open...].firstIndex(of: ">") else {
        rest = rest[rest.endIndex...]
        break
      }
      let tag = rest[rest.index(after: open)..<close].lowercased()
      let name = tag.prefix { $0.isLetter || $0 == "/" || $0.isNumber }
      if let closing = skipUntil {
        if name == closing { skipUntil = nil }
      } else if name == "script" || name == "style" {
        skipUntil = "/" + name
      } else {
        text += " "  // tags separate words
      }
      rest = rest[rest.index(after: close)...]
    }
    if skipUntil == nil { append(decode(rest), to: &text) }
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  private static func append(_ piece: String, to text: inout String) { text += piece }

  private static let named: [Substring: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
    "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
  ]

  private static func decode(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    var result = ""
    var rest = text
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
        result += "&"
        rest = after
        continue
      }
      let entity = after[..<semicolon]
      var decoded: String?
      if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
        decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
      } else if entity.hasPrefix("#") {
        decoded = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
      } else {
        decoded = named[entity]
      }
      if let decoded {
        result += decoded
        rest = after[after.index(after: semicolon)...]
      } else {
        result += "&"
        rest = after
      }
    }
    result += rest
    return result
  }
}
