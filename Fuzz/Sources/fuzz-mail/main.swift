// libFuzzer entry point for the Mail library: every input goes through
//   (a) MailMessage and its record (the MIME parser, header fields, charsets, transfer encodings,
//       addresses, dates, HTML to text), checking that every part lies inside its parent, and
//       the header-only record of `ail-mail list` (InboxEntry);
//   (b) the encoded-word decoder on the input as a header value, the lenient base64 decoder and
//       the mbox splitter;
// and its first `roundTripLength` bytes through
//   (c) the encoded-word encoder's round trip, quoted-printable and base64 round trips, the
//       charset decoder by a label taken from the input, address parsing and formatting,
//       Maildir file names (the flags after `:2,`, and their renames), attachment names made
//       safe to save, and a written message with the input as an attachment read back whole;
// and the whole input again through
//   (d) attachment names made safe and shortened, the input as one name and every attachment's
//       name in the message: non-empty, within the budget, no leading dot, no '/' or NUL, and a
//       return at all (a name once looped forever).
// The round trips re-encode their input and cost several times what the parse costs; on the whole
// of a 4 KB input they held the run to a few hundred executions a second.
// A broken invariant prints what broke and traps, which libFuzzer reports as a crash and saves as
// a reproducer. Run by `scripts/fuzz fuzz-mail` with -sanitize=fuzzer,address.
import Foundation
import FuzzCheck
import Mail
import Wire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let message = MailMessage(bytes)
  checkRanges(message.root, within: 0..<bytes.count)
  let record = message.record(source: "fuzz")
  let attachments = record.attachments ?? []
  check(record.hasHTML != nil && record.attachments != nil, "a parsed record without has_html or attachments")
  check(attachments.allSatisfy { $0.size >= 0 }, "negative attachment size")
  check(message.attachmentParts.count == attachments.count, "attachment parts and records differ")
  for (number, attachment) in attachments.enumerated() {
    checkShortened(
      attachment.filename ?? "", AttachmentName.safe(attachment.filename, number: number + 1, mime: attachment.mime))
  }
  let listed = InboxEntry(head: bytes, source: "fuzz", position: 0, maildirFlags: nil)
  check(listed.record.text == nil && listed.record.flags != nil, "a listed record with text or without flags")
  check(
    listed.record.hasHTML == nil && listed.record.attachments == nil, "a listed record claims to know the body")

  _ = EncodedWords.decodeReporting(String(decoding: bytes, as: UTF8.self))
  _ = TransferEncoding.base64(bytes)

  var splitter = MboxSplitter()
  var messages = 0
  var lines = 0
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    lines += 1
    if Array(line).withUnsafeBytes({ splitter.feed($0) }) != nil { messages += 1 }
  }
  if splitter.finish() != nil { messages += 1 }
  check(messages <= lines, "more messages than lines")

  roundTrips(Array(bytes.prefix(roundTripLength)))
  draftHeaders(message)
  maildirNames(String(decoding: bytes.prefix(roundTripLength), as: UTF8.self))
  attachmentNames(Array(bytes.prefix(roundTripLength)))
  // The whole input as one name, so that names far over the budget (an extension of hundreds of
  // combining accents, one character of kilobytes) are cut too.
  let whole = String(decoding: bytes, as: UTF8.self)
  checkShortened(whole, AttachmentName.safe(whole, number: 1, mime: "application/pdf"))
  return 0
}

/// What any name from a sender must become (a name that never came back hangs the run, which
/// libFuzzer reports as a timeout): one visible name within the budget, its first byte no dot.
func checkShortened(_ name: String, _ safe: String) {
  let bytes = Array(safe.utf8)
  check(
    !bytes.isEmpty && bytes.count <= AttachmentName.maximumBytes && bytes.first != UInt8(ascii: ".")
      && !bytes.contains(UInt8(ascii: "/")) && !bytes.contains(0),
    "unsafe attachment name \(safe.debugDescription) from \(name.prefix(200).debugDescription)")
  check(AttachmentName.numbered(safe, 9999).utf8.count <= 255, "a numbered name is too long: \(safe.debugDescription)")
}

/// The drafts built from any message (a reply to all, an inline forward to its recipients and an
/// enclosing one): no header line holds a control character (a bare CR split the To line for
/// `msmtp -t`), and every To and Cc value reads back as the recipients meant, each an address.
func draftHeaders(_ message: MailMessage) {
  let draft = ReplyDraft(
    from: MailAddress(address: "me@example.org"), all: true, date: Date(timeIntervalSince1970: 0),
    messageID: "fuzz@example.org")
  let recipients = draft.recipients(replyingTo: message)
  let everybody = recipients.to + recipients.cc
  let drafts = [
    (draft.message(replyingTo: message, text: "ok"), recipients.to, recipients.cc),
    (draft.message(forwarding: message, to: everybody, text: "ok"), everybody, []),
    (draft.message(enclosing: message, to: recipients.cc, text: "ok"), recipients.cc, []),
  ]
  for (written, to, cc) in drafts {
    for line in written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      check(
        !line.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F },
        "a control character in a draft's header line \(String(decoding: line, as: UTF8.self).debugDescription)")
    }
    let fields = MailMessage(written).headers
    for (name, meant) in [("To", to), ("Cc", cc)] {
      let values = fields.all(name)
      let read = values.flatMap(AddressList.parse)
      check(
        read.allSatisfy { HeaderValue.isAddress($0.address) } && read.map(\.address) == meant.map(\.address),
        "\(name): \(values.debugDescription) reads back as \(read), not \(meant)")
    }
  }
}

/// Each line as an attachment's name from a sender: the safe name is one plain, visible name;
/// and the input carried as an attachment under that line's name reads back byte for byte.
func attachmentNames(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
    let safe = AttachmentName.safe(String(line), number: 1, mime: "text/plain")
    checkShortened(String(line), safe)
    check(
      !safe.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      "a control character in \(safe.debugDescription) from \(line.debugDescription)")
  }
  let name = String(text.prefix { $0 != "\n" })
  let written = OutgoingMessage(
    from: nil, to: [MailAddress(address: "a@example.org")], subject: text, date: Date(timeIntervalSince1970: 0),
    messageID: "fuzz@example.org"
  ).bytes(text: text, attachments: [OutgoingAttachment(file: name, content: bytes)])
  let back = MailMessage(written)
  let part = back.attachmentParts.last
  check(part.map { back.content(of: $0).bytes } == bytes, "an attachment does not read back")
  if !name.isEmpty, !name.contains("=?"), name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
    check(
      part?.filename == name,
      "attachment name \(name.debugDescription) read back as \(part?.filename.debugDescription ?? "")")
  }
}

/// The input's lines as the file names of a Maildir's `cur/`: every name not hidden is listed
/// once, and a name's flags are what follows its `:2,`.
func maildirNames(_ text: String) {
  // A file name never holds a slash.
  let names = text.split(separator: "\n").map(String.init).filter { !$0.utf8.contains(UInt8(ascii: "/")) }
  let paths = Maildir.messagePaths(in: "box") { $0 == "box/cur" ? names : nil } ?? []
  check(
    paths.count == names.filter { $0.utf8.first != UInt8(ascii: ".") }.count,
    "Maildir listed \(paths.count) of \(names.count)")
  for path in paths {
    guard let flags = Maildir.flags(of: path) else { continue }
    check(
      path.utf8.reversed().starts(with: (":2," + flags).utf8.reversed()) && !flags.utf8.contains(UInt8(ascii: "/")),
      "flags \(flags.debugDescription) of \(path)")
  }
  for path in paths {
    let name = MaildirName(Substring(path.unicodeScalars.dropFirst("box/cur/".unicodeScalars.count)))
    guard let (folder, renamed) = Maildir.destination(of: path, setting: [.seen, .flagged], clearing: [.replied]) else {
      check(false, "a listed message has no destination: \(path)")
      continue
    }
    let again = MaildirName(Substring(renamed))
    check(folder == "box/cur" && !renamed.utf8.contains(UInt8(ascii: "/")), "renamed out of cur/: \(folder)/\(renamed)")
    check(again.unique == name.unique, "a rename changed the unique part: \(path) → \(renamed)")
    check(
      again.flags == name.flags.union([.seen, .flagged]).subtracting([.replied]), "flags after a rename: \(renamed)")
    check(Array(again.flagLetters ?? "") == (again.flagLetters ?? "").sorted(), "flags out of order: \(renamed)")
  }
}

/// How much of an input the round trips take.
let roundTripLength = 512

func roundTrips(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  let unfolded = EncodedWords.encode(text).replacing("\n", with: "")
  check(EncodedWords.decode(unfolded) == text, "encoded words do not decode back: \(unfolded)")

  check(
    TransferEncoding.quotedPrintable(Array(TransferEncoding.quotedPrintableEncode(text).utf8)) == Array(text.utf8),
    "quoted-printable does not decode back")
  check(
    TransferEncoding.base64(Array(TransferEncoding.base64Encode(bytes).utf8)).bytes == bytes,
    "base64 does not decode back")
  _ = Charset.decode(bytes, label: String(decoding: bytes.prefix(12), as: UTF8.self))

  for address in AddressList.parse(text) where isPlain(address.address) {
    let again = AddressList.parse(ReplyDraft.format(address))
    // A name is written on one line: its control characters become spaces.
    let meant = MailAddress(name: HeaderValue.displayName(address.name), address: address.address)
    check(again == [meant], "address does not read back: \(address) → \(ReplyDraft.format(address)) → \(again)")
  }
}

/// An address that needs no quoting of its own (the formatter leaves addresses as they are).
func isPlain(_ address: String) -> Bool {
  !address.isEmpty
    && address.unicodeScalars.allSatisfy { scalar in
      scalar == "@" || (scalar.value > 0x20 && scalar.value < 0x7F && !"<>()[]\",;:\\@".unicodeScalars.contains(scalar))
    }
}

func checkRanges(_ part: MIMEPart, within range: Range<Int>) {
  check(
    part.body.lowerBound >= range.lowerBound && part.body.upperBound <= range.upperBound,
    "a part's body lies outside its parent")
  switch part.content {
  case .single: break
  case .multipart(let parts):
    var previous = part.body.lowerBound
    for child in parts {
      check(child.body.lowerBound >= previous, "parts out of order")
      checkRanges(child, within: part.body)
      previous = child.body.upperBound
    }
  case .message(let enclosed): checkRanges(enclosed, within: part.body)
  }
}
