#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `mail`: one message as `ail-mail parse` decodes it: addresses, subject and date decoded, the
/// readable text of its body, and what it carries besides.
public struct MailRecord: WireRecord, Hashable {
  public static let kind = "mail"

  /// The Message-ID without its angle brackets.
  public var messageID: String?
  public var from: MailAddress?
  public var to: [MailAddress]
  public var cc: [MailAddress]
  public var replyTo: [MailAddress]
  /// The Date header in UTC; nil when missing or unreadable.
  public var date: Date?
  public var subject: String?
  /// The readable body: the text/plain part, else text made from the HTML part; nil in the
  /// records of `ail-mail list`, which reads headers only.
  public var text: String?
  /// Whether the message has an HTML body; nil (and left out of the line) in the records of
  /// `ail-mail list`, which reads headers only and does not know.
  public var hasHTML: Bool?
  /// Every part that is not the body's text; nil (and left out of the line) in the records of
  /// `ail-mail list`, which reads headers only and does not know.
  public var attachments: [MailAttachment]?
  /// Where the message came from: a path, `PATH#N` for the Nth message of an mbox, `<stdin>`.
  public var source: String?
  /// What was wrong with the message and decoded as far as possible.
  public var warnings: [String]
  /// The message's flags in a mailbox (`seen`, `replied`, `flagged`, `trashed`, `draft`,
  /// `passed`), from a Maildir file name or an mbox's Status lines; nil where it has none.
  public var flags: [String]?
  /// How the message's S/MIME signature stands; nil (and left out of the line) when it is not signed.
  public var signature: MailSignature?
  public var unknownFields: JSONObject

  public init(
    messageID: String? = nil, from: MailAddress? = nil, to: [MailAddress] = [], cc: [MailAddress] = [],
    replyTo: [MailAddress] = [], date: Date? = nil, subject: String? = nil, text: String?, hasHTML: Bool? = nil,
    attachments: [MailAttachment]? = nil, source: String? = nil, warnings: [String] = [], flags: [String]? = nil,
    unknownFields: JSONObject = [:]
  ) {
    self.messageID = messageID
    self.from = from
    self.to = to
    self.cc = cc
    self.replyTo = replyTo
    self.date = date
    self.subject = subject
    self.text = text
    self.hasHTML = hasHTML
    self.attachments = attachments
    self.source = source
    self.warnings = warnings
    self.flags = flags
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    messageID = try members.optionalString("message_id")
    from = try members.optionalObject("from", as: MailAddress.self)
    to = try members.optionalObjects("to") ?? []
    cc = try members.optionalObjects("cc") ?? []
    replyTo = try members.optionalObjects("reply_to") ?? []
    date = try members.optionalDate("date")
    subject = try members.optionalString("subject")
    text = try members.optionalString("text")
    hasHTML = try members.optionalBool("has_html")
    attachments = try members.optionalObjects("attachments")
    source = try members.optionalString("source")
    warnings = try members.optionalStrings("warnings") ?? []
    flags = try members.optionalStrings("flags")
    signature = try members.optionalObject("signature", as: MailSignature.self)
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("message_id", messageID)
    members.put("from", from)
    members.put("to", to)
    members.put("cc", cc)
    members.put("reply_to", replyTo)
    members.put("date", date)
    members.put("subject", subject)
    members.put("text", text)
    members.put("has_html", hasHTML)
    members.put("attachments", attachments)
    members.put("source", source)
    members.put("warnings", warnings.isEmpty ? nil : warnings)
    members.put("flags", flags)
    members.put("signature", signature)
  }
}

/// An S/MIME signature as checked: `valid`; `invalid` (the message was changed, or the signature
/// is damaged); `untrusted` (the signer's chain reaches no trusted root); `expired` (it did while
/// the signer's certificate was in force).
public struct MailSignature: WireObject, Hashable {
  public enum Status: String, Sendable, CaseIterable { case valid, invalid, untrusted, expired }

  public var status: Status
  /// The signer certificate's first address; nil when it names none or no signer was found.
  public var signer: String?
  /// The signer certificate's subject, as RFC 4514 writes a name.
  public var subject: String?
  /// Whether the From address is one the signer's certificate is for.
  public var matchesFrom: Bool
  public var unknownFields: JSONObject

  public init(
    status: Status, signer: String? = nil, subject: String? = nil, matchesFrom: Bool, unknownFields: JSONObject = [:]
  ) {
    self.status = status
    self.signer = signer
    self.subject = subject
    self.matchesFrom = matchesFrom
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    let word = try members.string("status")
    guard let status = Status(rawValue: word) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [], debugDescription: "\"status\" is valid, invalid, untrusted or expired, not \(word.prefix(40))"
        ))
    }
    self.status = status
    signer = try members.optionalString("signer")
    subject = try members.optionalString("subject")
    matchesFrom = try members.optionalBool("matches_from") ?? false
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("status", status.rawValue)
    members.put("signer", signer)
    members.put("subject", subject)
    members.put("matches_from", matchesFrom)
  }
}

/// A mailbox: display name (decoded) and address.
public struct MailAddress: WireObject, Hashable {
  public var name: String?
  public var address: String
  public var unknownFields: JSONObject

  public init(name: String? = nil, address: String, unknownFields: JSONObject = [:]) {
    self.name = name
    self.address = address
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    name = try members.optionalString("name")
    address = try members.string("address")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("name", name)
    members.put("address", address)
  }
}

/// A part of a message that is not its body text: a file, an inline (CID) image, a forwarded message.
public struct MailAttachment: WireObject, Hashable {
  /// The file name, decoded (RFC 2231/5987 or RFC 2047); nil when the part has none.
  public var filename: String?
  /// The part's type, lower-cased, e.g. `image/png`.
  public var mime: String
  /// Size in bytes once its transfer encoding is undone.
  public var size: Int
  /// The Content-ID without angle brackets, which HTML refers to as `cid:`.
  public var contentID: String?
  /// Whether the part is meant to be shown inside the message rather than saved.
  public var inline: Bool
  public var unknownFields: JSONObject

  public init(
    filename: String? = nil, mime: String, size: Int, contentID: String? = nil, inline: Bool,
    unknownFields: JSONObject = [:]
  ) {
    self.filename = filename
    self.mime = mime
    self.size = size
    self.contentID = contentID
    self.inline = inline
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    filename = try members.optionalString("filename")
    mime = try members.string("mime")
    size = try members.int("size")
    contentID = try members.optionalString("content_id")
    inline = try members.optionalBool("inline") ?? false
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("filename", filename)
    members.put("mime", mime)
    members.put("size", size)
    members.put("content_id", contentID)
    members.put("inline", inline)
  }
}
