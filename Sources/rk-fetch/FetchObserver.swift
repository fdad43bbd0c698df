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
  }

  init(diagnostics: Diagnostics) { self.diagnostics = diagnostics }

  func skipped(id: String, reason: String) { diagnostics.info("skipped \(id): \(reason)") }
  func failed(id: String, reason: String) { diagnostics.warning("\(id): \(reason)") }

  func selected(total: Int) {
    let diagnostics = self.diagnostics
    state.withLock { $0.progress = Progress(label: "article", total: total, diagnostics: diagnostics) }
  }

  func advanced() { state.withLock { $0.progress?.advance() } }

  func note(_ message: String) { diagnostics.info(message) }

  func finish() { state.withLock { $0.progress?.finish() } }
}
