import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct FlagCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flag", abstract: tr("Mark Maildir messages read, unread, flagged or replied."),
    discussion: HelpText.discussion(
      tr(
        """
        Renames each message file as the Maildir convention says: the flags after ":2," in ASCII \
        order (D draft, F flagged, P passed, R replied, S seen, T trashed), letters it does not \
        know kept; a message in new/ moves to cur/ once it is seen. mbsync carries the new flags \
        to the IMAP server on its next run. The rename links the new name before it removes the \
        old, so a message is never lost and an existing file is never replaced. Prints each \
        message's new path.

        A file that is not in a Maildir's cur/ or new/ folder is refused with its name; the \
        others are still renamed.
        """),
      examples: [
        Example("ail-mail flag --seen --flagged ~/Mail/INBOX/new/2.host", tr("Read, and keep in mind.")),
        Example(
          "ail-mail list ~/Mail/INBOX --unread | jq -r .source | xargs ail-mail flag --seen", tr("Mark all as read.")),
      ],
      exitStatuses: [
        (.success, nil), (.usage, tr("No flag to set or clear was given.")),
        (.dataError, tr("A file is not in a Maildir (the others were renamed).")),
        (.noInput, tr("A message file does not exist (any more).")),
        (.ioError, tr("A rename failed; the message kept its old name.")),
      ]))

  @Argument(help: ArgumentHelp(tr("Message files in a Maildir."), valueName: "message"), completion: .file())
  var messages: [String]

  @Flag(help: ArgumentHelp(tr("Mark as read (S)."))) var seen = false
  @Flag(help: ArgumentHelp(tr("Mark as unread."))) var unseen = false
  @Flag(help: ArgumentHelp(tr("Flag for attention (F)."))) var flagged = false
  @Flag(help: ArgumentHelp(tr("Take the flag away."))) var unflagged = false
  @Flag(help: ArgumentHelp(tr("Mark as replied to (R)."))) var replied = false

  @OptionGroup var common: CommonOptions

  func validate() throws {
    guard seen || unseen || flagged || unflagged || replied else {
      throw ValidationError(tr("Give a flag to set or clear: --seen, --unseen, --flagged, --unflagged or --replied."))
    }
    if seen && unseen { throw ValidationError(tr("--seen and --unseen contradict each other.")) }
    if flagged && unflagged { throw ValidationError(tr("--flagged and --unflagged contradict each other.")) }
  }

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      var set: Set<MailFlag> = []
      var clear: Set<MailFlag> = []
      if seen { set.insert(.seen) }
      if unseen { clear.insert(.seen) }
      if flagged { set.insert(.flagged) }
      if unflagged { clear.insert(.flagged) }
      if replied { set.insert(.replied) }
      var worst = ExitStatus.success
      let sink = OutputSink.standardOutput
      for path in messages {
        do {
          try sink.write(try Self.move(path, setting: set, clearing: clear) + "\n")
        } catch let error as ToolError {
          diagnostics.error(error.message)
          if worst == .success || error.status != .dataError { worst = error.status }
        }
      }
      try sink.flush()
      if worst != .success { throw ExitCode(worst.rawValue) }
    }
  }

  /// `path` with its new flags, its new name returned; what went wrong as the tool's error.
  static func move(_ path: String, setting set: Set<MailFlag>, clearing clear: Set<MailFlag>) throws -> String {
    do {
      return try Maildir.setFlags(of: path, setting: set, clearing: clear)
    } catch .notInMaildir(let path) {
      throw ToolError(.dataError, tr("\(path): not a message in a Maildir's cur/ or new/ folder"))
    } catch .noSuchMessage(let path) {
      throw ToolError(.noInput, tr("\(path): no such message"))
    } catch .failed(let path, let target, let reason) {
      throw ToolError(.ioError, tr("cannot rename \(path) to \(target): \(reason)"))
    }
  }
}
