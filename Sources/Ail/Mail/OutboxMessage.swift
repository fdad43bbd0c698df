import Localization
public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A message as the outbox takes it: checked to be sendable, and given the Message-ID and Date
/// it lacks, so that the copy kept, the copy sent and the Sent copy are one message.
public struct OutboxMessage: Sendable, Equatable {
  /// The message as queued, byte for byte what the sendmail command reads.
  public var bytes: [UInt8]
  /// Without angle brackets.
  public var messageID: String
  public var subject: String?
  public var to: [MailAddress]

  /// Why a message cannot be queued, for a person.
  public struct Refusal: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Checks `bytes` and completes its header. Refuses a message that names no sender or no
  /// recipient: `sendmail -t` would fail on it at every attempt.
  ///
  /// - Parameter offsetSeconds: the zone a Date line is written in, seconds east of UTC.
  public init(_ bytes: [UInt8], now: Date, offsetSeconds: Int) throws(Refusal) {
    guard !bytes.isEmpty else { throw Refusal(description: tr("empty, no message")) }
    let headers = MailMessage(bytes).headers
    func addresses(_ name: String) -> [MailAddress] {
      headers.all(name).flatMap(AddressList.parse).filter { HeaderValue.isAddress($0.address) }
    }
    let from = addresses("From")
    guard let sender = from.first else { throw Refusal(description: tr("no From line with an address")) }
    guard !(addresses("To") + addresses("Cc") + addresses("Bcc")).isEmpty else {
      throw Refusal(description: tr("no recipient: no address in To, Cc or Bcc"))
    }
    var added: [String] = []
    let existingID = headers["Message-ID"].map(Self.withoutBrackets).flatMap { HeaderValue.isMessageID($0) ? $0 : nil }
    messageID = existingID ?? Self.newMessageID(now: now, sender: sender.address)
    if existingID == nil { added.append("Message-ID: <\(messageID)>") }
    if headers["Date"] == nil { added.append("Date: " + MailDate.format(now, offsetSeconds: offsetSeconds)) }
    self.bytes = Self.prepending(added, to: bytes)
    subject = headers["Subject"].map { EncodedWords.decode($0) }
    to = addresses("To")
  }

  /// `lines` put before the header's first field, with the message's own line ending.
  static func prepending(_ lines: [String], to bytes: [UInt8]) -> [UInt8] {
    guard !lines.isEmpty else { return bytes }
    let firstLineEnd = bytes.firstIndex(of: UInt8(ascii: "\n"))
    let crlf = firstLineEnd.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false
    let ending = crlf ? "\r\n" : "\n"
    return Array(lines.map { $0 + ending }.joined().utf8) + bytes
  }

  static func withoutBrackets(_ value: String) -> String {
    let trimmed = value.trimmingWhitespace()
    return trimmed.hasPrefix("<") && trimmed.hasSuffix(">") ? String(trimmed.dropFirst().dropLast()) : trimmed
  }

  /// `<seconds>.<random>@<the sender's domain>`, unique without asking anyone.
  static func newMessageID(now: Date, sender: String) -> String {
    let domain = sender.split(separator: "@").last.map(String.init) ?? "ail-mail.invalid"
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(Int(now.timeIntervalSince1970)).\(random)@\(domain)"
  }
}
