public import Localization
public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A reply to a message, written as a complete RFC 5322 message for `sendmail -t` / `msmtp -t`.
public struct ReplyDraft: Sendable {
  /// Who replies; the From line, and the address left out of the recipients with `all`.
  public var from: MailAddress?
  /// Reply to everybody: the original's To and Cc (minus `from`) go to Cc.
  public var all = false
  public var date: Date
  /// The zone the Date line is written in, seconds east of UTC.
  public var offsetSeconds = 0
  /// The new message's id, without angle brackets.
  public var messageID: String
  /// The language of the words the draft adds for its reader: the attribution line ("On … wrote:",
  /// "Am … schrieb …:") and the subject's prefix ("Re: ", "AW: "; "Fwd: ", "WG: ").
  public var language: Language

  public init(
    from: MailAddress?, all: Bool = false, date: Date, offsetSeconds: Int = 0, messageID: String,
    language: Language = .english
  ) {
    self.from = from
    self.all = all
    self.date = date
    self.offsetSeconds = offsetSeconds
    self.messageID = messageID
    self.language = language
  }

  /// Whom a reply goes to, and what was left out of it.
  public struct Recipients: Sendable, Equatable {
    public var to: [MailAddress]
    public var cc: [MailAddress]
    /// The original's values that are not an address (``HeaderValue/isAddress(_:)``), as they were.
    public var leftOut: [String]
  }

  /// To from the original's Reply-To, else its From; with `all` its To and Cc (without `from`
  /// and duplicates) in Cc. What is not one address is left out and named in `leftOut`: a field
  /// holding a control character (a bare CR would split the draft's To line, or make a group of
  /// what follows it) whole, else each value that is not an address (``HeaderValue/isAddress(_:)``).
  /// A Reply-To with no address left gives way to the From.
  public func recipients(replyingTo original: MailMessage) -> Recipients {
    var leftOut: [String] = []
    func addresses(_ field: String) -> [MailAddress] {
      original.headers.all(field).flatMap { value in
        guard !HeaderValue.hasControl(value) else {
          leftOut.append(value)
          return [MailAddress]()
        }
        return AddressList.parse(value).filter { address in
          if HeaderValue.isAddress(address.address) { return true }
          leftOut.append(address.address)
          return false
        }
      }
    }
    let own = from.map { $0.address.lowercased() }
    let replyTo = addresses("Reply-To")
    var to = replyTo.isEmpty ? Array(addresses("From").prefix(1)) : replyTo
    var cc: [MailAddress] = []
    if all {
      var seen = Set(to.map { $0.address.lowercased() })
      if let own { seen.insert(own) }
      for address in addresses("To") + addresses("Cc") where seen.insert(address.address.lowercased()).inserted {
        cc.append(address)
      }
      // Replying to one's own message goes to its recipients instead.
      if let own, to.allSatisfy({ $0.address.lowercased() == own }), !cc.isEmpty { to = [cc.removeFirst()] }
    }
    return Recipients(to: to, cc: cc, leftOut: leftOut)
  }

  /// The draft: headers, a blank line, then `text`, an attribution line and the original's
  /// readable text quoted with `> ` (its signature left out). UTF-8, quoted-printable when
  /// the body is not plain ASCII with short lines. Recipients as ``recipients(replyingTo:)``
  /// has them; the subject on one line, and only ids that can be written back thread it.
  public func message(replyingTo original: MailMessage, text: String, attachments: [OutgoingAttachment] = [])
    -> [UInt8]
  {
    let record = original.record()
    let recipients = recipients(replyingTo: original)
    var lines: [String] = []
    if let from { lines.append("From: " + Self.format(from)) }
    if !recipients.to.isEmpty { lines.append(Self.addressField("To", recipients.to)) }
    if !recipients.cc.isEmpty { lines.append(Self.addressField("Cc", recipients.cc)) }
    lines.append("Subject: " + EncodedWords.encode(Self.replySubject(record.subject ?? "", in: language)))
    lines.append("Date: " + MailDate.format(date, offsetSeconds: offsetSeconds))
    lines.append("Message-ID: <\(messageID)>")
    if let parent = record.messageID, HeaderValue.isMessageID(parent) {
      lines.append("In-Reply-To: <\(parent)>")
      let ids = { MailMessage.messageIDs(in: original.headers[$0] ?? "").filter(HeaderValue.isMessageID) }
      var references = ids("References")
      if references.isEmpty { references = ids("In-Reply-To") }
      if references.last != parent { references.append(parent) }
      lines.append(Self.fold("References:", references.map { "<\($0)>" }, separator: ""))
    }
    var body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
    body += "\n" + attribution(record) + "\n" + Self.quote(record.text ?? "")
    return MessageBody.finish(lines, text: body, attachments: attachments)
  }

  /// A forward of `original` to `to`: the new text, then the original's headers (From, Date,
  /// Subject, To, Cc) and its readable text under a "Forwarded message" line, unquoted as mail
  /// clients forward inline, and the original's attachments after it, then `attachments`. The
  /// subject gets one "Fwd: " ("WG: " in German); no threading headers. The original's values
  /// each stay on their line.
  public func message(
    forwarding original: MailMessage, to: [MailAddress], text: String, attachments: [OutgoingAttachment] = []
  ) -> [UInt8] {
    let record = original.record()
    var body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
    // TRANSLATORS: the line above a forwarded message's headers and text, in the mail itself.
    body += "\n" + tr("---------- Forwarded message ----------", in: language) + "\n"
    let shown = { (address: MailAddress) in HeaderValue.singleLine(Self.display(address)) }
    let list = { (addresses: [MailAddress]) in addresses.map(shown).joined(separator: ", ") }
    // TRANSLATORS: header names of a forwarded message, shown in its body; the values follow.
    if let sender = record.from { body += tr("From: \(shown(sender))", in: language) + "\n" }
    if let sent = record.date { body += tr("Date: \(dateText(sent))", in: language) + "\n" }
    if let subject = record.subject.map(HeaderValue.singleLine) {
      body += tr("Subject: \(subject)", in: language) + "\n"
    }
    if !record.to.isEmpty { body += tr("To: \(list(record.to))", in: language) + "\n" }
    if !record.cc.isEmpty { body += tr("Cc: \(list(record.cc))", in: language) + "\n" }
    body += "\n" + (record.text ?? "")
    let carried = original.attachmentParts.enumerated().map { index, part in
      OutgoingAttachment(
        filename: part.filename ?? AttachmentName.safe(nil, number: index + 1, mime: part.mimeType),
        mime: HeaderValue.isMediaType(part.mimeType) ? part.mimeType : "application/octet-stream",
        content: original.content(of: part).bytes)
    }
    return MessageBody.finish(
      forwardHeaders(record, to: to), text: body, attachments: carried + attachments)
  }

  /// A forward that encloses `original` whole, as a message/rfc822 attachment after the new
  /// text (and before `attachments`): its bytes as they are, whatever they are, nothing lost or
  /// re-encoded.
  public func message(
    enclosing original: MailMessage, to: [MailAddress], text: String, attachments: [OutgoingAttachment] = []
  ) -> [UInt8] {
    let record = original.record()
    let name = AttachmentName.safe(record.subject, number: 1, mime: "message/rfc822")
    let enclosed = OutgoingAttachment(
      filename: name.hasSuffix(".eml") ? name : name + ".eml", mime: "message/rfc822", content: original.bytes)
    return MessageBody.finish(forwardHeaders(record, to: to), text: text, attachments: [enclosed] + attachments)
  }

  /// The forward's header; only addresses go into To (the tools check `--to` before).
  private func forwardHeaders(_ record: MailRecord, to: [MailAddress]) -> [String] {
    var lines: [String] = []
    if let from { lines.append("From: " + Self.format(from)) }
    let to = to.filter { HeaderValue.isAddress($0.address) }
    if !to.isEmpty { lines.append(Self.addressField("To", to)) }
    lines.append("Subject: " + EncodedWords.encode(Self.forwardSubject(record.subject ?? "", in: language)))
    lines.append("Date: " + MailDate.format(date, offsetSeconds: offsetSeconds))
    lines.append("Message-ID: <\(messageID)>")
    return lines
  }

  /// `Re: ` once (`AW: ` in German), whatever reply prefixes (`Re:`, `RE[2]:`, `AW:`, `Sv:`…) the
  /// subject had; on one line.
  public static func replySubject(_ subject: String, in language: Language = .english) -> String {
    // TRANSLATORS: the prefix of a reply's subject ("Re: Meeting"); German mail clients write "AW: ".
    tr("Re: ", in: language)
      + strippingPrefixes(HeaderValue.singleLine(subject), ["re", "aw", "sv", "antw", "vs", "odp", "r"])
  }

  /// `Fwd: ` once (`WG: ` in German), whatever forward prefixes (`Fwd:`, `Fw:`, `WG:`, `TR:`…)
  /// the subject had; reply prefixes stay (a forwarded reply is still a reply); on one line.
  public static func forwardSubject(_ subject: String, in language: Language = .english) -> String {
    // TRANSLATORS: the prefix of a forward's subject ("Fwd: Meeting"); German mail clients write "WG: ".
    tr("Fwd: ", in: language)
      + strippingPrefixes(HeaderValue.singleLine(subject), ["fwd", "fw", "wg", "tr", "vs", "rv", "enc"])
  }

  /// The subject without the leading prefixes (`Re:`, `RE[2]:`, `AW (3):` …) of `prefixes`.
  private static func strippingPrefixes(_ subject: String, _ prefixes: [String]) -> Substring {
    var rest = Substring(subject.trimmingWhitespace())
    while true {
      let word = rest.prefix { $0.isLetter }
      guard prefixes.contains(word.lowercased()) else { break }
      var after = rest.dropFirst(word.count)
      if after.first == "[" || after.first == "(" {
        let close: Character = after.first == "[" ? "]" : ")"
        guard let end = after.firstIndex(of: close) else { break }
        after = after[after.index(after: end)...]
      }
      guard after.first == ":" else { break }
      rest = after.dropFirst().drop { $0 == " " || $0 == "\t" }
    }
    return rest
  }

  /// "On Fri, 27 Nov 2026 17:00:00 +0100, Anna wrote:", "Am 27.11.2026 17:00 schrieb Anna:".
  private func attribution(_ record: MailRecord) -> String {
    // TRANSLATORS: who wrote the quoted mail, when its From line is missing.
    let who = record.from.map { HeaderValue.singleLine($0.name ?? $0.address) } ?? tr("someone", in: language)
    guard let date = record.date else {
      // TRANSLATORS: the line above the quoted mail in a reply, when the mail has no date.
      return tr("\(who) wrote:", in: language)
    }
    let when = dateText(date)
    // TRANSLATORS: the line above the quoted mail in a reply: {0} the original's date, {1} its
    // writer. German mail clients write "Am {0} schrieb {1}:".
    return tr("On \(when), \(who) wrote:", in: language)
  }

  /// A date in the draft's zone: as the Date header writes it in English ("Fri, 27 Nov 2026
  /// 17:00:00 +0100"), else in the language's form ("27.11.2026 17:00").
  private func dateText(_ date: Date) -> String {
    guard language != .english else { return MailDate.format(date, offsetSeconds: offsetSeconds) }
    return Formatted.dateTime(date.addingTimeInterval(Double(offsetSeconds)), in: language)
  }

  /// Each line with `> ` (or `>` before an empty or already quoted line); the signature goes.
  static func quote(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let signature = lines.lastIndex(of: "-- ") { lines.removeSubrange(signature...) }
    while lines.last?.trimmingWhitespace().isEmpty == true { lines.removeLast() }
    return lines.map { $0.isEmpty || $0.hasPrefix(">") ? ">" + $0 : "> " + $0 }.joined(separator: "\n")
      + (lines.isEmpty ? "" : "\n")
  }

  /// `Name <address>` for reading, the name as it is.
  public static func display(_ address: MailAddress) -> String {
    address.name.map { "\($0) <\(address.address)>" } ?? address.address
  }

  /// `Name <address>` with the name on one line, quoted or encoded as needed.
  public static func format(_ address: MailAddress) -> String {
    // The commands refuse an address that is not one (HeaderValue.isAddress); a caller that did
    // not check still never splits the header line.
    let address = MailAddress(name: address.name, address: HeaderValue.singleLine(address.address))
    guard let name = HeaderValue.displayName(address.name) else { return address.address }
    // Text that looks like an encoded word ("=?") would be decoded by the reader: encode it too.
    if !name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) || name.contains("=?") {
      // The whole name in encoded words: a phrase may not mix them with specials such as "." or ",".
      return EncodedWords.encodedWords(name).joined(separator: " ") + " <\(address.address)>"
    }
    let atext = name.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || ("0"..."9").contains($0) || " !#$%&'*+-/=?^_`{|}~".unicodeScalars.contains($0)
    }
    // Atoms read back joined by single spaces, so only such a name may go unquoted.
    if atext && !name.contains("  ") && !name.hasPrefix(" ") && !name.hasSuffix(" ") {
      return "\(name) <\(address.address)>"
    }
    let escaped = name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    return "\"\(escaped)\" <\(address.address)>"
  }

  static func addressField(_ name: String, _ addresses: [MailAddress]) -> String {
    fold("\(name):", addresses.map(format), separator: ",")
  }

  /// `name item, item, …` folded before an item that would pass 78 characters.
  private static func fold(_ name: String, _ items: [String], separator: String) -> String {
    var out = name
    var lineLength = name.count
    for (index, item) in items.enumerated() {
      let piece = item + (index < items.count - 1 ? separator : "")
      if lineLength + 1 + piece.count > 78 && lineLength > name.count {
        out += "\n " + piece
        lineLength = 1 + piece.count
      } else {
        out += " " + piece
        lineLength += 1 + piece.count
      }
    }
    return out
  }
}
