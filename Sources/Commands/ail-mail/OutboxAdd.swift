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

struct OutboxAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: tr("Queue messages for sending."),
    discussion: HelpText.discussion(
      tr(
        """
        Queues each message (standard input when no file is given) and writes its outbox_item \
        record. Every message is checked before any is queued: one without a From address or \
        without a recipient (To, Cc or Bcc) is refused and nothing is queued. A message without \
        a Message-ID or a Date gets them, so that what is sent and what is kept are one message.
        """),
      files: OutboxOptions.files,
      examples: [
        Example("ail-mail outbox add draft.eml", tr("Queue a message written earlier."))
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, tr("A message is empty or has no From or no recipient; nothing was queued.")),
        (.noInput, tr("A file cannot be read; nothing was queued.")),
        (.ioError, tr("The outbox cannot be written.")),
      ]))

  @Argument(
    help: ArgumentHelp(tr("Messages to queue; standard input when none or '-'."), valueName: "file"),
    completion: .file())
  var files: [String] = []

  @OptionGroup var options: OutboxOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let settings = try options.resolve()
      let now = Date()
      let offset = TimeZone.current.secondsFromGMT(for: now)
      let messages = try (files.isEmpty ? ["-"] : files).map { path in
        let name = InputFile.displayName(path)
        do {
          return try OutboxMessage(InputFile.contents(of: path), now: now, offsetSeconds: offset)
        } catch let refusal as OutboxMessage.Refusal {
          throw ToolError(.dataError, tr("\(name): \(refusal.description); nothing was queued"))
        }
      }
      let folder = OutboxFolder(path: settings.folder)
      try folder.create()
      let sink = OutputSink.standardOutput
      for message in messages { try sink.emit(try folder.add(message, now: now)) }
      try sink.flush()
    }
  }
}
