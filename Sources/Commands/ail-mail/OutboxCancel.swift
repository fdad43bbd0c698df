import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

struct OutboxCancel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel", abstract: tr("Keep messages from being sent."),
    discussion: HelpText.discussion(
      tr(
        """
        Marks each message cancelled: send leaves it alone, and it stays in the outbox, so that \
        "retry" can still send it. A message that was sent is refused. Every id is checked before \
        anything changes. Writes each message's outbox_item record.
        """),
      files: OutboxOptions.files,
      examples: [Example("ail-mail outbox cancel 260107-093000-01", tr("Do not send that message."))],
      exitStatuses: OutboxChange.exitStatuses))

  @Argument(help: ArgumentHelp(tr("The ids of the messages, as list shows them."), valueName: "id"))
  var ids: [String]

  @OptionGroup var options: OutboxOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    try OutboxChange.apply(ids, options: options, common: common) { item throws(OutboxLife.Refusal) in
      try OutboxLife.cancelled(item)
    }
  }
}
