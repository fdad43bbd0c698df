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
      let attachments = try attach.read()
      let sender = try DraftInput.resolveFrom(from)
      let draft = DraftInput.draft(from: sender, all: all)
      for value in draft.recipients(replyingTo: message).leftOut {
        diagnostics.warning(tr("\(name): not an address, left out of the draft: \(TerminalText.line(value))"))
      }
      let written = try signing.apply(
        draft.message(replyingTo: message, text: text, attachments: attachments), from: sender)
      let sink = OutputSink.standardOutput
      try written.withUnsafeBytes { try sink.write($0) }
      try sink.flush()
    }
  }

  /// The refusal of an empty reply.
  static func emptyText(_ source: String) -> String {
    tr("\(source): no text to reply with (empty or only whitespace); nothing written (--allow-empty writes it anyway)")
  }
}

/// What `reply` and `forward` share: their help's environment, files and exit statuses, reading
/// the original and the new text, the From address, and a draft dated now in the language of the
/// user.
enum DraftInput {
  static let environment = [("EMAIL", tr("Your address when --from is not given."))] + SignOptions.environment
  static let files = [("$XDG_CONFIG_HOME/ailo/config", tr("from = your address, in the [ail-mail] section."))]
  static let exitStatuses: [(ExitStatus, String?)] = [
    (.success, nil),
    (.dataError, tr("The original is empty, or the new text is empty or only whitespace (without --allow-empty).")),
    (.noInput, nil),
    (
      .configError,
      tr(
        "The configured From address does not parse, or --sign finds no identity to sign with (\"ail-mail cert import\"); nothing was written."
      )
    ),
  ]

  /// The original, its name for messages, and the new text.
  static func read(original: String, textFile: String, allowEmpty: Bool, diagnostics: Diagnostics) throws -> (
    message: MailMessage, name: String, text: String
  ) {
    let (message, _, name) = try MessageInput.read(original, diagnostics: diagnostics)
    return (message, name, try readText(textFile, allowEmpty: allowEmpty))
  }

  /// The new text. Checked before anything is written: a pipeline whose writer failed must not
  /// send a draft, and a file that is not UTF-8 text (a PNG named where the text goes) must not
  /// become its body.
  static func readText(_ textFile: String, allowEmpty: Bool) throws -> String {
    let bytes = try InputFile.contents(of: textFile)
    let name = textFile == "-" ? tr("standard input") : textFile
    if let offset = bytes.firstIndex(of: 0) {
      throw ToolError(
        .dataError,
        tr("\(name): binary data (a NUL byte at offset \(offset)), not text; to send a file, attach it with --attach"))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ToolError(
        .dataError,
        tr(
          "\(name): not UTF-8 text; convert it (iconv -f LATIN1 -t UTF-8) or, to send the file, attach it with --attach"
        ))
    }
    if !allowEmpty, text.allSatisfy(\.isWhitespace) { throw ToolError(.dataError, Reply.emptyText(name)) }
    return text
  }

  /// Each value of `option` must be addresses that a header can carry, on one line.
  static func validateAddresses(_ values: [String], option: String) throws {
    for value in values where HeaderValue.addresses(in: value) == nil {
      throw ValidationError(tr("\(option) \(TerminalText.line(value)) is not an address."))
    }
  }

  static func draft(from sender: MailAddress?, all: Bool = false) -> ReplyDraft {
    let now = Date()
    let offset = TimeZone.current.secondsFromGMT(for: now)
    let domain = sender?.address.split(separator: "@").last.map(String.init) ?? "ail-mail.invalid"
    let id = "\(Int(now.timeIntervalSince1970)).\(String(UInt64.random(in: 0...UInt64.max), radix: 36))@\(domain)"
    return ReplyDraft(
      from: sender, all: all, date: now, offsetSeconds: offset, messageID: id, language: Language.current)
  }

  static func resolveFrom(_ from: String?) throws -> MailAddress? {
    let configuration = Configuration(tool: "ail-mail", file: try ConfigFile.load(app: "ailo"))
    guard let setting = configuration.resolve(flag: ("--from", from), variable: "EMAIL", key: "from") else {
      return nil
    }
    guard let addresses = HeaderValue.addresses(in: setting.value), addresses.count == 1, let address = addresses.first
    else {
      throw ToolError(
        setting.source == .flag("--from") ? .usage : .configError,
        tr("\(setting.source): not an address: \(TerminalText.line(setting.value))"))
    }
    return address
  }
}
