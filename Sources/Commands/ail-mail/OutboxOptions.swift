import ArgumentParser
import Localization
import ToolKit

/// `--outbox`, `--sendmail` and `--sent`, on every outbox subcommand; each falls back to its key
/// in the `[ail-mail]` section of the config file, then to its default.
struct OutboxOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      tr("The outbox folder (default: $XDG_DATA_HOME/ailo/outbox, or the config's outbox =)."), valueName: "dir"),
    completion: .directory)
  var outbox: String?

  @Option(
    help: ArgumentHelp(
      tr(
        "The command that sends a message read from standard input (default: the config's sendmail =, else msmtp -t)."),
      valueName: "command"))
  var sendmail: String?

  @Option(
    help: ArgumentHelp(
      tr("A Maildir that gets a copy of each message sent, flagged seen (default: the config's sent =)."),
      valueName: "maildir"),
    completion: .directory)
  var sent: String?

  /// The settings in force, from the options, the config file or the defaults.
  struct Resolved {
    var folder: String
    var sendmail: String
    var sent: String?
  }

  static let defaultSendmail = "msmtp -t"

  func resolve() throws -> Resolved {
    let configuration = Configuration(tool: "ail-mail", file: try ConfigFile.load(app: "ailo"))
    func setting(_ flag: String, _ value: String?, key: String) -> String? {
      guard let setting = configuration.resolve(flag: (flag, value), variable: nil, key: key),
        !setting.value.isEmpty
      else { return nil }
      if case .file = setting.source { return configuration.expandingTilde(setting.value) }
      return setting.value
    }
    let folder =
      setting("--outbox", outbox, key: "outbox") ?? XDGDirectories(environment: configuration.environment).dataHome
      + "/ailo/outbox"
    return Resolved(
      folder: folder, sendmail: setting("--sendmail", sendmail, key: "sendmail") ?? Self.defaultSendmail,
      sent: setting("--sent", sent, key: "sent"))
  }

  static let files = [
    ("$XDG_DATA_HOME/ailo/outbox", tr("The outbox: each message (ID.eml) and its state (ID.json), 0600.")),
    (
      "$XDG_CONFIG_HOME/ailo/config",
      tr("outbox =, sendmail = and sent = in the [ail-mail] section: the defaults of the options.")
    ),
  ]
}
