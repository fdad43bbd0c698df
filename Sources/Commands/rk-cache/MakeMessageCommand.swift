import ArgumentParser
import Localization
import ToolKit

extension RKCache {
  /// readkeep.mk's own messages, in the user's language: make has no catalog, so it asks for
  /// them here. Not listed in the help: it is the Makefile's, not a person's.
  struct MakeMessage: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "make-message", abstract: tr("readkeep.mk's messages on standard error."), shouldDisplay: false)

    enum Name: String, ExpressibleByArgument, CaseIterable {
      case recent
      case pushKept = "push-kept"
      case pushFailed = "push-failed"
      case stageFailed = "stage-failed"
      case imagesKept = "images-kept"
      case noQuery = "no-query"
      case noID = "no-id"
      case noUnread = "no-unread"
    }

    @Argument var name: Name
    @Argument var values: [String] = []

    func run() throws {
      let first = values.first ?? ""
      let second = values.dropFirst().first ?? ""
      let message =
        switch name {
        // TRANSLATORS: {0} is make's MAX_AGE as the user gave it (4h); FORCE=1 is typed as is.
        case .recent: tr("synced less than \(first) ago (FORCE=1 to sync anyway)")
        case .pushKept: tr("some changes were not pushed (status 75); they stay queued")
        case .pushFailed: tr("push failed (status \(first))")
        // TRANSLATORS: {0} names a step of make sync as is: changes, apply, highlights, keep, ids,
        // fetch, images or store; {1} is its exit status.
        case .stageFailed: tr("\(first) failed (status \(second))")
        case .imagesKept: tr("some images failed; the articles keep their remote URLs")
        // TRANSLATORS: Q=… is typed as is.
        case .noQuery: tr("give the query as Q=…")
        // TRANSLATORS: ID=… is typed as is.
        case .noID: tr("give the article as ID=…")
        case .noUnread: tr("no unread article in the store; no audiobook written")
        }
      Diagnostics(tool: "readkeep").info(message)
    }
  }
}
