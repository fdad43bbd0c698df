import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

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
