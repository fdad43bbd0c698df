import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

struct Forward: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forward", abstract: tr("Write a forward draft for sendmail -t or msmtp -t."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads the new text (a file, or standard input) and writes a complete message to the \
        addresses of --to: the subject with one "Fwd: " however many forward prefixes it had \
        (Fwd:, Fw:, WG: …), a fresh Message-ID and Date, then the new text, a "Forwarded message" \
        line, the original's From, Date, Subject, To and Cc, and its readable text, then the \
        original's attachments and each --attach file. --as-attachment encloses the original whole \
        as a message/rfc822 part after the new text instead, byte for byte (8bit, or binary when it \
        holds a NUL, a lone CR or a line over 998 bytes). Under a \
        German locale the draft says "WG: " and "Weitergeleitete Nachricht" instead.

        New text that is empty or only whitespace writes nothing and exits 65, as with reply; \
        --allow-empty writes the draft anyway.
        """),
      environment: DraftInput.environment, files: DraftInput.files,
      examples: [
        Example(
          "ail-mail body m.eml | ail-ai --recipe Forward/Brief | ail-mail forward --original m.eml --to anna@example.org | msmtp -t",
          tr("Forward a mail with a summary on top.")),
        Example(
          "ail-mail forward --original m.eml --to anna@example.org --as-attachment note.txt > fwd.eml",
          tr("Forward a mail whole, as an attachment.")),
      ],
      exitStatuses: DraftInput.exitStatuses))

  @Option(help: ArgumentHelp(tr("The message to forward."), valueName: "file"), completion: .file())
  var original: String

  @Option(help: ArgumentHelp(tr("A recipient, 'Name <address>' or 'address' (repeatable)."), valueName: "address"))
  var to: [String] = []

  @Argument(
    help: ArgumentHelp(tr("The new text; standard input when none or '-'."), valueName: "text-file"),
    completion: .file())
  var textFile = "-"

  @Option(
    help: ArgumentHelp(tr("Your address, 'Name <address>' or 'address': the From line."), valueName: "address"))
  var from: String?

  @Flag(help: ArgumentHelp(tr("Enclose the original whole, as a message/rfc822 attachment.")))
  var asAttachment = false

  @OptionGroup var attach: AttachOptions

  @OptionGroup var signing: SignOptions

  @Flag(help: ArgumentHelp(tr("Write the draft even when the new text is empty or only whitespace.")))
  var allowEmpty = false

  @OptionGroup var common: CommonOptions

  func validate() throws { try DraftInput.validateAddresses(to, option: "--to") }

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let (message, _, text) = try DraftInput.read(
        original: original, textFile: textFile, allowEmpty: allowEmpty, diagnostics: diagnostics)
      let recipients = to.flatMap { AddressList.parse($0) }
      try DraftInput.write(from: from, attach: attach, signing: signing) { draft, attachments in
        asAttachment
          ? draft.message(enclosing: message, to: recipients, text: text, attachments: attachments)
          : draft.message(forwarding: message, to: recipients, text: text, attachments: attachments)
      }
    }
  }
}
