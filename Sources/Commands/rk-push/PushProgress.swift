import ChangePush
import Localization
import Readeck
import Synchronization
import ToolKit

/// What a person sees on stderr during a push: progress ("bookmark 3/5") and each bookmark whose
/// changes stay queued, with how to give them up when the server refused them.
final class PushProgress: PushObserver {
  private let diagnostics: Diagnostics
  private let progress = Mutex<Progress?>(nil)

  init(diagnostics: Diagnostics) { self.diagnostics = diagnostics }

  func selected(bookmarks: Int) {
    let diagnostics = self.diagnostics
    // TRANSLATORS: what the progress line counts, as in "bookmark 3/5, 1.5/s, ETA 2s".
    let label = tr("bookmark")
    progress.withLock { $0 = Progress(label: label, total: bookmarks, diagnostics: diagnostics) }
  }

  func advanced() { progress.withLock { $0?.advance() } }

  /// A refused change is sent again on every run until the user gives it up: say how.
  func failed(id: String, error: ReadeckError) {
    let refused = error.status.map { (400..<500).contains($0) } ?? false
    let reason = error.description
    // TRANSLATORS: {1} is why (often the server's words); {2} is the bookmark's id again.
    diagnostics.warning(
      refused
        ? tr("\(id): not pushed, kept: \(reason) (rk-cache pending --drop \(id) gives it up)")
        : tr("\(id): not pushed, kept: \(reason)"))
  }

  func finish() { progress.withLock { $0?.finish() } }
}
