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

  /// Gives `path` its new name and returns it. link(2) then unlink(2), so that at every moment
  /// the message has a name and a file of the new name is never replaced.
  static func move(_ path: String, setting set: Set<MailFlag>, clearing clear: Set<MailFlag>) throws -> String {
    guard let (folder, name) = Maildir.destination(of: path, setting: set, clearing: clear) else {
      throw ToolError(.dataError, tr("\(path): not a message in a Maildir's cur/ or new/ folder"))
    }
    let target = folder.isEmpty ? name : folder + "/" + name
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw ToolError(.noInput, tr("\(path): no such message"))
    }
    guard target != path else { return path }
    if link(path, target) != 0 {
      let error = errno
      // Some file systems have no hard links: there, a rename that checks first.
      guard error == EPERM || error == EOPNOTSUPP || error == EXDEV, access(target, F_OK) != 0,
        rename(path, target) == 0
      else {
        let reason = String(cString: strerror(error))
        throw ToolError(.ioError, tr("cannot rename \(path) to \(target): \(reason)"))
      }
      return target
    }
    guard unlink(path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(target)
      throw ToolError(.ioError, tr("cannot rename \(path) to \(target): \(reason)"))
    }
    return target
  }
}
