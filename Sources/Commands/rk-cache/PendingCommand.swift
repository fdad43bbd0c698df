import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Pending: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pending",
      abstract: tr(
        "What rk-push would send: links saved offline (\"queued_link\"), highlights (\"queued_highlight\"), then the changes (\"change\"), oldest first."
      ),
      discussion: HelpText.discussion(
        tr(
          """
          A "queued_link" record is a link "rk-cache add" queued: its local id (local-N), the \
          URL, title and labels, and "state" queued, or sent when a push sent it without getting \
          an answer (the next push looks for it on the server before sending it again).

          A "queued_highlight" record is a highlight "rk-cache highlight" made (action create, \
          its local id local-hl-N, the text, colour, note and where it lies), edited (edit, the \
          new colour and note) or deleted (delete), with the article's id as "bookmark_id".

          A "change" record holds the bookmark's id, the field (is_archived, is_marked, read_progress, \
          is_deleted, labels), the value to send (add_labels and remove_labels for labels), the value it \
          started from ("base"), the bookmark's "updated" then ("base_updated") and when it was \
          made ("made_at").

          --drop takes a bookmark's changes out of the queue without sending them (only those of \
          --field when given): what to do with a change the server refuses, which rk-push would \
          otherwise send on every run. The cached bookmark takes back the server's value as last \
          seen ("base"); the dropped changes are written as "change" records. --drop local-N takes \
          a queued link out, --drop with a highlight's id what is queued for it.
          """),
        examples: [
          Example("rk-cache pending", tr("What rk-push would send.")),
          Example(
            "rk-cache pending | jq -r 'select(.kind == \"change\") | .id' | sort -u | wc -l",
            tr("How many bookmarks have changes.")),
          Example(
            "rk-cache pending --drop WNBGvKQgFsLwHwy4i89q53 --field labels",
            tr("Forget the label change the server refused; the labels are the server's again.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("--drop: a bookmark has nothing queued (the others are dropped).")),
          (.noInput, tr("No store at the path.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("Only these bookmarks' changes."))) var ids: [String] = []
    @Option(help: ArgumentHelp(tr("Drop this bookmark's queued changes instead of listing them."), valueName: "id"))
    var drop: [String] = []
    @Option(help: ArgumentHelp(tr("With --drop: only the change of this field."), valueName: "field"))
    var field: String?

    static let fields = ["is_archived", "is_marked", "read_progress", "is_deleted", "labels"]

    func validate() throws {
      if let field {
        guard !drop.isEmpty else { throw ValidationError(tr("--field goes with --drop.")) }
        guard Self.fields.contains(field) else {
          let fields = Self.fields.joined(separator: ", ")
          throw ValidationError(tr("--field is one of \(fields)."))
        }
      }
      if !drop.isEmpty, !ids.isEmpty { throw ValidationError(tr("give the bookmarks to drop with --drop only.")) }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let sink = OutputSink.standardOutput
        guard !drop.isEmpty else {
          let offline = try store.openForReading()
          for link in try offline.queuedLinks(unsent: true) where ids.isEmpty || ids.contains(link.id) {
            try sink.emit(link)
          }
          for highlight in try offline.queuedHighlights() where ids.isEmpty || ids.contains(highlight.bookmarkID) {
            try sink.emit(highlight)
          }
          for queued in try offline.pendingChanges(ids: ids.isEmpty ? nil : ids) {
            try sink.emit(queued.change)
          }
          return try sink.flush()
        }
        let offline = try store.open()
        var nothingQueued: [String] = []
        for id in drop {
          if field == nil, OfflineStore.isLocalID(id) {
            if let link = try offline.dropLink(localID: id) {
              try sink.emit(link)
              let url = link.url
              diagnostics.info(tr("dropped \(id): \(url)"))
            } else {
              nothingQueued.append(id)
            }
            continue
          }
          if field == nil, let highlight = try offline.dropHighlight(id: id) {
            try sink.emit(highlight)
            let action = highlight.action.rawValue
            // TRANSLATORS: {0} is a highlight's id, {1} what was queued for it: create, edit or delete
            // (record values, not translated).
            diagnostics.info(tr("dropped \(id): highlight \(action)"))
            continue
          }
          let dropped = try offline.drop(id: id, field: field)
          for change in dropped { try sink.emit(change) }
          if dropped.isEmpty {
            nothingQueued.append(id)
          } else {
            let fields = dropped.map(\.field).joined(separator: ", ")
            // TRANSLATORS: {0} is a bookmark's id, {1} the fields whose queued changes were dropped
            // (is_archived, is_marked, read_progress, labels: record field names, not translated).
            diagnostics.info(tr("dropped \(id): \(fields); the cached values are the server's again"))
          }
        }
        try sink.flush()
        if !nothingQueued.isEmpty {
          let ids = nothingQueued.joined(separator: ", ")
          if let field { throw ToolError(.failure, tr("nothing queued for \(field): \(ids)")) }
          throw ToolError(.failure, tr("nothing queued: \(ids)"))
        }
      }
    }
  }
}
