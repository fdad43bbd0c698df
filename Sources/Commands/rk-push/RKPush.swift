import ArgumentParser
import ChangePush
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import Readeck
import ReadeckCommandLine
import Resilience
import ToolKit
import Wire

struct RKPush: AsyncParsableCommand, ToolCommand, RetryDefaults {
  static let configuration = CommandConfiguration(
    commandName: "rk-push",
    abstract: tr(
      "Send what was changed offline (links saved, highlights, archive, favourite, progress, labels, deletions) to the Readeck server."
    ),
    discussion: HelpText.discussion(
      tr(
        """
        First saves the links "rk-cache add" queued: one POST /api/bookmarks each, oldest first; \
        the server's Bookmark-Id takes the place of the local id and a "created" record says so. \
        A link is recorded as sent before its request goes out, and a link so recorded (a push \
        killed before the answer, an answer lost) is not sent again blindly: the push first lists \
        the bookmarks the server created since and takes one of the same link for it \
        ("adopted": true). The next sync fetches the article once the server has loaded it.

        Then sends the highlights "rk-cache highlight" queued, oldest first: POST \
        /api/bookmarks/ID/annotations for a new one (exactly once, like a link: one sent before \
        is first looked for among the bookmark's highlights by its place), PATCH for a new colour \
        or note, DELETE for a deletion. A "highlight" record carries the server's id and text \
        ("local_id" the id it replaces), "highlight_deleted" a deletion, "gone" a highlight or \
        article the server no longer has; one the server refuses (HTTP 400: the text changed or \
        is highlighted already) is a "push_failed" and stays queued.

        Then reads the queue "rk-cache mark" and "rk-cache html --mark-read" fill, fetches the queued \
        bookmarks as the server has them (100 per request), and sends each bookmark's changes in \
        one PATCH /api/bookmarks/ID with only the changed fields (is_archived, is_marked, \
        read_progress, is_deleted, add_labels, remove_labels). A change leaves the queue only once \
        the server confirmed it, in the same transaction that gives the cached bookmark the \
        server's answer: a push killed at any point can simply be run again. A deletion the server \
        holds removes the article from the cache.

        Conflicts: last writer wins, per field. When the server's "updated" is later than the \
        offline change and the server's value differs from the value the change started from, the \
        field was changed elsewhere afterwards: the server wins, the offline change is dropped, \
        the cached bookmark takes the server's value and a "conflict" record says so. A field the \
        server already holds as queued is not sent again.

        Writes one record per link or bookmark — "created", "pushed" (what was sent and the answer), "conflict" \
        (field, local and server values), "gone" (HTTP 404: deleted on the server; its changes are \
        dropped and the article leaves the cache) or "push_failed" (HTTP 400 or errors retries did \
        not cure; the changes stay queued) — then a "push_summary", and "pushed 5 changes, 1 \
        conflict" on standard error. Token, retries, timeouts and the circuit breaker work as in \
        rk-fetch; a server that cannot be reached leaves the queue as it was.

        A change the server refuses (HTTP 400) is named on standard error with the server's \
        messages, which "push_failed" carries as "errors" (about the whole change) and \
        "field_errors" (per field). It stays queued and is sent again on every run: "rk-cache \
        pending --drop ID [--field F]" gives it up. A bookmark whose request gets no answer through \
        its retries fails alone while the server answers others; the push stops as unreachable \
        only when the server answers nothing at all. Before the first sync there is no store and \
        nothing to push: rk-push says so and exits 0.

        One push runs at a time per store: a second one waits up to 5 seconds for the first to \
        end, then says "a push … is already running" and exits 75, sending nothing. The lock is \
        the file STORE.push-lock beside the store; a push that is killed releases it.
        """),
      environment: [
        ("READECK_URL", tr("The server's base URL (a path prefix is allowed), unless --server is given.")),
        ("READECK_TOKEN", tr("The API token (it needs the bookmarks:write scope), unless --token-file is given.")),
      ] + StoreOptions.environment,
      files: StoreOptions.files + [
        (
          "$XDG_CONFIG_HOME/readkeep/config",
          tr("Settings: server, token_file, token_cmd (a command printing the token, e.g. pass show readeck).")
        )
      ],
      examples: [
        Example("rk-push", tr("Send the queued changes (server and token from READECK_URL and READECK_TOKEN).")),
        Example("rk-push --dry-run | jq -c .body", tr("The PATCH bodies it would send, without sending them.")),
        Example(
          "rk-cache html WNBGvKQgFsLwHwy4i89q53 --mark-read > a.html && rk-push",
          tr("Read an article offline, then tell the server it is read and archived.")),
        Example("rk-push | jq -c 'select(.kind == \"conflict\")'", tr("Which offline changes the server overruled.")),
      ],
      exitStatuses: [
        (.success, tr("Every queued change was sent, settled by a conflict, or dropped because the bookmark is gone.")),
        (
          .tempFailure,
          tr(
            "Some changes failed (HTTP 400, or errors retries did not cure); they stay queued. Or another push to the store was running."
          )
        ),
        (.unavailable, tr("The server is unreachable; what was not confirmed stays queued.")),
        (.noPermission, tr("The token was rejected (HTTP 401 or 403).")),
        (.configError, tr("The server or the token is not configured.")),
        (.ioError, tr("The store cannot be read or written.")),
      ]),
    version: Toolbox.version)

  @OptionGroup var store: StoreOptions

  @OptionGroup var readeck: ServerOptions

  @Flag(
    help: ArgumentHelp(tr("Write the requests a push would send (\"push_request\" records), without sending anything."))
  )
  var dryRun = false

  @Option(
    help: RKPush.concurrencyRange.help(tr("Bookmarks pushed at once."), valueName: "n", default: 4),
    transform: RKPush.concurrencyRange.parse)
  var concurrency = 4

  @OptionGroup var retry: RetryOptions<RKPush>
  static var timeoutDefault: (seconds: Double, help: String) { (30, tr("Seconds for each request, body included.")) }
  static var retriesDefault: (count: Int, help: String) { (2, tr("Retries of a failed request.")) }
  static var retryDelayDefault: (seconds: Double, help: String) {
    (2, tr("Seconds before the first retry; each further retry waits twice as long."))
  }

  static let concurrencyRange = NumberRange(1...32)

  func run() async throws {
    let diagnostics = store.common.diagnostics(for: "rk-push")
    try await runTool(diagnostics) {
      // Before the first sync there is no store, and so nothing to push: not an error.
      guard FileManager.default.fileExists(atPath: store.path) else {
        return diagnostics.info(tr("no store at \(store.path) yet: nothing to push"))
      }
      // Taken before the queue is read, and held to the end: a second push would send it again.
      let lock = dryRun ? nil : try PushLock.acquire(forStoreAt: store.path, waiting: Self.lockWait)
      if !dryRun, lock == nil {
        throw ToolError(.tempFailure, tr("a push to \(store.path) is already running; try again when it has ended"))
      }
      let offline = try store.open()
      let access = try ServerAccess(tool: "rk-push", options: readeck, diagnostics: diagnostics, needsToken: !dryRun)
      let sink = OutputSink.standardOutput.flushing(eachRecord: true)
      try await withHTTPClient(connectTimeout: min(retry.timeout, 10).rounded(.up)) { http in
        let client = try access.client(
          http: http, timeout: retry.timeout, retries: retry.retries, retryDelay: retry.retryDelay,
          diagnostics: diagnostics)
        if dryRun {
          let requests = try ChangePush.dryRun(store: offline, client: client)
          for request in requests { try sink.emit(request) }
          try sink.flush()
          let count = requests.count
          diagnostics.info(tr(one: "would send \(count) request", other: "would send \(count) requests", count: count))
          return
        }
        let observer = PushProgress(diagnostics: diagnostics)
        let outcome: ChangePush.Outcome
        do {
          outcome = try await ChangePush(client: client, store: offline, concurrency: concurrency).run(
            observer: observer, emit: { try sink.emit($0) })
        } catch ReadeckError.tokenRejected(let status) {
          observer.finish()
          throw ServerAccess.tokenRejected(by: client.server, status: status)
        }
        observer.finish()
        try sink.flush()
        try report(outcome, diagnostics: diagnostics)
      }
      withExtendedLifetime(lock) {}
    }
  }

  /// Seconds a push waits for one already running before it gives up (75).
  static let lockWait = 5.0

  /// "pushed 5 changes, 1 conflict" and the exit status the outcome implies.
  private func report(_ outcome: ChangePush.Outcome, diagnostics: Diagnostics) throws {
    let summary = outcome.summary
    let (pushed, conflicts, gone, failed) = (summary.pushed, summary.conflicts, summary.gone, summary.failed)
    let created = summary.created
    // The first part is a whole sentence; the others are a list after it.
    var parts = [tr(one: "pushed \(pushed) change", other: "pushed \(pushed) changes", count: pushed)]
    if created > 0 {
      // TRANSLATORS: a part of the summary line, after a comma: "pushed 0 changes, 2 links saved".
      parts.append(tr(one: "\(created) link saved", other: "\(created) links saved", count: created))
    }
    if conflicts > 0 {
      // TRANSLATORS: a part of the summary line, after a comma: "pushed 5 changes, 1 conflict".
      parts.append(tr(one: "\(conflicts) conflict", other: "\(conflicts) conflicts", count: conflicts))
    }
    if gone > 0 { parts.append(tr("\(gone) dropped (deleted on the server)")) }
    if failed > 0 { parts.append(tr("\(failed) failed (kept)")) }
    let left = summary.queued - created - pushed - conflicts - gone - failed
    if left > 0 { parts.append(tr("\(left) not sent")) }
    diagnostics.info(parts.joined(separator: ", "))
    if let error = outcome.abortedBy {
      if case .unreachable = error { throw ToolError(.unavailable, tr("push incomplete: \(error)")) }
      throw ToolError(.tempFailure, tr("push incomplete: \(error)"))
    }
    if summary.failed > 0 { throw ExitCode(ExitStatus.tempFailure.rawValue) }
  }
}
