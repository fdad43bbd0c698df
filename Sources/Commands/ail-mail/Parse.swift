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

struct Parse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse", abstract: tr("Write one \"mail\" record per message."),
    discussion: HelpText.discussion(
      tr(
        """
        Each record has message_id, from, to, cc, reply_to (name and address), date (UTC), \
        subject, text (as "ail-mail body" prints it), has_html, attachments (filename, mime, \
        size once decoded, content_id, inline), source (the file, or FILE#N for the Nth message \
        of an mbox), for damaged mail warnings, and for a message signed with S/MIME signature \
        (status valid, invalid, untrusted or expired; signer, the certificate's address; subject; \
        matches_from, whether the signer is the From address). A signed message's text and \
        attachments are those of what was signed, an opaque signature's content too. The records \
        go straight into "ail-ai --field text".

        Files given as arguments hold one message each; --mbox reads every message of an mbox \
        file (mboxrd quoting undone), one at a time, --maildir every message in a Maildir's cur/ \
        and new/ folders in file name order.
        """),
      files: TrustOptions.files,
      examples: [
        Example("ail-mail parse message.eml", tr("One record.")),
        Example(
          "ail-mail parse --mbox archive.mbox | jq -r 'select(.attachments | length > 0) | .subject'",
          tr("Messages with attachments.")),
        Example(
          "ail-mail parse --maildir ~/Mail/INBOX | ail-ai --preset Summarize --field text", tr("Summarise a Maildir.")),
        Example(
          "ail-mail parse --maildir ~/Mail/INBOX | jq -r 'select(.signature.status == \"invalid\") | .source'",
          tr("Messages whose signature does not hold.")),
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, tr("An input was empty (the others were written).")),
        (.noInput, tr("An input could not be read (the others were written).")),
      ]))

  @Argument(
    help: ArgumentHelp(
      tr("Message files; standard input when none (and no --mbox or --maildir) or '-'."), valueName: "file"),
    completion: .file())
  var files: [String] = []

  @Option(
    help: ArgumentHelp(tr("An mbox file to read every message of; repeatable."), valueName: "file"), completion: .file()
  )
  var mbox: [String] = []

  @Option(
    help: ArgumentHelp(tr("A Maildir to read every message of; repeatable."), valueName: "dir"), completion: .directory)
  var maildir: [String] = []

  @OptionGroup var trust: TrustOptions

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let signatures = try trust.reader(diagnostics)
      var worst = ExitStatus.success
      let sink = OutputSink.standardOutput
      func emit(_ bytes: [UInt8], source: String) throws {
        guard !bytes.isEmpty else {
          diagnostics.error(tr("\(source): empty, no message"))
          if worst == .success { worst = .dataError }
          return
        }
        let record = try signatures.record(bytes, source: source)
        for warning in record.warnings { diagnostics.warning("\(source): \(warning)") }
        try sink.emit(record)
      }
      func failed(_ error: ToolError) {
        diagnostics.error(error.message)
        worst = error.status
      }
      let singles = files.isEmpty && mbox.isEmpty && maildir.isEmpty ? ["-"] : files
      for file in singles {
        do { try emit(try InputFile.contents(of: file), source: InputFile.displayName(file)) } catch let error
          as ToolError where error.status == .noInput
        {
          failed(error)
        }
      }
      for path in mbox {
        do { try readMbox(path, diagnostics, emit) } catch let error as ToolError where error.status == .noInput {
          failed(error)
        }
      }
      for directory in maildir {
        guard let paths = MailboxReading.maildirFiles(in: directory, diagnostics: diagnostics) else {
          failed(ToolError(.noInput, tr("\(directory): not a Maildir (no cur/ or new/ folder)")))
          continue
        }
        for path in paths {
          do { try emit(try InputFile.contents(of: path), source: path) } catch let error as ToolError
            where error.status == .noInput
          {
            failed(error)  // delivered or moved away meanwhile
          }
        }
      }
      try sink.flush()
      if worst != .success { throw ExitCode(worst.rawValue) }
    }
  }

  private func readMbox(_ path: String, _ diagnostics: Diagnostics, _ emit: ([UInt8], String) throws -> Void) throws {
    let reader = try LineReader(path: path)
    let name = InputFile.displayName(path)
    var splitter = MboxSplitter()
    var number = 0
    try reader.forEachLine { line, _ in
      if let message = splitter.feed(line) {
        number += 1
        try emit(message, "\(name)#\(number)")
      }
    }
    if let message = splitter.finish() {
      number += 1
      try emit(message, "\(name)#\(number)")
    }
    if splitter.sawTextBeforeFirstSeparator {
      diagnostics.warning(tr("\(name): text before the first \"From \" line, read as a message"))
    }
  }
}
