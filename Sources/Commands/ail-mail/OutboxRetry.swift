import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

struct OutboxRetry: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "retry", abstract: tr("Make messages pending again, due at once."),
    discussion: HelpText.discussion(
      tr(
        """
        Makes each message pending and due at the next send, whatever became of it: failed, \
        cancelled, waiting for its next try, or unknown (it may have gone out: retry says it \
        should go again). A message that was sent is refused; "add" queues it anew. Every id is \
        checked before anything changes. Writes each message's outbox_item record.
        """),
      files: OutboxOptions.files,
      examples: [
        Example("ail-mail outbox retry 260107-093000-01 && ail-mail outbox send", tr("Send a failed message again."))
      ],
      exitStatuses: OutboxChange.exitStatuses))

  @Argument(help: ArgumentHelp(tr("The ids of the messages, as list shows them."), valueName: "id"))
  var ids: [String]

  @OptionGroup var options: OutboxOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    try OutboxChange.apply(ids, options: options, common: common) { item throws(OutboxLife.Refusal) in
      try OutboxLife.retried(item)
    }
  }
}
