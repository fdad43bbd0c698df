import ArgumentParser
import Localization
import Mail
import PrivateFiles
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct Compose: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compose", abstract: tr("Write a new message for sendmail -t or msmtp -t."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads the text (a file, or standard input, so that ail-ai can write it) and writes a \
        complete message: From, To, Cc, Bcc (which "msmtp -t" and "sendmail -t" send to and take \
        out), the subject RFC 2047 encoded where it needs to be, a fresh Message-ID and Date, the \
        text in UTF-8, and each --attach file as a base64 part with its name in RFC 2231 form and \
        its type sniffed from its first bytes or its extension. --attach takes every name up to \
        the next option, so a text file is named before it (or after --).

        Text that is empty or only whitespace writes nothing and exits 65, as with reply; \
        --allow-empty writes the message anyway. A text file that is not UTF-8 text (a NUL byte, \
        bytes that are not UTF-8) is refused with 65 rather than sent as the text: attach it. \
        --to, --cc, --bcc and --from must be addresses and --subject one line (64).

        --sign writes the message S/MIME signed (multipart/signed, SHA-256, the signature \
        detached over the canonical CRLF form of the signed part), with the kept identity of the \
        From address or of --sign-as; without one nothing is written and the status is 78.
        """),
      environment: DraftInput.environment, files: DraftInput.files,
      examples: [
        Example(
          "ail-mail compose --to anna@example.org --subject Minutes --attach minutes.md tidy.md < note.txt | msmtp -t",
          tr("Send a note with two files.")),
        Example(
          "ail-ai --preset Tidy < note.txt | ail-mail compose --to anna@example.org --subject Notes > draft.eml",
          tr("A message written by ail-ai, to look at before sending.")),
        Example(
          "ail-mail compose --to anna@example.org --subject Contract --sign --attach contract.pdf -- note.txt | msmtp -t",
          tr("Send a signed message (S/MIME, with the identity \"ail-mail cert import\" kept).")),
      ],
      exitStatuses: DraftInput.exitStatuses))

  @Option(
    help: ArgumentHelp(tr("A recipient, 'Name <address>' or 'address' (repeatable)."), valueName: "address"))
  var to: [String] = []

  @Option(help: ArgumentHelp(tr("A copy recipient (repeatable)."), valueName: "address"))
  var cc: [String] = []

  @Option(
    help: ArgumentHelp(tr("A blind copy recipient, left out of the sent header (repeatable)."), valueName: "address"))
  var bcc: [String] = []

  @Option(help: ArgumentHelp(tr("The subject."), valueName: "text")) var subject: String

  @OptionGroup var attach: AttachOptions

  @OptionGroup var signing: SignOptions

  @Argument(
    help: ArgumentHelp(tr("The text; standard input when none or '-'."), valueName: "text-file"), completion: .file())
  var textFile = "-"

  @Option(
    help: ArgumentHelp(tr("Your address, 'Name <address>' or 'address': the From line."), valueName: "address"))
  var from: String?

  @Flag(help: ArgumentHelp(tr("Write the message even when the text is empty or only whitespace.")))
  var allowEmpty = false

  @OptionGroup var common: CommonOptions

  func validate() throws {
    guard !to.isEmpty || !cc.isEmpty || !bcc.isEmpty else { throw ValidationError(tr("Give a recipient: --to.")) }
    try DraftInput.validateAddresses(to, option: "--to")
    try DraftInput.validateAddresses(cc, option: "--cc")
    try DraftInput.validateAddresses(bcc, option: "--bcc")
    if HeaderValue.hasControl(subject) {
      throw ValidationError(tr("--subject holds a line break or another control character; a subject is one line."))
    }
  }

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let text = try DraftInput.readText(textFile, allowEmpty: allowEmpty)
      try DraftInput.write(from: from, attach: attach, signing: signing) { draft, attachments in
        var message = OutgoingMessage(
          from: draft.from, to: to.flatMap { AddressList.parse($0) }, subject: subject, date: draft.date,
          offsetSeconds: draft.offsetSeconds, messageID: draft.messageID)
        message.cc = cc.flatMap { AddressList.parse($0) }
        message.bcc = bcc.flatMap { AddressList.parse($0) }
        return message.bytes(text: text, attachments: attachments)
      }
    }
  }
}

/// `--attach FILE…`: files that a written message carries, read before anything is written.
struct AttachOptions: ParsableArguments {
  // Every name up to the next option: "--attach a.md b.png" attaches both, as it reads, rather
  // than taking b.png for the text.
  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      tr(
        "Files to attach: every name up to the next option (repeatable); their types are sniffed. The text file goes before --attach, or after --."
      ), valueName: "file"),
    completion: .file())
  var attach: [String] = []

  func read() throws -> [OutgoingAttachment] {
    try attach.map { path in
      OutgoingAttachment(file: PathParts.name(of: path), content: try InputFile.contents(of: path))
    }
  }
}
