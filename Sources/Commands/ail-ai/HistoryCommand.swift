import ArgumentParser
import ChatHistory
import Foundation
import Localization
import StoreErrorStatus
import ToolKit
import Wire

/// `ail-ai history [QUERY]` and `ail-ai history show ID`: the exchanges kept, newest first.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: tr("List and search past exchanges, or show one."),
    discussion: HelpText.discussion(
      tr(
        """
        Every answer of ail-ai in text mode is kept with its prompt, model, input and token \
        counts (never a key) in $XDG_STATE_HOME/ailo/history.sqlite (mode 0600) for 90 days, \
        within 64 MB of text; --no-history, or history = false in the [ail-ai] section of the \
        config, keeps an exchange out. ail-ai --continue "…" goes on with the newest \
        conversation, --cid with another.
        """),
      environment: [("XDG_STATE_HOME", tr("Holds ailo/history.sqlite (default ~/.local/state)."))],
      files: [("$XDG_STATE_HOME/ailo/history.sqlite", tr("The history."))],
      examples: [
        Example("ail-ai history --format table", tr("The last exchanges, for people.")),
        Example("ail-ai history invoice", tr("Exchanges that mention an invoice.")),
        Example("ail-ai --continue 'Shorter, and in German.'", tr("Revise the last answer.")),
      ],
      exitStatuses: [(.success, nil), (.dataError, tr("A search query that cannot be read."))]),
    subcommands: [HistoryListCommand.self, HistoryShowCommand.self],
    defaultSubcommand: HistoryListCommand.self)
}
