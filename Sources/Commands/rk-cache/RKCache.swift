import ArgumentParser
import Localization
import OfflineStoreCommandLine
import ToolKit

struct RKCache: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk-cache",
    abstract:
      tr("The offline store of Readeck articles: store, list, read (page, text, EPUB), mark, search, stats, export."),
    discussion: HelpText.discussion(
      tr(
        """
        Keeps articles readable offline in one SQLite file: the bookmark as the server sent it, \
        the HTML, and its embedded images stored once per content however many articles use them, \
        with a full-text index over title, site, URL, labels and the article text.

        The chores around it come as make targets in /usr/share/rk-ail/readkeep.mk \
        (/usr/local/share/rk-ail/readkeep.mk from scripts/install; include it, or run \
        "make -f /usr/share/rk-ail/readkeep.mk TARGET"): sync (rk-push the offline changes; apply the \
        server's changes since the last sync; rk-cache ids | rk-fetch | rk-extract-images --embed | \
        rk-cache store; rk-prune --archived --keep; at most every MAX_AGE=4h unless FORCE=1; \
        LIMIT=20, KEEP=200, DB=…; PREFETCH=N also caches the N unread articles rk-cache suggest ranks \
        best by what was read), search Q=…, read ID=… (writes the article to READ_DIR and opens it with \
        xdg-open when there is a display), stats and export. The recipes run under /bin/sh, a stage \
        that fails fails the target, and a sync that broke off records no sync time.
        """),
      environment: StoreOptions.environment,
      files: StoreOptions.files,
      examples: [
        Example("rk-fetch | rk-cache store", tr("Sync and store; a complete stream records the sync time.")),
        Example("rk-cache search 'swift AND concurrency'", tr("Full-text search, best match first.")),
        Example(
          "rk-cache html WNBGvKQgFsLwHwy4i89q53 > a.html", tr("An article with its images, for reading offline.")),
        Example("rk-cache open WNBGvKQgFsLwHwy4i89q53", tr("The article as a page, in the browser.")),
        Example("rk-cache text WNBGvKQgFsLwHwy4i89q53 | less", tr("The article as text.")),
        Example("rk-cache epub --unread -o unread.epub", tr("The unread articles as a book.")),
        Example("rk-cache needs-sync --max-age 4h && make sync", tr("Sync at most every four hours.")),
        Example(
          "make -f /usr/share/rk-ail/readkeep.mk sync PREFETCH=5",
          tr("Sync, and cache the five unread articles most like what was read in the last 30 days.")),
        Example(
          "rk-cache mark WNBGvKQgFsLwHwy4i89q53 --archive && rk-push", tr("Archive offline, then tell the server.")),
      ],
      exitStatuses: [
        (.success, tr("Success; for has and needs-sync: yes.")),
        (.failure, tr("For has and needs-sync: no; for html, show, page, open, text and epub: no such article.")),
        (.dataError, tr("Bad input lines (store), reported with their line numbers.")),
        (
          .noInput,
          tr("No store at the path: only store, import and add create one (needs-sync then says a sync is due).")
        ),
        (.ioError, tr("The store cannot be read or written.")),
      ]),
    version: Toolbox.version,
    subcommands: [
      Store.self, List.self, HTML.self, Page.self, Open.self, Text.self, EPUB.self, Audio.self, Show.self, Has.self,
      IDs.self,
      Search.self, Stats.self, NeedsSync.self, LastSync.self, Clear.self, Export.self, Import.self, Add.self,
      Highlights.self, Highlight.self, Mark.self, Pending.self, RecordSync.self, MakeMessage.self,
      Suggest.self,
    ])
}
