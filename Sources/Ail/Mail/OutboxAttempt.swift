import Localization

/// How one run of the sendmail command ended, as the outbox saw it.
public enum SendmailEnd: Sendable, Equatable {
  case exited(status: Int32, standardError: String)
  /// Ended by a signal the outbox did not send.
  case killed(signal: Int32)
  /// Stopped by the outbox after its time limit.
  case timedOut(seconds: Int)
  /// Its exit status could not be read (waitpid failed): whether it sent is unknown.
  case unwatched(reason: String)
}

/// What an attempt means for the item: the rule that tells a temporary failure, tried again
/// later by itself, from a permanent one that waits for a person, with nothing run or stored.
///
/// msmtp exits 69 for a 4xx reply and for a 5xx reply alike, so the server's reply on standard
/// error (`msmtp: server message: 451 4.3.0 …`) decides before the status does. Without a reply,
/// 75 (EX_TEMPFAIL: the server could not be reached) and 68 (EX_NOHOST: the name of the server
/// could not be resolved, as when offline) are temporary; every other failure is permanent, a
/// command stopped after its time limit included: it may have sent the message already.
public enum SendmailOutcome: Sendable, Equatable {
  case sent
  case temporary(reason: String)
  case permanent(reason: String)

  /// The longest reason kept: a command that prints pages of output gets its start kept.
  static let reasonLimit = 500

  public init(_ end: SendmailEnd) {
    switch end {
    case .timedOut(let seconds):
      // It may have handed the message over and been waiting for the server's last answer: a
      // person decides (retry), as for a kill.
      self = .permanent(reason: tr("the sendmail command did not end within \(seconds) s and was stopped"))
    case .unwatched(let reason):
      self = .permanent(reason: tr("the end of the sendmail command could not be seen: \(reason)"))
    case .killed(let signal):
      // It may have handed the message over before it was killed: a person decides.
      self = .permanent(reason: tr("the sendmail command was killed by signal \(signal)"))
    case .exited(0, _):
      self = .sent
    case .exited(let status, let standardError):
      if let reply = Self.serverReply(in: standardError) {
        self = reply.code < 500 ? .temporary(reason: reply.line) : .permanent(reason: reply.line)
        return
      }
      let reason = Self.summary(standardError) ?? tr("the sendmail command failed with status \(status)")
      self = status == 75 || status == 68 ? .temporary(reason: reason) : .permanent(reason: reason)
    }
  }

  /// The first line naming an SMTP reply code 4xx or 5xx, where msmtp and sendmail put it: at the
  /// start of a line or after a colon (`msmtp: server message: 550 5.1.1 …`). The line is given
  /// from the code on.
  static func serverReply(in text: String) -> (code: Int, line: String)? {
    for line in text.split(whereSeparator: \.isNewline) {
      let characters = Array(line)
      for start in characters.indices where start == 0 || (start >= 2 && characters[start - 2] == ":") {
        guard start == 0 || characters[start - 1] == " ", characters.count >= start + 3 else { continue }
        let digits = characters[start..<start + 3]
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let code = Int(String(digits)),
          (400..<600).contains(code)
        else { continue }
        // "451 text", "451-text" (a reply's first lines) or "451" alone.
        if characters.count > start + 3, characters[start + 3] != " ", characters[start + 3] != "-" { continue }
        return (code, clipped(String(characters[start...]).trimmingWhitespace()))
      }
    }
    return nil
  }

  /// The command's complaint on one line, nil when it said nothing.
  static func summary(_ text: String) -> String? {
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    return lines.isEmpty ? nil : clipped(lines.joined(separator: "; "))
  }

  static func clipped(_ text: String) -> String {
    text.count <= reasonLimit ? text : String(text.prefix(reasonLimit - 1)) + "…"
  }
}

/// The wait before a temporary failure is tried again: 30 seconds after the first attempt,
/// doubling with each attempt after it (1 min, 2 min, 4 min …), at most a day, so that a server
/// that is down for long is still tried daily.
public enum OutboxBackoff {
  public static let first: Double = 30
  public static let longest: Double = 86_400

  /// Seconds to wait after the `attempts`-th attempt (counting from 1) failed for a while.
  public static func delay(afterAttempts attempts: Int) -> Double {
    let doublings = max(attempts, 1) - 1
    // 2^12 × 30 s is past a day already; the exponent stays small whatever the count.
    guard doublings < 12 else { return longest }
    return min(first * Double(1 << doublings), longest)
  }
}
