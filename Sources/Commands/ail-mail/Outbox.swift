import ArgumentParser
import Localization
import ToolKit

/// `ail-mail outbox add|list|send|retry|cancel`: mail that waits until it can go.
struct Outbox: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outbox", abstract: tr("Queue messages and send them when the server can be reached."),
    discussion: HelpText.discussion(
      tr(
        """
        The outbox keeps messages until they are sent: "add" queues them (written, offline or not, \
        in a private folder), "send" hands each one that is due to the sendmail command (msmtp -t \
        by default), "list" shows where each one stands: pending, sending, sent, failed, cancelled \
        or unknown.

        A failure that may pass (a server reply 4xx, the command's status 75 or 68) leaves the \
        message pending, tried again by the next send 30 seconds later at the earliest, the wait \
        doubling with each attempt up to a day. Any other failure (a reply 5xx, another status, no \
        end within the time limit, when the message may have gone out) makes it failed, with the \
        server's reply in last_error, until "retry". A message is marked sending before the command starts; one found so after a \
        crash or a kill is unknown, since it may have gone out: send leaves it alone, and "retry" \
        sends it again when you say so.

        The sendmail command reads the recipients from the header, Bcc included, and must leave \
        the Bcc line out of what it delivers, as msmtp -t and sendmail -t do.
        """),
      files: OutboxOptions.files,
      examples: [
        Example(
          "ail-mail compose --to anna@example.org --subject Minutes < note.txt | ail-mail outbox add",
          tr("Queue a message, online or not.")),
        Example("ail-mail outbox send --sent ~/Mail/Sent", tr("Send what is due, keeping a copy in Sent.")),
        Example("ail-mail outbox list --format table", tr("Where each message stands.")),
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, tr("add: a message without From or recipients (nothing is queued).")),
        (.noInput, tr("retry, cancel: no item with that id (nothing is changed).")),
        (.unavailable, tr("send: a message failed for good.")),
        (.tempFailure, tr("send: a message waits for another try, or another send is running.")),
      ]),
    subcommands: [OutboxAdd.self, OutboxList.self, OutboxSend.self, OutboxRetry.self, OutboxCancel.self])
}
