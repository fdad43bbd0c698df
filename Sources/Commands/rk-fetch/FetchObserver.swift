import Localization
import Readeck
import Synchronization
import ToolKit

/// What a person sees on stderr during a sync: skipped and failed bookmarks, retries with
/// --verbose, and progress ("article 7/20").
final class FetchObserver: SyncObserver {
  private let diagnostics: Diagnostics
  private let state = Mutex(State())

  private struct State {
    var progress: Progress?
    var failures: [(id: String, reason: String)] = []
  }

  /// The failed bookmarks with their reasons in the user's language, in the order they were told.
  var failures: [(id: String, reason: String)] { state.withLock { $0.failures } }

  init(diagnostics: Diagnostics) { self.diagnostics = diagnostics }

  func skipped(id: String, reason: String) { diagnostics.info(tr("skipped \(id): \(reason)")) }

  func failed(id: String, reason: String) {
    state.withLock { $0.failures.append((id, reason)) }
    diagnostics.warning("\(id): \(reason)")
  }

  func selected(total: Int) {
    let diagnostics = self.diagnostics
    // TRANSLATORS: what the progress line counts, as in "article 7/20, 1.5/s, ETA 8s".
    let label = tr("article")
    state.withLock { $0.progress = Progress(label: label, total: total, diagnostics: diagnostics) }
  }

  func advanced() { state.withLock { $0.progress?.advance() } }

  func note(_ message: String) { diagnostics.info(message) }

  func finish() { state.withLock { $0.progress?.finish() } }
}
