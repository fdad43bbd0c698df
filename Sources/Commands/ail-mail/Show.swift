import ArgumentParser
import Localization
import Mail
import SMIME
import ToolKit
import Wire

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: tr("Show a message: its header, its text, its attachments."),
    discussion: HelpText.discussion(
      tr(
        """
        Writes what a person reads: From, To, Cc, Date and Subject decoded, the readable text (as \
        "ail-mail body" prints it) and the attachments numbered from 1 with their type, size and \
        name. --headers writes every header field instead of the five, each decoded (the \
        technical headers: Received, Message-ID, DKIM …). --part N writes the decoded bytes of \
        attachment N alone, to save or to pipe on; "ail-mail save" saves them under their names.

        A sender's control characters are shown, never obeyed by the terminal: ESC as \\e, the \
        other control characters as less shows them (^H, ^M, ^? for DEL, <U+009B> beyond ASCII); \
        tab stays, and line breaks stay in the text.

        A message signed with S/MIME (multipart/signed, or application/pkcs7-mime signed-data) \
        is shown as what was signed, with a line under the header naming the signer and whether \
        the signature is valid, invalid (the message was changed), untrusted (no trusted \
        authority vouches for the signer: trust is the system's CA certificates, --ca and the \
        config's ca =) or expired.
        """),
      files: TrustOptions.files,
      examples: [
        Example("ail-mail show message.eml | less", tr("Read a message.")),
        Example("ail-mail show --headers message.eml", tr("With every header field, decoded.")),
        Example("ail-mail show --part 1 message.eml > first-attachment", tr("The first attachment's bytes.")),
        Example("ail-mail show --ca company-ca.pem signed.eml", tr("Trust the company's CA for signatures too.")),
      ],
      exitStatuses: [
        (.success, nil), (.dataError, tr("The message is empty, or it has no attachment with that number.")),
        (.noInput, nil),
      ]))

  @Argument(
    help: ArgumentHelp(tr("The message; standard input when none or '-'."), valueName: "file"), completion: .file())
  var file = "-"

  @Flag(help: ArgumentHelp(tr("Every header field, decoded, instead of From, To, Cc, Date and Subject.")))
  var headers = false

  @Option(help: ArgumentHelp(tr("Write only the decoded bytes of attachment N."), valueName: "n"))
  var part: Int?

  @OptionGroup var trust: TrustOptions

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      var (message, record, name) = try MessageInput.read(file, diagnostics: diagnostics)
      // A signed message is shown as its signed content, with a line on its signature.
      let (readable, signature) = try trust.reader(diagnostics).read(message.bytes, source: name)
      if let signature {
        message = MailMessage(readable)
        record = message.record()
        record.signature = signature
      }
      let sink = OutputSink.standardOutput
      if let part {
        let decoded = try Self.attachment(part, of: message, name: name)
        if let warning = decoded.warning { diagnostics.warning("\(name): \(warning)") }
        try decoded.bytes.withUnsafeBytes { try sink.write($0) }
      } else {
        try sink.write(headers ? Self.allHeaders(message) : Self.readerHeaders(message, record))
        if let signature = record.signature { try sink.write(SignatureWords.line(signature)) }
        try sink.write("\n" + TerminalText.text(record.text ?? ""))
        try sink.write(Self.attachmentList(record.attachments ?? []))
      }
      try sink.flush()
    }
  }

  /// Attachment `number` (from 1) decoded, or a data error naming the message.
  static func attachment(_ number: Int, of message: MailMessage, name: String) throws -> TransferEncoding.Decoded {
    let parts = message.attachmentParts
    guard number >= 1, number <= parts.count else {
      throw ToolError(
        .dataError,
        tr(
          one: "\(name): no attachment \(number) (it has \(parts.count))",
          other: "\(name): no attachment \(number) (it has \(parts.count))", count: parts.count))
    }
    return message.content(of: parts[number - 1])
  }

  /// The five fields a mail reader shows, decoded; the Date as the message writes it.
  static func readerHeaders(_ message: MailMessage, _ record: MailRecord) -> String {
    var out = ""
    func line(_ name: String, _ addresses: [MailAddress]) {
      guard !addresses.isEmpty else { return }
      out += "\(name): \(TerminalText.line(addresses.map(ReplyDraft.display).joined(separator: ", ")))\n"
    }
    line("From", record.from.map { [$0] } ?? [])
    line("To", record.to)
    line("Cc", record.cc)
    if let date = message.headers["Date"] { out += "Date: \(TerminalText.line(date))\n" }
    if let subject = record.subject { out += "Subject: \(TerminalText.line(subject))\n" }
    return out
  }

  /// Every field in order, encoded words decoded, control characters shown.
  static func allHeaders(_ message: MailMessage) -> String {
    // A field's name is printable ASCII already: the parser takes no other.
    message.headers.fields.map { "\($0.name): \(TerminalText.line(EncodedWords.decode($0.value)))\n" }.joined()
  }

  /// `[1] application/pdf, 12.3 kB, report.pdf` lines under a heading; nothing without attachments.
  static func attachmentList(_ attachments: [MailAttachment]) -> String {
    guard !attachments.isEmpty else { return "" }
    // TRANSLATORS: the heading above the numbered attachments in "ail-mail show".
    var out = "\n" + tr("Attachments:") + "\n"
    for (index, attachment) in attachments.enumerated() {
      var line = "[\(index + 1)] \(TerminalText.line(attachment.mime)), \(Formatted.size(attachment.size))"
      if let filename = attachment.filename { line += ", " + TerminalText.line(filename) }
      out += line + "\n"
    }
    return out
  }
}
