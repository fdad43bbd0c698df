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

/// What retry and cancel share: the lock, every id checked, then every item changed.
enum OutboxChange {
  static let exitStatuses: [(ExitStatus, String?)] = [
    (.success, nil),
    (.dataError, tr("A message was sent already; nothing was changed.")),
    (.noInput, tr("No message with that id; nothing was changed.")),
    (.tempFailure, tr("A send is running; try again when it has ended.")),
  ]

  static func apply(
    _ ids: [String], options: OutboxOptions, common: CommonOptions,
    _ change: (OutboxItemRecord) throws(OutboxLife.Refusal) -> OutboxItemRecord
  ) throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let folder = OutboxFolder(path: try options.resolve().folder)
      let lock = folder.exists ? try folder.lock(waiting: 10) : nil
      if folder.exists, lock == nil {
        throw ToolError(.tempFailure, tr("a send from \(folder.path) is running; try again when it has ended"))
      }
      let items = Dictionary(
        try folder.settledItems(diagnostics: diagnostics).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      let missing = ids.filter { items[$0] == nil }
      guard missing.isEmpty else {
        throw ToolError(.noInput, tr("no such message in \(folder.path): \(missing.joined(separator: ", "))"))
      }
      var changed: [OutboxItemRecord] = []
      for id in ids {
        do { changed.append(try change(items[id]!)) } catch {
          throw ToolError(
            .dataError, tr("\(id) was sent already; nothing was changed (ail-mail outbox add queues it again)"))
        }
      }
      let sink = OutputSink.standardOutput
      for item in changed {
        try folder.store(item)
        try sink.emit(item)
      }
      try sink.flush()
      withExtendedLifetime(lock) {}
    }
  }
}
