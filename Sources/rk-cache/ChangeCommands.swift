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
        """,
        examples: [
          Example("rk-cache pending", "What rk-push would send."),
          Example("rk-cache pending | jq -r .id | sort -u | wc -l", "How many bookmarks have changes."),
        ],
        exitStatuses: [(.success, nil), (.noInput, "No store at the path.")]))

    @OptionGroup var store: StoreOptions
    @Argument(help: "Only these bookmarks' changes.") var ids: [String] = []

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let sink = OutputSink.standardOutput
        for queued in try store.openForReading().pendingChanges(ids: ids.isEmpty ? nil : ids) {
          try sink.emit(queued.change)
        }
        try sink.flush()
      }
    }
  }
}
