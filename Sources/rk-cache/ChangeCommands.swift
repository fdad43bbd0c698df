import ArgumentParser
import OfflineStore
import StoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Mark: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mark",
      abstract:
        "Change cached bookmarks offline (archive, favourite, progress, labels) and queue the change for rk-push.",
      discussion: HelpText.discussion(
        """
        Each change updates the cached bookmark and queues it, in one transaction for all the ids \
        given; when one of them is not cached nothing changes. Several changes to one field of a \
        bookmark keep the last; labels keep what to add and what to remove. Every queued change \
        records when it was made and the bookmark's "updated" then, for rk-push's conflict rule. \
        "rk-cache pending" lists the queue.
        """,
        examples: [
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --archive", "Archive it; rk-push tells the server."),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 9rUCjjW5NSHbvSzV2Cvh6f --favorite", "Two favourites at once."),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --add-label later --remove-label new", "Labels."),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --progress 40", "Read to 40 %."),
        ],
        exitStatuses: [
          (.success, nil), (.failure, "An id is not cached (nothing was changed)."),
          (.usage, "No change given, or two that contradict each other."),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: "The bookmarks' ids.") var ids: [String]
    @Flag(help: "Archive.") var archive = false
    @Flag(help: "Take out of the archive.") var unarchive = false
    @Flag(help: "Mark as favourite.") var favorite = false
    @Flag(help: "Take off the favourites.") var unfavorite = false
    @Option(
      help: Mark.progressRange.help("Read progress in percent.", valueName: "percent"),
      transform: Mark.progressRange.parse)
    var progress: Int?

    static let progressRange = NumberRange(0...100)
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Add these labels.", valueName: "label"))
    var addLabel: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Remove these labels.", valueName: "label"))
    var removeLabel: [String] = []

    func validate() throws {
      if ids.isEmpty { throw ValidationError("give the ids of the bookmarks to change.") }
      if archive && unarchive { throw ValidationError("--archive and --unarchive contradict each other.") }
      if favorite && unfavorite { throw ValidationError("--favorite and --unfavorite contradict each other.") }
      if let both = Set(addLabel).intersection(removeLabel).first {
        throw ValidationError("the label \(both) is both added and removed.")
      }
      if addLabel.contains(where: \.isEmpty) || removeLabel.contains(where: \.isEmpty) {
        throw ValidationError("a label cannot be empty.")
      }
      if edit.isEmpty {
        throw ValidationError(
          "no change: give --archive, --unarchive, --favorite, --unfavorite, --progress, --add-label or --remove-label."
        )
      }
    }

    var edit: OfflineEdit {
      OfflineEdit(
        archived: archive ? true : unarchive ? false : nil, marked: favorite ? true : unfavorite ? false : nil,
        progress: progress, addLabels: addLabel, removeLabels: removeLabel)
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let missing = try store.open().mark(ids: ids, edit)
        if !missing.isEmpty {
          throw ToolError(
            .failure, "not in the cache: \(missing.joined(separator: ", ")); nothing was changed")
        }
        diagnostics.info("queued for rk-push: \(Formatting.count(ids.count, "bookmark"))")
      }
    }
  }

  struct Pending: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pending", abstract: "The changes queued for rk-push, one \"change\" record each, oldest first.",
      discussion: HelpText.discussion(
        """
        A record holds the bookmark's id, the field (is_archived, is_marked, read_progress, \
        labels), the value to send (add_labels and remove_labels for labels), the value it \
        started from ("base"), the bookmark's "updated" then ("base_updated") and when it was \
        made ("made_at").

        --drop takes a bookmark's changes out of the queue without sending them (only those of \
        --field when given): what to do with a change the server refuses, which rk-push would \
        otherwise send on every run. The cached bookmark takes back the server's value as last \
        seen ("base"); the dropped changes are written as "change" records.
        """,
        examples: [
          Example("rk-cache pending", "What rk-push would send."),
          Example("rk-cache pending | jq -r .id | sort -u | wc -l", "How many bookmarks have changes."),
          Example(
            "rk-cache pending --drop WNBGvKQgFsLwHwy4i89q53 --field labels",
            "Forget the label change the server refused; the labels are the server's again."),
        ],
        exitStatuses: [
          (.success, nil), (.failure, "--drop: a bookmark has nothing queued (the others are dropped)."),
          (.noInput, "No store at the path."),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: "Only these bookmarks' changes.") var ids: [String] = []
    @Option(help: ArgumentHelp("Drop this bookmark's queued changes instead of listing them.", valueName: "id"))
    var drop: [String] = []
    @Option(help: ArgumentHelp("With --drop: only the change of this field.", valueName: "field"))
    var field: String?

    static let fields = ["is_archived", "is_marked", "read_progress", "labels"]

    func validate() throws {
      if let field {
        guard !drop.isEmpty else { throw ValidationError("--field goes with --drop.") }
        guard Self.fields.contains(field) else {
          throw ValidationError("--field is one of \(Self.fields.joined(separator: ", ")).")
        }
      }
      if !drop.isEmpty, !ids.isEmpty { throw ValidationError("give the bookmarks to drop with --drop only.") }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let sink = OutputSink.standardOutput
        guard !drop.isEmpty else {
          for queued in try store.openForReading().pendingChanges(ids: ids.isEmpty ? nil : ids) {
            try sink.emit(queued.change)
          }
          return try sink.flush()
        }
        let offline = try store.open()
        var nothingQueued: [String] = []
        for id in drop {
          let dropped = try offline.drop(id: id, field: field)
          for change in dropped { try sink.emit(change) }
          if dropped.isEmpty {
            nothingQueued.append(id)
          } else {
            diagnostics.info(
              "dropped \(id): \(dropped.map(\.field).joined(separator: ", ")); the cached values are the server's again"
            )
          }
        }
        try sink.flush()
        if !nothingQueued.isEmpty {
          let what = field.map { " for \($0)" } ?? ""
          throw ToolError(.failure, "nothing queued\(what): \(nothingQueued.joined(separator: ", "))")
        }
      }
    }
  }
}
