import ArgumentParser
import Localization
import ToolKit

struct AilMail: ParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "ail-mail",
    abstract: tr("Mail on a Maildir and raw messages: inbox, flags, reading, attachments, drafts."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads raw RFC 5322 messages — what a mail client pipes to a command (mutt's pipe-message, \
        notmuch show --format=raw), a Maildir file, an mbox — and decodes them: encoded words in \
        headers (RFC 2047), quoted-printable and base64, charsets (UTF-8, UTF-16, ISO-8859-x, \
        windows-125x, KOI8 and more), multipart structures, file names in RFC 2231 form. The body \
        is the text/plain part, else text made from the HTML part.

        Damaged mail (a missing closing boundary, bad base64, an unknown charset, 8-bit headers) is \
        decoded as far as it goes, with a warning on standard error.

        Fetching and sending stay with the tools made for them: mbsync fills a Maildir and carries \
        flags back to the IMAP server; "ail-mail list" shows it as an inbox, "ail-mail show" and \
        "ail-mail save" read a message and its attachments, "ail-mail flag" marks messages read, \
        flagged or replied by renaming their files; "ail-mail reply", "forward" and "compose" \
        write a complete message that "msmtp -t" or "sendmail -t" sends.
        """),
      environment: [("EMAIL", tr("Your address, for reply's From line when --from is not given."))],
      files: [("$XDG_CONFIG_HOME/ailo/config", tr("from = your address, in the [ail-mail] section."))],
      examples: [
        Example("ail-mail list ~/Mail/INBOX --format table --limit 20", tr("The twenty newest messages.")),
        Example(
          "ail-mail body < message.eml | ail-ai --recipe Reply/Friendly",
          tr("Draft a reply's text with a language model.")),
        Example("ail-mail parse --maildir ~/Mail/INBOX/ | jq -r .subject", tr("The subjects of a Maildir.")),
        Example(
          "ail-mail body message.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original message.eml | msmtp -t",
          tr("Answer a message.")),
      ],
      exitStatuses: [
        (.success, tr("Done (also when the mail was damaged and decoded as far as possible).")),
        (.dataError, tr("An input was empty: no message to decode.")),
        (.noInput, tr("An input file or folder could not be read; the others were decoded.")),
      ]),
    version: Toolbox.version,
    subcommands: [
      List.self, Show.self, FlagCommand.self, Save.self, Body.self, Parse.self, Reply.self, Forward.self, Compose.self,
      Outbox.self, Cert.self,
    ])
}
