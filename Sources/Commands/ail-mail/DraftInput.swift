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

/// What `reply`, `forward` and `compose` share: their help's environment, files and exit
/// statuses, reading the original and the new text, and writing the draft.
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

  /// What reply, forward and compose do once their text is read: the attachments are read, the
  /// From address resolved and the draft dated now in the language of the user; `message` writes
  /// the message from them, which goes to standard output, signed when --sign asks.
  static func write(
    from: String?, all: Bool = false, attach: AttachOptions, signing: SignOptions,
    _ message: (ReplyDraft, [OutgoingAttachment]) throws -> [UInt8]
  ) throws {
    let attachments = try attach.read()
    let sender = try Configuration(tool: "ail-mail", file: try ConfigFile.load(app: "ailo")).resolve(
      flag: ("--from", from), variable: "EMAIL", key: "from", parse: SenderAddress.parse,
      refusal: SenderAddress.refusal(of:from:))
    let written = try signing.apply(try message(draft(from: sender, all: all), attachments), from: sender)
    let sink = OutputSink.standardOutput
    try written.withUnsafeBytes { try sink.write($0) }
    try sink.flush()
  }

  private static func draft(from sender: MailAddress?, all: Bool) -> ReplyDraft {
    let now = Date()
    let offset = TimeZone.current.secondsFromGMT(for: now)
    let domain = sender?.address.split(separator: "@").last.map(String.init) ?? "ail-mail.invalid"
    let id = "\(Int(now.timeIntervalSince1970)).\(String(UInt64.random(in: 0...UInt64.max), radix: 36))@\(domain)"
    return ReplyDraft(
      from: sender, all: all, date: now, offsetSeconds: offset, messageID: id, language: Language.current)
  }
}
