import HTMLScan
public import Wire

extension MailMessage {
  /// The part the reader reads: the first text/plain part, else the first text/html part, found
  /// depth first the way Python's `email` `get_body(('plain', 'html'))` finds them (only the
  /// start part of a multipart/related counts; attachments and enclosed messages never).
  public var bodyPart: MIMEPart? {
    var html: MIMEPart?
    func search(_ part: MIMEPart) -> MIMEPart? {
      switch part.content {
      case .single:
        guard isBodyCandidate(part) else { return nil }
        if part.mimeType == "text/plain" { return part }
        if html == nil { html = part }
        return nil
      case .multipart(let parts):
        guard !part.isAttachment else { return nil }
        if part.mimeType == "multipart/related" {
          let start = part.contentType[parameter: "start"]
          let root = parts.first { start != nil && "<\($0.contentID ?? "")>" == start } ?? parts.first
          return root.flatMap(search)
        }
        for child in parts { if let found = search(child) { return found } }
        return nil
      case .message:
        return nil
      }
    }
    return search(root) ?? html
  }

  /// Whether a leaf is body text rather than an attachment: text/plain or text/html, without a
  /// file name, not marked as an attachment.
  func isBodyCandidate(_ part: MIMEPart) -> Bool {
    guard case .single = part.content else { return false }
    return (part.mimeType == "text/plain" || part.mimeType == "text/html") && !part.isAttachment && part.filename == nil
  }

  /// The readable text and what went wrong decoding it: the body part's text (format=flowed
  /// joined), or text made from its HTML; line breaks as `\n`.
  public func readableText() -> (text: String, warnings: [String]) {
    guard let part = bodyPart else { return ("", []) }
    var (text, warnings) = self.text(of: part)
    text = Self.normalizeLineBreaks(text)
    if part.mimeType == "text/html" {
      text = HTMLPlainText.text(text, layout: .lines)
    } else if part.contentType[parameter: "format"]?.lowercased() == "flowed" {
      text = Self.unflow(text, deleteSpace: part.contentType[parameter: "delsp"]?.lowercased() == "yes")
    }
    if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
    return (text, warnings)
  }

  /// Every part that is not body text: files, inline images, enclosed messages; enclosed
  /// messages are one attachment each, not searched inside.
  public var attachments: [MailAttachment] {
    attachmentParts.map { part in
      if case .message = part.content { return attachment(part, size: part.body.count) }
      return attachment(part, size: decodedBody(of: part).bytes.count)
    }
  }

  /// The parts behind ``attachments``, in the same order: what `show` numbers from 1.
  public var attachmentParts: [MIMEPart] {
    var found: [MIMEPart] = []
    func walk(_ part: MIMEPart) {
      switch part.content {
      case .multipart(let parts): parts.forEach(walk)
      case .single where isBodyCandidate(part): return
      case .single, .message: found.append(part)
      }
    }
    walk(root)
    return found
  }

  /// An attachment's content: a leaf's body with its transfer encoding undone, an enclosed
  /// message's bytes as they are.
  public func content(of part: MIMEPart) -> TransferEncoding.Decoded {
    if case .message = part.content { return TransferEncoding.Decoded(bytes: Array(bytes[part.body]), warning: nil) }
    return decodedBody(of: part)
  }

  private func attachment(_ part: MIMEPart, size: Int) -> MailAttachment {
    let inline = part.disposition?.value == "inline" || (part.disposition == nil && part.contentID != nil)
    return MailAttachment(
      filename: part.filename, mime: part.mimeType, size: size, contentID: part.contentID, inline: inline)
  }

  /// Whether the message has an HTML body (an alternative or the only one).
  public var hasHTML: Bool {
    func walk(_ part: MIMEPart) -> Bool {
      switch part.content {
      case .single: isBodyCandidate(part) && part.mimeType == "text/html"
      case .multipart(let parts): parts.contains(where: walk)
      case .message: false
      }
    }
    return walk(root)
  }

  static func normalizeLineBreaks(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var previousCR = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\r") {
        bytes.append(UInt8(ascii: "\n"))
        previousCR = true
        continue
      }
      if !(byte == UInt8(ascii: "\n") && previousCR) { bytes.append(byte) }
      previousCR = false
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// RFC 3676 format=flowed: a line ending in a space continues on the next line of the same
  /// quote depth; space-stuffing is undone; `-- ` (the signature separator) is never flowed.
  static func unflow(_ text: String, deleteSpace: Bool) -> String {
    var output: [String] = []
    var paragraph: String?
    var paragraphDepth = 0
    func close() {
      if let paragraph {
        output.append(String(repeating: ">", count: paragraphDepth) + (paragraphDepth > 0 ? " " : "") + paragraph)
      }
      paragraph = nil
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    for raw in lines {
      var line = Substring(raw)
      let depth = line.prefix { $0 == ">" }.count
      line = line.dropFirst(depth)
      if line.hasPrefix(" ") { line = line.dropFirst() }
      if paragraph != nil && depth != paragraphDepth { close() }
      let flowed = line.hasSuffix(" ") && line != "-- "
      var content = String(line)
      if flowed && deleteSpace { content.removeLast() }
      // Appended in place: `(paragraph ?? "") + content` copied the paragraph for every line,
      // quadratic in a long flowed paragraph (a 1 MB one took seconds).
      if paragraph == nil { paragraph = "" }
      paragraph!.append(content)
      paragraphDepth = depth
      if !flowed { close() }
    }
    close()
    return output.joined(separator: "\n") + (output.isEmpty ? "" : "\n")
  }
}
