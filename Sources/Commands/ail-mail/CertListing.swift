import Localization
import Mail
import SMIME
import ToolKit
import Wire

/// The signatures of listed messages. A listing reads headers only; a message whose header
/// announces a signature is read whole, since a signature covers its body.
struct ListedSignatures {
  let mailbox: String
  let reader: SignatureReader
  /// An mbox's signed messages by number, read on first need.
  private var mboxMessages: [Int: [UInt8]]?

  init(mailbox: String, reader: SignatureReader) {
    self.mailbox = mailbox
    self.reader = reader
  }

  mutating func adding(to entry: InboxEntry) throws -> InboxEntry {
    var entry = entry
    guard let bytes = try message(of: entry) else { return entry }
    entry.record.signature = try reader.read(bytes, source: entry.record.source ?? mailbox).signature
    return entry
  }

  /// The whole message when its header announces a signature, else nil.
  private mutating func message(of entry: InboxEntry) throws -> [UInt8]? {
    guard let source = entry.record.source else { return nil }
    // MailboxReading names an mbox's messages MAILBOX#N, a Maildir's by their paths.
    if source != "\(mailbox)#\(entry.position)" {
      guard let head = MailboxReading.head(of: source), SignedMessageSniff.looksSigned(head) else { return nil }
      return try? InputFile.contents(of: source)
    }
    if mboxMessages == nil { mboxMessages = try Self.signedMessages(ofMbox: mailbox) }
    return mboxMessages?[entry.position]
  }

  /// Numbered as MailboxReading numbers them (from 1).
  private static func signedMessages(ofMbox path: String) throws -> [Int: [UInt8]] {
    let reader = try LineReader(path: path)
    var splitter = MboxSplitter()
    var number = 0
    var found: [Int: [UInt8]] = [:]
    func take(_ message: [UInt8]) {
      number += 1
      if SignedMessageSniff.looksSigned(message) { found[number] = message }
    }
    try reader.forEachLine { line, _ in if let message = splitter.feed(line) { take(message) } }
    if let message = splitter.finish() { take(message) }
    return found
  }
}
