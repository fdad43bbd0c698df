import Mail

/// Where a message's signature and signed bytes are: the first part of a multipart/signed with
/// the signature beside it, or the content inside an application/pkcs7-mime signed-data. Only the
/// top level is read, where mail clients put a signature.
struct SignedLayout {
  /// What the signature covers, canonical (CRLF).
  var signedBytes: [UInt8]
  /// The CMS ContentInfo, DER or BER.
  var signature: [UInt8]
  /// The outer header fields over the signed entity: the message a reader sees.
  var readable: [UInt8]

  init?(_ bytes: [UInt8]) {
    let message = MailMessage(bytes)
    guard let outer = RawEntity(bytes[...]) else { return nil }
    let kept = Array(outer.fields.filter { !RawEntity.isContentField($0) }.joined())
    switch message.root.mimeType {
    case "multipart/signed":
      guard let boundary = message.root.contentType[parameter: "boundary"],
        let entity = Self.firstPart(of: bytes[message.root.body], boundary: boundary),
        case .multipart(let parts) = message.root.content, parts.count >= 2
      else { return nil }
      signedBytes = Canonical.crlf(entity)
      signature = message.decodedBody(of: parts[1]).bytes
      readable = kept + Array(entity)
    case "application/pkcs7-mime", "application/x-pkcs7-mime":
      let type = message.root.contentType[parameter: "smime-type"]?.lowercased()
      guard type == nil || type == "signed-data" else { return nil }
      signature = message.decodedBody(of: message.root).bytes
      guard let content = (try? SignedDataFields(ber: signature))?.content else { return nil }
      signedBytes = content
      readable = kept + (bytes.contains(.carriageReturn) ? content : Canonical.lf(content))
    default:
      return nil
    }
  }

  /// The bytes between the first delimiter line and the line break before the next (RFC 2046
  /// §5.1.1: that line break belongs to the delimiter); nil when there are not two delimiters.
  static func firstPart(of body: ArraySlice<UInt8>, boundary: String) -> ArraySlice<UInt8>? {
    let delimiter = Array(("--" + boundary).utf8)
    var start: Int?
    var index = body.startIndex
    while index < body.endIndex {
      let lineEnd = RawEntity.lineEnd(in: body, from: index)
      if body[index..<lineEnd].starts(with: delimiter) {
        if let start {
          var end = index
          if end > start, body[end - 1] == .newline { end -= 1 }
          if end > start, body[end - 1] == .carriageReturn { end -= 1 }
          return body[start..<end]
        }
        start = lineEnd
      }
      index = lineEnd
    }
    return nil
  }
}
