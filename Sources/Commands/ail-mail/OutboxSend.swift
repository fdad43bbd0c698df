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

struct OutboxSend: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send", abstract: tr("Send every message that is due through the sendmail command."),
    discussion: HelpText.discussion(
      tr(
        """
        Hands each pending message whose next try has come (every pending one with --now) to the \
        sendmail command, through /bin/sh -c, the message on its standard input; writes each \
        one's outbox_item record afterwards. The message is marked sending on disk before the \
        command starts. Status 0 makes it sent (and puts a copy, flagged seen, in the --sent \
        Maildir); a reply 4xx on the command's standard error, or status 75 or 68, leaves it \
        pending for a later try; any other failure makes it failed, no end within --timeout \
        seconds too (the command is then stopped, and may have sent it already: "retry" when you \
        know it did not). Messages that are unknown, failed or cancelled are left alone.

        One send runs at a time per outbox; a second one waits up to 10 seconds, then gives up \
        with status 75.
        """),
      files: OutboxOptions.files,
      examples: [
        Example("ail-mail outbox send --now", tr("Send every pending message at once, even those waiting.")),
        Example("ail-mail outbox send --sendmail 'msmtp -a work -t'", tr("Through another msmtp account.")),
      ],
      exitStatuses: [
        (.success, tr("Every message that was due was sent (also when none was).")),
        (.unavailable, tr("A message failed for good (this wins over 75).")),
        (.ioError, tr("The outbox or the Sent Maildir cannot be written.")),
        (.tempFailure, tr("A message waits for another try, or another send is running.")),
      ]))

  @Flag(help: ArgumentHelp(tr("Send every pending message, also those whose next try has not come.")))
  var now = false

  @Option(
    help: ArgumentHelp(
      tr("Seconds the sendmail command may take for one message before it is stopped."),
      valueName: "seconds"))
  var timeout = 120

  @OptionGroup var options: OutboxOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    guard (1...86_400).contains(timeout) else { throw ValidationError(tr("--timeout is 1 to 86400 seconds.")) }
  }

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let settings = try options.resolve()
      let folder = OutboxFolder(path: settings.folder)
      guard folder.exists else { return }
      guard let lock = try folder.lock(waiting: 10) else {
        throw ToolError(.tempFailure, tr("a send from \(folder.path) is already running; try again when it has ended"))
      }
      var failed = false
      let sink = OutputSink.standardOutput.flushing(eachRecord: true)
      for item in try folder.settledItems(diagnostics: diagnostics) {
        if item.status == OutboxStatus.unknown.rawValue {
          diagnostics.warning(
            tr("\(item.id): it may have gone out before a send was stopped; left alone (retry sends it again)"))
        }
        guard OutboxLife.isDue(item, at: Date(), ignoringWait: now) else { continue }
        let done = try send(item, folder: folder, settings: settings, diagnostics: diagnostics)
        if done.status == OutboxStatus.failed.rawValue { failed = true }
        try sink.emit(done)
      }
      try sink.flush()
      let waiting = try folder.items(diagnostics: diagnostics).contains { $0.status == OutboxStatus.pending.rawValue }
      withExtendedLifetime(lock) {}
      if failed { throw ExitCode(ExitStatus.unavailable.rawValue) }
      if waiting { throw ExitCode(ExitStatus.tempFailure.rawValue) }
    }
  }

  /// One attempt: marked sending on disk, the command run, the outcome stored.
  private func send(
    _ item: OutboxItemRecord, folder: OutboxFolder, settings: OutboxOptions.Resolved, diagnostics: Diagnostics
  ) throws -> OutboxItemRecord {
    let marked = OutboxLife.sending(item, at: Date())
    try folder.store(marked)
    let end: SendmailEnd
    do {
      end = try OutboxSendmail.run(settings.sendmail, message: folder.messagePath(item.id), timeout: timeout)
    } catch {
      // Nothing ran: the item is as it was before.
      try folder.store(item)
      throw ToolError(.ioError, tr("cannot run the sendmail command (\(settings.sendmail)): \(error.reason)"))
    }
    let outcome = SendmailOutcome(end)
    let done = OutboxLife.after(marked, outcome, at: Date())
    try folder.store(done)
    switch outcome {
    case .sent:
      diagnostics.info(tr("\(item.id): sent"))
      if let sent = settings.sent {
        let bytes = try InputFile.contents(of: folder.messagePath(item.id))
        try OutboxSentCopy.write(bytes, to: sent)
      }
    case .temporary(let reason):
      diagnostics.warning(tr("\(item.id): not sent, tried again later: \(reason)"))
    case .permanent(let reason):
      diagnostics.error(tr("\(item.id): not sent: \(reason)"))
    }
    return done
  }
}
