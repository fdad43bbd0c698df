import Mail
import ToolKit

/// Runs the sendmail command on one queued message: `/bin/sh -c COMMAND` (so that the setting may
/// carry options), the message file on its standard input, its output and errors gathered for the
/// item's `last_error`, within its time limit (ToolKit's ChildProcess: a process group of its own,
/// so that at the limit the shell and what it started are stopped together).
enum OutboxSendmail {
  static func run(_ command: String, message: String, timeout: Int) throws(ChildProcess.StartError) -> SendmailEnd {
    switch try ChildProcess.run(["/bin/sh", "-c", command], input: message, timeLimit: timeout) {
    case .exited(let status, let output): .exited(status: status, standardError: output)
    case .killed(let signal, _): .killed(signal: signal)
    case .timedOut(let seconds): .timedOut(seconds: seconds)
    case .unwatched(let reason): .unwatched(reason: reason)
    // ail-mail catches no signal, so a stop it did not ask for is the command's.
    case .interrupted(let signal): .killed(signal: signal)
    }
  }
}
