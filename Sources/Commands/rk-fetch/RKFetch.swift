public import ArgumentParser
import Localization
public import Readeck
import ReadeckCommandLine
import ToolKit
import Wire

struct RKFetch: AsyncParsableCommand, ToolCommand, RetryDefaults {
  static let configuration = CommandConfiguration(
    commandName: "rk-fetch",
    abstract: tr("Sync bookmarks and their article HTML from a Readeck server as NDJSON records."),
    discussion: HelpText.discussion(
      tr(
        """
        Lists the selected bookmarks (unread ones by default: not archived, as in Readeck's own \
        Unread list), fetches the article HTML of each, and writes one "article" record per \
        bookmark on standard output, in the server's order, as soon as it is fetched. The stream \
        ends with a "sync_summary" record whose "complete" is false when the run was aborted.

        Articles come from the bulk route POST /api/bookmarks/sync (Readeck 0.20 and later) when \
        the server has it, else one GET /api/bookmarks/ID/article each. Connection failures and \
        HTTP 408, 425, 429, 500, 502, 503 and 504 are retried with exponential backoff. --timeout \
        bounds every request, body included: the bulk stream may run longer while data keeps \
        coming, but a server that goes silent that long is given up on and retried like a dropped \
        connection. Bookmarks scheduled for deletion are skipped; a bookmark the listing repeats \
        is synced once.

        An article whose request gets no answer through its retries (it stalls, times out or is \
        cut off) fails alone: it is named in the summary's "failed" and the run goes on, exit 75, \
        as long as the server answers a fresh request (GET /api/info) within --timeout. The run \
        stops as unreachable only when the server answers nothing: connections refused, or no \
        answer to that fresh request. It then stops at once instead of waiting for every \
        timeout. With --fallback-cache it then writes the articles saved in that store (honouring --label and \
        --limit, newest cached first, leaving out those this run already wrote) with "source": \
        "cache", and says "offline: showing N saved articles, last sync 3 h ago" on standard error \
        — the original app's network first, cache as fallback.

        Each record looks like this (keys sorted, one line):
          {"bookmark":{…},"fetched_at":"…","html":"…","id":"…","kind":"article"}
        """)
        + "\n\n"
        + tr(
          """
          --collection takes a Readeck collection (a saved search) by its name, in any case, or by \
          its id: the server applies its saved filters together with the other selection options, \
          --state unread among them unless --state says otherwise (--state all takes the \
          collection as saved). A name that is no collection's, or that two collections share \
          apart from case, is refused (exit 64) before anything is written, naming the \
          collections. --label may be repeated and then means any of the labels: each label is \
          listed on its own (Readeck's label filter wants all the labels it is given) and the \
          newest --limit of them all are synced, each bookmark once. --fallback-cache cannot \
          apply a collection's filters, which only the server knows.
          """),
      environment: [
        ("READECK_URL", tr("The server's base URL (a path prefix is allowed), unless --server is given.")),
        ("READECK_TOKEN", tr("The API token, unless --token-file is given.")),
      ],
      files: [
        (
          "$XDG_CONFIG_HOME/readkeep/config",
          tr("Settings: server, token_file, token_cmd (a command printing the token, e.g. pass show readeck), limit.")
        )
      ],
      examples: [
        Example(
          "rk-fetch --server https://readeck.example.org > new.ndjson",
          tr("The 20 newest unread articles (token in READECK_TOKEN).")),
        Example(
          "rk-cache ids | rk-fetch --limit 50 --skip-ids - | rk-cache store",
          tr("Sync the 50 newest unread articles, without fetching the ones already cached.")),
        Example("rk-fetch --state all --limit 0 --metadata-only", tr("Every bookmark's metadata, all pages.")),
        Example(
          "rk-fetch --collection 'systems reading' --label swift --label rust",
          tr("The unread articles of a collection that carry either label.")),
        Example(
          "rk-fetch --since 2026-11-01T00:00:00Z",
          tr("Only what changed since a date; deletions as \"deleted\" records.")),
        Example(
          "rk-fetch --fallback-cache ~/.local/share/readkeep/cache.sqlite | jq -r .bookmark.title",
          tr("Network first; offline, the saved articles instead.")),
        Example(
          "rk-fetch --highlights | rk-cache store",
          tr("Keep every highlight in the store, for rk-cache highlights.")),
      ],
      exitStatuses: [
        (
          .success,
          tr("Every selected article was synced, or the server was unreachable and --fallback-cache served saved ones.")
        ),
        (
          .tempFailure,
          tr("Some articles failed (listed in the summary), or the server answered errors that retries did not cure.")
        ),
        (
          .unavailable,
          tr(
            "The server answered nothing any more (refused, or silent for --timeout); the records written before stay valid."
          )
        ),
        (.noPermission, tr("The token was rejected (HTTP 401 or 403).")),
        (.usage, tr("A bad option, or --collection names no collection or more than one (they are listed).")),
        (.configError, tr("The server or the token is not configured.")),
        (
          .noInput,
          tr(
            "The --skip-ids file cannot be opened, or the server was unreachable and the --fallback-cache store does not exist."
          )
        ),
        (.ioError, tr("Standard output cannot be written (a full disk); the run stops at once.")),
      ]),
    version: Toolbox.version)

  @OptionGroup var readeck: ServerOptions

  @Option(help: ArgumentHelp(tr("Which bookmarks: unread (not archived), archived, marked (favourites), or all.")))
  var state: BookmarkQuery.State = .unread

  @Flag(help: ArgumentHelp(tr("Leave out favourites too, as the original app's unread list did.")))
  var excludeMarked = false

  @Option(
    help: RKFetch.limitRange.help(tr("How many of the newest matching bookmarks to sync; 0 for all."), valueName: "n"),
    transform: RKFetch.limitRange.parse)
  var limit: Int?

  @Option(
    name: .customLong("label"),
    help: ArgumentHelp(tr("Only bookmarks with this label; repeated, with any of them."), valueName: "label"))
  var labels: [String] = []
  @Option(
    help: ArgumentHelp(
      tr("Only the bookmarks of this Readeck collection (a saved search), by its name (any case) or id."),
      valueName: "name|id"))
  var collection: String?
  @Option(help: ArgumentHelp(tr("Only bookmarks matching this full-text search."))) var search: String?
  @Option(name: .customLong("type"), help: ArgumentHelp(tr("Only this type: article, photo or video (repeatable).")))
  var types: [String] = []
  @Option(
    name: .customLong("sort"),
    help: ArgumentHelp(tr("Server sort key, e.g. -created (default), created, title (repeatable).")))
  var sorts: [String] = []

  @Option(
    help: ArgumentHelp(
      tr("Ids already cached, one per line ('-' for standard input): counted as skipped, never fetched."),
      valueName: "file"
    ), completion: .file())
  var skipIds: String?

  @Option(
    help: ArgumentHelp(
      tr(
        "Also these bookmarks, one id per line ('-' for standard input), whatever --limit, the filters and --skip-ids: rk-cache ids --saved --stale."
      ),
      valueName: "file"
    ), completion: .file())
  var alsoIds: String?

  @Flag(help: ArgumentHelp(tr("Write \"bookmark\" records without fetching articles.")))
  var metadataOnly = false

  @Flag(
    help: ArgumentHelp(
      tr(
        "Write every highlight on the server instead (\"highlight\" records, newest first, then a \"highlight_summary\"): for rk-cache store."
      )))
  var highlights = false

  @Option(help: ArgumentHelp(tr("How to fetch articles: auto, bulk or per-article.")))
  var mode: FetchMode = .auto

  @Option(
    help: RKFetch.concurrencyRange.help(tr("Per-article requests in flight at once."), valueName: "n", default: 1),
    transform: RKFetch.concurrencyRange.parse)
  var concurrency = 1

  @Option(
    help: ArgumentHelp(tr("Only bookmarks changed since this RFC 3339 time; report deletions."), valueName: "date"))
  var since: String?

  @OptionGroup var retry: RetryOptions<RKFetch>
  static var timeoutDefault: (seconds: Double, help: String) {
    (
      30,
      tr(
        "Seconds for each request, body included; the bulk stream may run longer while data keeps coming, but never this long without a byte."
      )
    )
  }
  static var retriesDefault: (count: Int, help: String) { (2, tr("Retries of a failed request.")) }
  static var retryDelayDefault: (seconds: Double, help: String) {
    (2, tr("Seconds before the first retry; each further retry waits twice as long."))
  }

  @Option(
    help: ArgumentHelp(
      tr("When the server cannot be reached, write the articles cached in this store instead (\"source\": \"cache\")."),
      valueName: "path"),
    completion: .file())
  var fallbackCache: String?

  @OptionGroup var common: CommonOptions

  /// `--limit`: 0 for all; past a million no server holds that many bookmarks.
  static let limitRange = NumberRange(0...1_000_000)
  static let concurrencyRange = NumberRange(1...32)

  func validate() throws {
    for type in types where !["article", "photo", "video"].contains(type) {
      throw ValidationError(tr("--type must be article, photo or video, not \(type)."))
    }
    if let since, RFC3339.parse(since) == nil {
      throw ValidationError(tr("--since must be an RFC 3339 time such as 2026-11-01T00:00:00Z."))
    }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "rk-fetch")
    try await runTool(diagnostics) {
      try await FetchCommand(options: self, diagnostics: diagnostics).run()
    }
  }
}

extension BookmarkQuery.State: ExpressibleByArgument {}
extension FetchMode: ExpressibleByArgument {}
