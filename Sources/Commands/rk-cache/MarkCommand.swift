import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Mark: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mark",
      abstract:
        tr(
          "Change cached bookmarks offline (archive, favourite, progress, labels, delete) and queue the change for rk-push."
        ),
      discussion: HelpText.discussion(
        tr(
          """
          Each change updates the cached bookmark and queues it, in one transaction for all the ids \
          given; when one of them is not cached nothing changes. Several changes to one field of a \
          bookmark keep the last; labels keep what to add and what to remove. Every queued change \
          records when it was made and the bookmark's "updated" then, for rk-push's conflict rule. \
          "rk-cache pending" lists the queue. --delete has Readeck schedule the bookmark's deletion \
          (--undelete cancels it): the article leaves list, search, epub and site at once, stays in \
          the cache (rk-cache prune never removes it) until rk-push has the server confirm, and \
          is removed then.
          """),
        examples: [
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --archive", tr("Archive it; rk-push tells the server.")),
          Example(
            "rk-cache mark WNBGvKQgFsLwHwy4i89q53 9rUCjjW5NSHbvSzV2Cvh6f --favorite", tr("Two favourites at once.")),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --add-label later --remove-label new", tr("Labels.")),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --progress 40", tr("Read to 40 %.")),
          Example("rk-cache mark WNBGvKQgFsLwHwy4i89q53 --delete", tr("Delete it on the next rk-push.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("An id is not cached (nothing was changed).")),
          (.usage, tr("No change given, or two that contradict each other.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The bookmarks' ids."))) var ids: [String]
    @Flag(help: ArgumentHelp(tr("Archive."))) var archive = false
    @Flag(help: ArgumentHelp(tr("Take out of the archive."))) var unarchive = false
    @Flag(help: ArgumentHelp(tr("Mark as favourite."))) var favorite = false
    @Flag(help: ArgumentHelp(tr("Take off the favourites."))) var unfavorite = false
    @Option(
      help: Mark.progressRange.help(tr("Read progress in percent."), valueName: "percent"),
      transform: Mark.progressRange.parse)
    var progress: Int?

    static let progressRange = NumberRange(0...100)
    @Option(parsing: .upToNextOption, help: ArgumentHelp(tr("Add these labels."), valueName: "label"))
    var addLabel: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp(tr("Remove these labels."), valueName: "label"))
    var removeLabel: [String] = []
    @Flag(help: ArgumentHelp(tr("Delete on the server (Readeck schedules it).")))
    var delete = false
    @Flag(help: ArgumentHelp(tr("Cancel a deletion not yet carried out."))) var undelete = false

    func validate() throws {
      if ids.isEmpty { throw ValidationError(tr("give the ids of the bookmarks to change.")) }
      if archive && unarchive { throw ValidationError(tr("--archive and --unarchive contradict each other.")) }
      if favorite && unfavorite { throw ValidationError(tr("--favorite and --unfavorite contradict each other.")) }
      if delete && undelete { throw ValidationError(tr("--delete and --undelete contradict each other.")) }
      if let both = Set(addLabel).intersection(removeLabel).first {
        throw ValidationError(tr("the label \(both) is both added and removed."))
      }
      if addLabel.contains(where: \.isEmpty) || removeLabel.contains(where: \.isEmpty) {
        throw ValidationError(tr("a label cannot be empty."))
      }
      if edit.isEmpty {
        throw ValidationError(
          tr(
            "no change: give --archive, --unarchive, --favorite, --unfavorite, --progress, --add-label, --remove-label, --delete or --undelete."
          )
        )
      }
    }

    var edit: BookmarkEdit {
      BookmarkEdit(
        archived: archive ? true : unarchive ? false : nil, marked: favorite ? true : unfavorite ? false : nil,
        progress: progress, addLabels: addLabel, removeLabels: removeLabel,
        deleted: delete ? true : undelete ? false : nil)
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let missing = try store.open().mark(ids: ids, edit)
        if !missing.isEmpty {
          let absent = missing.joined(separator: ", ")
          throw ToolError(.failure, tr("not in the cache: \(absent); nothing was changed"))
        }
        let count = ids.count
        diagnostics.info(
          tr(
            one: "queued for rk-push: \(count) bookmark", other: "queued for rk-push: \(count) bookmarks", count: count)
        )
      }
    }
  }
}
