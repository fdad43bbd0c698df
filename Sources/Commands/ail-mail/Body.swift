import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

struct Body: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "body", abstract: tr("Print a message's readable text."),
    discussion: HelpText.discussion(
      tr(
        """
        The text/plain part of the message (of a multipart/alternative, the plain alternative), \
        or, when there is none, text made from its HTML part: block elements become line breaks, \
        links keep their URL, scripts and styles are dropped. Transfer encoding and charset are \
        undone; lines end in \\n; format=flowed paragraphs are joined.
        """),
      examples: [
        Example("ail-mail body message.eml", tr("The text of one message.")),
        Example("ail-mail body --with-headers < message.eml | less", tr("With From, To, Date and Subject on top.")),
      ],
      exitStatuses: [(.success, nil), (.dataError, tr("The input is empty.")), (.noInput, nil)]))

  @Argument(
    help: ArgumentHelp(tr("The message; standard input when none or '-'."), valueName: "file"), completion: .file())
  var file = "-"

  @Flag(help: ArgumentHelp(tr("Put From, To, Cc, Date and Subject lines (decoded) above the text."))) var withHeaders =
    false

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let (message, record, _) = try MessageInput.read(file, diagnostics: diagnostics)
      var out = ""
      if withHeaders { out += Show.readerHeaders(message, record) + "\n" }
      out += record.text ?? ""
      let sink = OutputSink.standardOutput
      try sink.write(out)
      try sink.flush()
    }
  }
}
