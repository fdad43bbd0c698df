/// A file, or a whole message, that a written message carries.
public struct OutgoingAttachment: Sendable, Equatable {
  public var filename: String
  /// `type/subtype`; `message/rfc822` encloses `content` as a message, unencoded.
  public var mime: String
  public var content: [UInt8]

  public init(filename: String, mime: String, content: [UInt8]) {
    self.filename = filename
    self.mime = mime
    self.content = content
  }

  /// A file's content with its type sniffed (``MediaSniff``).
  public init(file name: String, content: [UInt8]) {
    self.init(filename: name, mime: MediaSniff.type(of: content, name: name), content: content)
  }

  /// The part's header and body, lines ending in `\n`.
  func part() -> String {
    if mime == "message/rfc822" {
      let eightBit = content.contains { $0 >= 0x80 }
      var text = String(decoding: content, as: UTF8.self)
      if !text.hasSuffix("\n") { text += "\n" }
      return "Content-Type: message/rfc822\n" + "Content-Disposition: " + Self.parameter("attachment", filename) + "\n"
        + "Content-Transfer-Encoding: \(eightBit ? "8bit" : "7bit")\n\n" + text
    }
    var lines = [
      "Content-Type: " + mime + (mime.hasPrefix("text/") ? "; charset=utf-8" : ""),
      "Content-Disposition: " + Self.parameter("attachment", filename),
      "Content-Transfer-Encoding: base64",
    ]
    lines.append("")
    let encoded = Array(TransferEncoding.base64Encode(content).utf8)
    var start = 0
    while start < encoded.count {
      lines.append(String(decoding: encoded[start..<min(start + 76, encoded.count)], as: UTF8.self))
      start += 76
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `attachment; filename="name"` for a short printable ASCII name, else RFC 2231's
  /// `filename*=utf-8''…` in percent-encoded UTF-8, in `filename*0*`, `filename*1*`, … sections
  /// when it is long, so that no header line passes 78 characters.
  static func parameter(_ value: String, _ name: String) -> String {
    let plain = name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }
    if plain && !name.contains("=?") && name.count <= 60 { return "\(value); filename=\"\(name)\"" }
    let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    let pieces = name.utf8.map { byte in
      safe.contains(byte)
        ? String(UnicodeScalar(byte))
        : "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
    }
    let encoded = "utf-8''" + pieces.joined()
    if encoded.count <= 60 { return "\(value); filename*=\(encoded)" }
    var sections: [String] = []
    var current = "utf-8''"
    for piece in pieces {
      if current.count + piece.count > 60 {
        sections.append(current)
        current = ""
      }
      current += piece
    }
    sections.append(current)
    return value + sections.enumerated().map { ";\n filename*\($0.offset)*=\($0.element)" }.joined()
  }
}

/// Writes a message body: plain text alone, or as the first part of a multipart/mixed with the
/// attachments after it.
enum MessageBody {
  /// The MIME header lines and the body after `headers`.
  static func finish(_ headers: [String], text: String, attachments: [OutgoingAttachment]) -> String {
    var lines = headers
    lines.append("MIME-Version: 1.0")
    let encoded = PlainTextBody.encode(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
    let textHeader = "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: \(encoded.transferEncoding)"
    guard !attachments.isEmpty else { return lines.joined(separator: "\n") + "\n" + textHeader + "\n\n" + encoded.body }
    let parts = [textHeader + "\n\n" + encoded.body] + attachments.map { $0.part() }
    let boundary = Self.boundary(avoiding: parts)
    lines.append("Content-Type: multipart/mixed; boundary=\"\(boundary)\"")
    var body = "This is a message in MIME format.\n"
    for part in parts { body += "\n--\(boundary)\n" + part }
    body += "\n--\(boundary)--\n"
    return lines.joined(separator: "\n") + "\n\n" + body
  }

  /// A boundary that no part contains (RFC 2046 §5.1.1); `=_` cannot start a line of
  /// quoted-printable or base64, so the first try almost always stands.
  private static func boundary(avoiding parts: [String]) -> String {
    while true {
      let candidate = "=_ail-mail_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      if !parts.contains(where: { $0.contains(candidate) }) { return candidate }
    }
  }
}
