import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct Reply: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reply", abstract: tr("Write a reply draft for sendmail -t or msmtp -t."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads the new text (a file, or standard input) and writes a complete message: To from the \
        original's Reply-To or else its From (--all: the original's other recipients go to Cc, \
        without yourself), the subject with one "Re: " however many reply prefixes it had \
        (Re:, RE[2]:, AW:, Sv: …), In-Reply-To and References for threading, a fresh Message-ID \
        and Date, then the new text followed by the original's text quoted with "> " (its \
        signature left out), and each --attach file as an attachment. UTF-8; the body is \
        quoted-printable and header words RFC 2047 encoded where they need to be. Under a German locale the draft says "AW: " and "Am … schrieb …:" \
        instead of "Re: " and "On … wrote:".

        New text that is empty or only whitespace writes nothing and exits 65, so that a failed \
        step before it in a pipeline (ail-ai exiting 69) never sends an empty reply; \
        --allow-empty writes the draft anyway. A text file that is not UTF-8 text is refused with 65.

        A recipient is an address: a value of the original's Reply-To, From, To or Cc that is not \
        one is left out with a warning (a control character such as a bare CR, which would split \
        the To line for msmtp -t, leaves out its whole field), and a Reply-To with nothing left \
        gives way to From.
        """),
      environment: DraftInput.environment, files: DraftInput.files,
      examples: [
        Example("ail-mail reply --original message.eml answer.txt | msmtp -t", tr("Send a written answer.")),
        Example(
          "ail-mail body m.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original m.eml --all > draft.eml",
          tr("An AI-drafted reply to everybody, to edit before sending.")),
      ],
      exitStatuses: DraftInput.exitStatuses))

  @Option(help: ArgumentHelp(tr("The message to answer."), valueName: "file"), completion: .file())
  var original: String

  @Argument(
    help: ArgumentHelp(tr("The new text; standard input when none or '-'."), valueName: "text-file"),
    completion: .file())
  var textFile = "-"

  @Option(
    help: ArgumentHelp(
      tr("Your address, 'Name <address>' or 'address': the From line, and left out with --all."),
      valueName: "address"))
  var from: String?

  @Flag(help: ArgumentHelp(tr("Reply to all: the original's To and Cc go to Cc, except yourself."))) var all = false

  @OptionGroup var attach: AttachOptions

  @OptionGroup var signing: SignOptions

  @Flag(help: ArgumentHelp(tr("Write the draft even when the new text is empty or only whitespace.")))
  var allowEmpty = false

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let (message, name, text) = try DraftInput.read(
        original: original, textFile: textFile, allowEmpty: allowEmpty, diagnostics: diagnostics)
      try DraftInput.write(from: from, all: all, attach: attach, signing: signing) { draft, attachments in
        for value in draft.recipients(replyingTo: message).leftOut {
          diagnostics.warning(tr("\(name): not an address, left out of the draft: \(TerminalText.line(value))"))
        }
        return draft.message(replyingTo: message, text: text, attachments: attachments)
      }
    }
  }

  /// The refusal of an empty reply.
  static func emptyText(_ source: String) -> String {
    tr("\(source): no text to reply with (empty or only whitespace); nothing written (--allow-empty writes it anyway)")
  }
}
