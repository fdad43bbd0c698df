public import Wire

extension MailMessage {
  /// The message as a `mail` record: header fields decoded, the readable text, attachments, and
  /// every warning met while decoding.
  public func record(source: String? = nil) -> MailRecord {
    let (text, textWarnings) = readableText()
    var record = Self.headerRecord(headers, warnings: warnings + textWarnings, source: source)
    record.text = text
    record.hasHTML = hasHTML
    record.attachments = attachments
    return record
  }

  /// A record of what a header block says: addresses, date and subject decoded, no text.
  static func headerRecord(_ headers: HeaderFields, warnings: [String], source: String?) -> MailRecord {
    var warnings = warnings
    func decoded(_ name: String) -> String? {
      guard let value = headers[name] else { return nil }
      let (text, charsetWarnings) = EncodedWords.decodeReporting(value)
      warnings += charsetWarnings.map { "\(name): \($0)" }
      return text
    }
    func addresses(_ name: String) -> [MailAddress] { headers.all(name).flatMap(AddressList.parse) }
    let date = headers["Date"].flatMap { value in
      let parsed = MailDate.parse(value)
      if parsed == nil { warnings.append("Date: cannot read \"\(value.prefix(60))\"") }
      return parsed
    }
    let subject = decoded("Subject")
    return MailRecord(
      messageID: messageIDs(in: headers["Message-ID"] ?? "").first, from: addresses("From").first,
      to: addresses("To"), cc: addresses("Cc"), replyTo: addresses("Reply-To"), date: date, subject: subject,
      text: nil, source: source, warnings: uniqued(warnings))
  }

  /// The Message-ID without angle brackets.
  public var messageID: String? { Self.messageIDs(in: headers["Message-ID"] ?? "").first }

  /// The `<…>` identifiers in a Message-ID, In-Reply-To or References field, in order.
  static func messageIDs(in field: String) -> [String] {
    var ids: [String] = []
    var rest = Substring(field)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      let id = rest[rest.index(after: open)..<close].filter { !$0.isWhitespace }
      if !id.isEmpty { ids.append(String(id)) }
      rest = rest[rest.index(after: close)...]
    }
    if ids.isEmpty, case let bare = field.trimmingWhitespace(), !bare.isEmpty, !bare.contains(" ") { ids.append(bare) }
    return ids
  }

  private static func uniqued(_ warnings: [String]) -> [String] {
    var seen = Set<String>()
    return warnings.filter { seen.insert($0).inserted }
  }
}
