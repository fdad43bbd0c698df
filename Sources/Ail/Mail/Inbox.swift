public import Wire

/// One message of a mailbox as `ail-mail list` shows it, read from its header alone so that a
/// folder of thousands lists at once.
public struct InboxEntry: Sendable {
  /// The header's record (no text), with ``flags`` as words and the message's path as source.
  public var record: MailRecord
  public var flags: Set<MailFlag>
  /// Whether the header announces files: a multipart/mixed message. The header cannot tell
  /// more without reading the body, so a mixed message whose parts are all text is marked too.
  public var hasAttachments: Bool
  /// Where the entry was in its mailbox, so that equal keys keep mailbox order.
  public var position: Int

  /// - Parameters:
  ///   - head: the message's bytes up to (at least) the end of its header.
  ///   - maildirFlags: the flags of its Maildir file name; nil for a message of an mbox, whose
  ///     flags are in its `Status` and `X-Status` lines (as mutt writes them).
  public init(head: [UInt8], source: String, position: Int, maildirFlags: Set<MailFlag>?) {
    let (headers, _, warnings) = HeaderFields.parse(head, from: 0, to: head.count)
    flags = maildirFlags ?? Self.mboxFlags(headers)
    record = MailMessage.headerRecord(headers, warnings: warnings, source: source)
    record.flags = flags.sorted().map(\.word)
    // The type's first word is enough here; parsing every parameter cost a tenth of a listing.
    let type = headers["Content-Type"]?.prefix { $0 != ";" }.trimmingWhitespace().lowercased()
    hasAttachments = type == "multipart/mixed"
    self.position = position
  }

  /// `Status: RO` (read, old) and `X-Status: AF` (answered, flagged; `D` deleted, `T` draft).
  static func mboxFlags(_ headers: HeaderFields) -> Set<MailFlag> {
    var flags: Set<MailFlag> = []
    if headers["Status"]?.contains("R") == true { flags.insert(.seen) }
    let extra = headers["X-Status"] ?? ""
    let letters: [(Character, MailFlag)] = [("A", .replied), ("F", .flagged), ("D", .trashed), ("T", .draft)]
    for (letter, flag) in letters where extra.contains(letter) { flags.insert(flag) }
    return flags
  }
}

/// The order of a listing.
public enum InboxOrder: String, Sendable, CaseIterable {
  /// Newest first; messages without a readable date last, in mailbox order.
  case date
  /// By sender (name, else address, without case), each sender's newest first.
  case from
}

/// Which messages a listing shows and in what order: the inbox views of a mail app.
public struct InboxView: Sendable {
  public var unreadOnly = false
  public var flaggedOnly = false
  public var order = InboxOrder.date
  public var limit: Int?

  public init(unreadOnly: Bool = false, flaggedOnly: Bool = false, order: InboxOrder = .date, limit: Int? = nil) {
    self.unreadOnly = unreadOnly
    self.flaggedOnly = flaggedOnly
    self.order = order
    self.limit = limit
  }

  public func apply(_ entries: [InboxEntry]) -> [InboxEntry] {
    let shown = entries.filter {
      (!unreadOnly || !$0.flags.contains(.seen)) && (!flaggedOnly || $0.flags.contains(.flagged))
    }
    // The keys sorted, not the entries: moving whole records about was a fifth of a listing's time.
    let keys = shown.map {
      (sender: order == .from ? Self.senderKey($0) : "", date: $0.record.date, position: $0.position)
    }
    let sorted = keys.indices.sorted { a, b in
      let (keyA, keyB) = (keys[a], keys[b])
      if keyA.sender != keyB.sender { return keyA.sender < keyB.sender }
      switch (keyA.date, keyB.date) {
      case (let dateA?, let dateB?) where dateA != dateB: return dateA > dateB
      case (.some, nil): return true
      case (nil, .some): return false
      default: return keyA.position < keyB.position
      }
    }
    return (limit.map { Array(sorted.prefix($0)) } ?? sorted).map { shown[$0] }
  }

  private static func senderKey(_ entry: InboxEntry) -> String {
    guard let from = entry.record.from else { return "" }
    return (from.name ?? from.address).lowercased()
  }
}
