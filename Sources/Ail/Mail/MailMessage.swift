/// One part of a MIME message: its header, its type, and either its body or its subparts.
public struct MIMEPart: Sendable {
  public indirect enum Content: Sendable {
    /// A leaf: the body bytes, still transfer-encoded.
    case single
    case multipart([MIMEPart])
    /// message/rfc822: the enclosed message.
    case message(MIMEPart)
  }

  public var headers: HeaderFields
  /// Content-Type, or the default of its place (text/plain; message/rfc822 inside a digest).
  public var contentType: MediaType
  public var disposition: MediaType?
  /// The body in the message's bytes (for multiparts: everything after the header).
  public var body: Range<Int>
  public var content: Content

  /// `type/subtype`, lower-cased.
  public var mimeType: String {
    let (type, subtype) = contentType.mimeType
    return "\(type)/\(subtype)"
  }

  public var transferEncoding: String? { headers["Content-Transfer-Encoding"]?.trimmingWhitespace().lowercased() }

  /// Content-ID without its angle brackets.
  public var contentID: String? {
    guard let raw = headers["Content-ID"]?.trimmingWhitespace(), !raw.isEmpty else { return nil }
    return raw.hasPrefix("<") && raw.hasSuffix(">") ? String(raw.dropFirst().dropLast()) : raw
  }

  /// The disposition's `filename`, else the type's `name` (older mailers), decoded.
  public var filename: String? {
    let name = disposition?[parameter: "filename"] ?? contentType[parameter: "name"]
    return name.map { EncodedWords.decode($0) }
  }

  public var isAttachment: Bool { disposition?.value == "attachment" }
}

/// A parsed RFC 5322 / MIME message. Parsing never fails: damage is reported in ``warnings``
/// and what can be read is read.
public struct MailMessage: Sendable {
  public let bytes: [UInt8]
  public let root: MIMEPart
  public let warnings: [String]

  /// How deep multiparts and enclosed messages may nest before the rest is taken as one part.
  static let maximumDepth = 40

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var warnings: [String] = []
    root = Self.parsePart(bytes, 0..<bytes.count, defaultType: "text/plain", depth: 0, warnings: &warnings)
    self.warnings = warnings
  }

  public var headers: HeaderFields { root.headers }

  /// A leaf's body with its transfer encoding undone.
  public func decodedBody(of part: MIMEPart) -> TransferEncoding.Decoded {
    TransferEncoding.decode(bytes[part.body], encoding: part.transferEncoding)
  }

  /// A text leaf's body as text: transfer encoding undone, charset applied.
  public func text(of part: MIMEPart) -> (text: String, warnings: [String]) {
    let body = decodedBody(of: part)
    let decoded = Charset.decode(body.bytes, label: part.contentType[parameter: "charset"])
    return (decoded.text, [body.warning, decoded.warning].compactMap { $0 })
  }

  private static func parsePart(
    _ bytes: [UInt8], _ range: Range<Int>, defaultType: String, depth: Int, warnings: inout [String]
  ) -> MIMEPart {
    let (headers, bodyStart, headerWarnings) = HeaderFields.parse(bytes, from: range.lowerBound, to: range.upperBound)
    warnings += headerWarnings
    var contentType = headers["Content-Type"].map(MediaType.init(parsing:)) ?? MediaType(value: defaultType)
    if headers["Content-Type"] != nil, contentType.mimeType == ("text", "plain"), contentType.value != "text/plain" {
      warnings.append("unreadable Content-Type \"\(contentType.value)\", taken as text/plain")
      contentType.value = "text/plain"
    }
    let disposition = headers["Content-Disposition"].map(MediaType.init(parsing:))
    let body = bodyStart..<range.upperBound
    var part = MIMEPart(
      headers: headers, contentType: contentType, disposition: disposition, body: body, content: .single)
    let (type, subtype) = contentType.mimeType
    if depth >= maximumDepth && (type == "multipart" || type == "message") {
      warnings.append("parts nested deeper than \(maximumDepth) levels, the rest taken as one part")
      return part
    }
    switch type {
    case "multipart":
      guard let boundary = contentType[parameter: "boundary"], !boundary.isEmpty else {
        warnings.append("\(part.mimeType) without a boundary, taken as text/plain")
        part.contentType = MediaType(value: "text/plain", parameters: contentType.parameters)
        return part
      }
      let childDefault = subtype == "digest" ? "message/rfc822" : "text/plain"
      let (ranges, closed) = splitMultipart(bytes, body, boundary: Array(boundary.utf8))
      guard !ranges.isEmpty else {
        warnings.append("\(part.mimeType) whose boundary never appears, taken as text/plain")
        part.contentType = MediaType(value: "text/plain", parameters: contentType.parameters)
        return part
      }
      if !closed { warnings.append("\(part.mimeType): missing closing boundary \"--\(boundary)--\"") }
      part.content = .multipart(
        ranges.map { parsePart(bytes, $0, defaultType: childDefault, depth: depth + 1, warnings: &warnings) })
    case "message" where subtype == "rfc822" || subtype == "global":
      if let encoding = part.transferEncoding, !["7bit", "8bit", "binary"].contains(encoding) { break }
      part.content = .message(parsePart(bytes, body, defaultType: "text/plain", depth: depth + 1, warnings: &warnings))
    default:
      break
    }
    return part
  }

  /// The byte ranges of a multipart's parts (RFC 2046 §5.1.1): a delimiter is a line of `--`,
  /// the boundary, optionally `--` (the last one), then only blanks; the line break before a
  /// delimiter belongs to it. `closed` says whether the closing delimiter was found.
  static func splitMultipart(_ bytes: [UInt8], _ body: Range<Int>, boundary: [UInt8]) -> (
    parts: [Range<Int>], closed: Bool
  ) {
    var parts: [Range<Int>] = []
    var partStart: Int?
    var lineStart = body.lowerBound
    return bytes.withUnsafeBufferPointer { buffer in
      while lineStart < body.upperBound {
        var lineEnd = lineStart
        while lineEnd < body.upperBound && buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let next = min(lineEnd + 1, body.upperBound)
        if let last = delimiter(buffer, lineStart, lineEnd, boundary) {
          if let start = partStart {
            // The part ends before the line break that precedes the delimiter.
            var end = lineStart
            if end > start && buffer[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            parts.append(start..<max(start, end))
          }
          if last { return (parts, true) }
          partStart = next
        }
        lineStart = next
      }
      if let start = partStart { parts.append(start..<body.upperBound) }
      return (parts, false)
    }
  }

  /// Whether the line is a delimiter for `boundary`: nil if not, else whether it is the closing one.
  private static func delimiter(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ boundary: [UInt8])
    -> Bool?
  {
    let length = end - start
    guard length >= boundary.count + 2, buffer[start] == UInt8(ascii: "-"), buffer[start + 1] == UInt8(ascii: "-")
    else { return nil }
    for index in 0..<boundary.count where buffer[start + 2 + index] != boundary[index] { return nil }
    var position = start + 2 + boundary.count
    var closing = false
    if position + 1 < end, buffer[position] == UInt8(ascii: "-"), buffer[position + 1] == UInt8(ascii: "-") {
      closing = true
      position += 2
    }
    while position < end {
      let byte = buffer[position]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return nil }
      position += 1
    }
    return closing
  }
}
