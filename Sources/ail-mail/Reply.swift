import ArgumentParser
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
    commandName: "reply", abstract: "Write a reply draft for sendmail -t or msmtp -t.",
    discussion: HelpText.discussion(
      """
      Reads the new text (a file, or standard input) and writes a complete message: To from the \
      original's Reply-To or else its From (--all: the original's other recipients go to Cc, \
      without yourself), the subject with one "Re: " however many reply prefixes it had \
      (Re:, RE[2]:, AW:, Sv: …), In-Reply-To and References for threading, a fresh Message-ID \
      and Date, then the new text followed by the original's text quoted with "> " (its \
      signature left out). UTF-8; the body is quoted-printable and header words RFC 2047 encoded \
      where they need to be.

      New text that is empty or only whitespace writes nothing and exits 65, so that a failed \
      step before it in a pipeline (ail-ai exiting 69) never sends an empty reply; \
      --allow-empty writes the draft anyway.
      """,
      environment: [("EMAIL", "Your address when --from is not given.")],
      files: [("$XDG_CONFIG_HOME/ailo/config", "from = your address, in the [ail-mail] section.")],
      examples: [
        Example("ail-mail reply --original message.eml answer.txt | msmtp -t", "Send a written answer."),
        Example(
          "ail-mail body m.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original m.eml --all > draft.eml",
          "An AI-drafted reply to everybody, to edit before sending."),
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, "The original is empty, or the new text is empty or only whitespace (without --allow-empty)."),
        (.noInput, nil),
        (.configError, "The configured From address does not parse."),
      ]))

  @Option(help: ArgumentHelp("The message to answer.", valueName: "file"), completion: .file())
  var original: String

  @Argument(
    help: ArgumentHelp("The new text; standard input when none or '-'.", valueName: "text-file"), completion: .file())
  var textFile = "-"

  @Option(
    help: ArgumentHelp(
      "Your address, 'Name <address>' or 'address': the From line, and left out with --all.", valueName: "address"))
  var from: String?

  @Flag(help: "Reply to all: the original's To and Cc go to Cc, except yourself.") var all = false

  @Flag(help: "Write the draft even when the new text is empty or only whitespace.") var allowEmpty = false

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let originalBytes = try InputFile.contents(of: original)
      guard !originalBytes.isEmpty else { throw ToolError(.dataError, "\(original): empty, no message") }
      let message = MailMessage(originalBytes)
      for warning in message.record().warnings { diagnostics.warning("\(original): \(warning)") }
      let text = String(decoding: try InputFile.contents(of: textFile), as: UTF8.self)
      // Checked before anything is written: a pipeline whose writer failed must not send a draft.
      if !allowEmpty, text.allSatisfy(\.isWhitespace) {
        throw ToolError(.dataError, Self.emptyText(textFile == "-" ? "standard input" : textFile))
      }
      let sender = try resolveFrom()
      let now = Date()
      let offset = TimeZone.current.secondsFromGMT(for: now)
      let domain = sender?.address.split(separator: "@").last.map(String.init) ?? "ail-mail.invalid"
      let id = "\(Int(now.timeIntervalSince1970)).\(String(UInt64.random(in: 0...UInt64.max), radix: 36))@\(domain)"
      let draft = ReplyDraft(from: sender, all: all, date: now, offsetSeconds: offset, messageID: id)
      let sink = OutputSink.standardOutput
      try sink.write(draft.message(replyingTo: message, text: text))
      try sink.flush()
    }
  }

  /// The refusal of an empty reply.
  static func emptyText(_ source: String) -> String {
    "\(source): no text to reply with (empty or only whitespace); nothing written (--allow-empty writes it anyway)"
  }

  private func resolveFrom() throws -> MailAddress? {
    let configuration = Configuration(tool: "ail-mail", file: try ConfigFile.load(app: "ailo"))
    guard let setting = configuration.resolve(flag: ("--from", from), variable: "EMAIL", key: "from") else {
      return nil
    }
    guard let address = AddressList.parse(setting.value).first, address.address.contains("@") else {
      throw ToolError(
        setting.source == .flag("--from") ? .usage : .configError, "\(setting.source): not an address: \(setting.value)"
      )
    }
    return address
  }
}
