import Localization
import PrivateFiles
import Synchronization

/// Messages for people, on standard error: `tool: error: …`, `tool: warning: …`, plain notes, and
/// the one status line a progress bar redraws in place.
///
/// The labels are in the user's language (`Fehler:`, `Warnung:`, as gcc and others write them), like
/// the messages after them: a script tells failures by the exit status, and one that must read the
/// text sets `LC_ALL=C`, which always gives the English.
///
/// Tools in one pipeline share the terminal: only the tool holding a lock on it draws a status
/// line (`rk-fetch: article 7/20 …`); the others draw nothing until it is done and give it their
/// messages on a line of their own.
///
/// Thread-safe: tools with concurrent workers share one instance.
public final class Diagnostics: Sendable {
  public enum Verbosity: Int, Sendable, Comparable {
    case quiet, normal, verbose
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  public let tool: String
  public let verbosity: Verbosity
  /// Whether the messages go to a terminal: progress then draws a bar instead of plain lines.
  public let isInteractive: Bool
  let fd: Int32
  private let useColor: Bool
  private let state = Mutex(State())

  private struct State {
    var statusLine: String?
    var errors = 0
    var warnings = 0
    /// The descriptor holding the terminal's drawing lock, while this tool draws.
    var claim: Int32?
    /// When the lock was last found taken: asking again waits a second.
    var refusedAt: Double?
  }

  /// - Parameters:
  ///   - fd: where to write; standard error unless a test captures it.
  ///   - interactive: overrides the terminal check (tests).
  ///   - environment: consulted for `NO_COLOR` and `TERM`.
  public init(
    tool: String, verbosity: Verbosity = .normal, fd: Int32 = 2, interactive: Bool? = nil,
    environment: [String: String] = Environment.current
  ) {
    self.tool = tool
    self.verbosity = verbosity
    self.fd = fd
    let terminal = interactive ?? Platform.isTerminal(fd)
    self.isInteractive = terminal
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    self.useColor = terminal && !noColor && environment["TERM"] != "dumb"
  }

  /// Always printed, even with `--quiet`.
  public func error(_ message: String) {
    state.withLock { $0.errors += 1 }
    // TRANSLATORS: the label of an error message, as in "rk-prune: error: no store at …".
    emit(label: tr("error"), color: "\u{1B}[1;31m", message)
  }

  /// Printed unless `--quiet`.
  public func warning(_ message: String) {
    state.withLock { $0.warnings += 1 }
    guard verbosity >= .normal else { return }
    // TRANSLATORS: the label of a warning, as in "rk-fetch: warning: …".
    emit(label: tr("warning"), color: "\u{1B}[1;33m", message)
  }

  /// Summaries and notes; printed unless `--quiet`.
  public func info(_ message: String) {
    guard verbosity >= .normal else { return }
    emit(label: nil, color: "", message)
  }

  /// Details for `--verbose` only.
  public func debug(_ message: String) {
    guard verbosity >= .verbose else { return }
    emit(label: nil, color: "", message)
  }

  public var errorCount: Int { state.withLock { $0.errors } }
  public var warningCount: Int { state.withLock { $0.warnings } }

  /// Draws `text` as the status line on a terminal (replacing the previous one), or clears it with
  /// nil. Ignored when not interactive or with `--quiet`.
  public func setStatus(_ text: String?) {
    guard isInteractive, verbosity >= .normal else { return }
    state.withLock { state in
      guard let text else {
        if let claim = state.claim {
          write("\r\u{1B}[K")
          Platform.releaseTerminal(claim)
        }
        state.claim = nil
        state.statusLine = nil
        return
      }
      guard claimTerminal(&state) else { return }
      let line = tool + ": " + text
      state.statusLine = line
      write("\r\u{1B}[K" + line)
    }
  }

  /// Whether this tool may draw: it holds the terminal's lock, or takes it now.
  private func claimTerminal(_ state: inout State) -> Bool {
    if state.claim != nil { return true }
    let now = Platform.monotonicSeconds()
    if let refused = state.refusedAt, now - refused < 1 { return false }
    state.claim = Platform.claimTerminal(behind: fd)
    state.refusedAt = state.claim == nil ? now : nil
    return state.claim != nil
  }

  private func emit(label: String?, color: String, _ message: String) {
    var line = tool + ": "
    if let label {
      line += useColor ? color + label + ":\u{1B}[0m " : label + ": "
    }
    line += message
    line += "\n"
    state.withLock { state in
      // A message never lands in the middle of a progress bar: clear it, print, draw it again.
      if let status = state.statusLine {
        write("\r\u{1B}[K" + line + status)
      } else if isInteractive, state.claim == nil, Platform.isTerminalClaimedByAnother(behind: fd) {
        // Another tool of the pipeline is drawing its status line: this message takes the line,
        // and that tool draws again below it. (Only then: a line of output still being written,
        // such as a streamed answer, must not be wiped.)
        write("\r\u{1B}[K" + line)
      } else {
        write(line)
      }
    }
  }

  private func write(_ text: String) {
    var text = text
    // Nothing sensible can be done when stderr itself fails.
    _ = text.withUTF8 { DescriptorWrite.writeAll(fd, UnsafeRawBufferPointer($0)) }
  }
}

/// The process environment, read once.
public enum Environment {
  public static let current: [String: String] = Platform.environment()
}
