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

  /// The part's header and body, lines ending in `\n`. An enclosed message keeps its bytes as
  /// they are, whatever they are: its header says which transfer encoding that is.
  func part() -> [UInt8] {
    if mime == "message/rfc822" {
      let header =
        "Content-Type: message/rfc822\n" + "Content-Disposition: " + Self.parameter("attachment", filename) + "\n"
        + "Content-Transfer-Encoding: \(Self.identityEncoding(of: content))\n\n"
      // No line break added: the one before the next boundary belongs to the boundary, so the
      // part reads back as exactly `content`.
      return Array(header.utf8) + content
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
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The encoding that names `bytes` as they are (RFC 2045 §2.7–2.9; a message/rfc822 part may
  /// have no other, RFC 2046 §5.2.1): `7bit` for short lines of ASCII, `8bit` when bytes above
  /// 127 are in them, `binary` when a NUL, a CR that does not end a line, or a line longer than
  /// 998 bytes is; line ends may be LF or CRLF, as `sendmail -t` takes either.
  static func identityEncoding(of bytes: [UInt8]) -> String {
    var eightBit = false
    var lineLength = 0
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0: return "binary"
      case UInt8(ascii: "\n"): lineLength = 0
      case UInt8(ascii: "\r"):
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else { return "binary" }
      default:
        lineLength += 1
        if lineLength > 998 { return "binary" }
        if byte >= 0x80 { eightBit = true }
      }
    }
    return eightBit ? "8bit" : "7bit"
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
  /// The MIME header lines and the body after `headers`: the whole message, in bytes, since an
  /// enclosed message is carried as it is.
  static func finish(_ headers: [String], text: String, attachments: [OutgoingAttachment]) -> [UInt8] {
    var lines = headers
    lines.append("MIME-Version: 1.0")
    let encoded = PlainTextBody.encode(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
    let textHeader = "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: \(encoded.transferEncoding)"
    guard !attachments.isEmpty else {
      return Array((lines.joined(separator: "\n") + "\n" + textHeader + "\n\n" + encoded.body).utf8)
    }
    let parts = [Array((textHeader + "\n\n" + encoded.body).utf8)] + attachments.map { $0.part() }
    let boundary = Self.boundary(avoiding: parts)
    lines.append("Content-Type: multipart/mixed; boundary=\"\(boundary)\"")
    var body = Array((lines.joined(separator: "\n") + "\n\nThis is a message in MIME format.\n").utf8)
    for part in parts { body += Array("\n--\(boundary)\n".utf8) + part }
    body += Array("\n--\(boundary)--\n".utf8)
    return body
  }

  /// A boundary that no part contains (RFC 2046 §5.1.1); `=_` cannot start a line of
  /// quoted-printable or base64, so the first try almost always stands.
  private static func boundary(avoiding parts: [[UInt8]]) -> String {
    while true {
      let candidate = "=_ail-mail_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      if !parts.contains(where: { $0.contains(Array(candidate.utf8)) }) { return candidate }
    }
  }
}
