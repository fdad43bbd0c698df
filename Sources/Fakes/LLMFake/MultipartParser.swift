import Wire

/// A small `multipart/form-data` reader (RFC 7578), independent of any client's writer so that a
/// test sees what really went over the wire: parts split at `--boundary` lines, each part's
/// headers up to the blank line, `Content-Disposition` parameters unquoted.
enum MultipartParser {
  /// The `boundary` parameter of a `multipart/form-data` content type, or nil for another type.
  static func boundary(contentType: String) -> String? {
    let pieces = contentType.split(separator: ";", omittingEmptySubsequences: false)
    guard let type = pieces.first, type.trimmed.lowercased() == "multipart/form-data" else { return nil }
    for piece in pieces.dropFirst() {
      let parameter = piece.trimmed
      guard let equals = parameter.firstIndex(of: "="),
        parameter[..<equals].trimmed.lowercased() == "boundary"
      else { continue }
      var value = parameter[parameter.index(after: equals)...].trimmed
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The parts of `body`, or nil when it is not a well-formed multipart body for `boundary`
  /// (no opening delimiter, a part without its blank line, no closing delimiter).
  static func parse(_ body: [UInt8], boundary: String) -> [FakeFormPart]? {
    let delimiter = Array("--\(boundary)".utf8)
    let crlf: [UInt8] = [0x0D, 0x0A]
    // The body starts with the first delimiter (a preamble before it is allowed and ignored).
    guard var position = ByteSearch.firstIndex(of: delimiter, in: body, from: 0) else { return nil }
    var parts: [FakeFormPart] = []
    while true {
      position += delimiter.count
      // `--` after a delimiter closes the body.
      if body.count >= position + 2, body[position] == 0x2D, body[position + 1] == 0x2D { return parts }
      // Else the rest of the delimiter line (transport padding) and its CRLF.
      guard let lineEnd = ByteSearch.firstIndex(of: crlf, in: body, from: position) else { return nil }
      let headersStart = lineEnd + 2
      guard let headersEnd = ByteSearch.firstIndex(of: [0x0D, 0x0A, 0x0D, 0x0A], in: body, from: headersStart - 2)
      else { return nil }
      let contentStart = headersEnd + 4
      guard let next = ByteSearch.firstIndex(of: crlf + delimiter, in: body, from: contentStart) else { return nil }
      let headerText = headersEnd > headersStart ? String(decoding: body[headersStart..<headersEnd], as: UTF8.self) : ""
      guard let part = part(headers: headerText, content: Array(body[contentStart..<max(contentStart, next)])) else {
        return nil
      }
      parts.append(part)
      position = next + 2
    }
  }

  private static func part(headers: String, content: [UInt8]) -> FakeFormPart? {
    var name: String?
    var filename: String?
    var contentType: String?
    for line in headers.split(separator: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let field = line[..<colon].trimmed.lowercased()
      let value = line[line.index(after: colon)...].trimmed
      switch field {
      case "content-disposition":
        let parameters = dispositionParameters(value)
        name = parameters["name"]
        filename = parameters["filename"]
      case "content-type":
        contentType = value
      default:
        break
      }
    }
    guard let name else { return nil }
    return FakeFormPart(name: name, filename: filename, contentType: contentType, bytes: content)
  }

  /// `form-data; name="a"; filename="b.wav"` → `["name": "a", "filename": "b.wav"]`; quoted
  /// values may contain `;` and backslash-escaped quotes.
  static func dispositionParameters(_ value: String) -> [String: String] {
    var result: [String: String] = [:]
    let scalars = Array(value.unicodeScalars)
    var index = scalars.firstIndex(of: ";") ?? scalars.count
    while index < scalars.count {
      index += 1  // past ";"
      while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
      var key = ""
      while index < scalars.count, scalars[index] != "=", scalars[index] != ";" {
        key.unicodeScalars.append(scalars[index])
        index += 1
      }
      var parameter = ""
      if index < scalars.count, scalars[index] == "=" {
        index += 1
        if index < scalars.count, scalars[index] == "\"" {
          index += 1
          while index < scalars.count, scalars[index] != "\"" {
            if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
            parameter.unicodeScalars.append(scalars[index])
            index += 1
          }
          index += 1  // past the closing quote
          while index < scalars.count, scalars[index] != ";" { index += 1 }
        } else {
          while index < scalars.count, scalars[index] != ";" {
            parameter.unicodeScalars.append(scalars[index])
            index += 1
          }
          parameter = parameter.trimmed
        }
      }
      let name = key.trimmed.lowercased()
      if !name.isEmpty, result[name] == nil { result[name] = parameter }
    }
    return result
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmed: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
