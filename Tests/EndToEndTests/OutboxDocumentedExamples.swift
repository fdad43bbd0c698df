import Foundation
import Testing
import Wire

extension DocumentedExamples {
  /// An outbox item made by hand, failed once, under the id the help's retry and cancel examples
  /// name; the sandbox's msmtp is a stand-in that appends what it reads to ~/msmtp.log.
  static let failedItem = """
    outbox="$XDG_DATA_HOME/ailo/outbox" && mkdir -p "$outbox" && chmod 700 "$outbox"
    printf 'From: me@example.org\\nTo: anna@example.org\\nSubject: Minutes\\n\\nThe minutes.\\n' \
      > "$outbox/260107-093000-01.eml"
    printf '{"kind":"outbox_item","id":"260107-093000-01","status":"failed","attempts":1,"last_error":"550 no"}\\n' \
      > "$outbox/260107-093000-01.json"
    """

  /// A message queued before the example runs.
  static let queuedItem =
    "ail-mail compose --to anna@example.org --subject Minutes < note.txt | ail-mail outbox add > /dev/null"

  static let outbox: [String: DocumentedExample] = [
    "ail-mail compose --to anna@example.org --subject Minutes < note.txt | ail-mail outbox add": .runs { run in
      run.expect(run.records(kind: "outbox_item").first?["status"] == "pending", "queued")
      run.expect(run.file("msmtp.log") == nil, "nothing sent yet")
    },
    "ail-mail outbox add draft.eml": .runs(
      before: "printf 'From: me@example.org\\nTo: anna@example.org\\nSubject: Draft\\n\\ntext\\n' > draft.eml"
    ) { run in
      run.expect(run.records(kind: "outbox_item").first?["subject"] == "Draft", "queued")
    },
    "ail-mail outbox send --sent ~/Mail/Sent": .runs(before: queuedItem) { run in
      run.expect(run.records(kind: "outbox_item").first?["status"] == "sent", "sent")
      run.expect(run.file("msmtp.log")?.contains("Subject: Minutes") == true, "through msmtp")
      run.expect(run.shell("ls ~/Mail/Sent/cur | grep -c ':2,S$'") == "1\n", "a copy in Sent, flagged seen")
    },
    "ail-mail outbox send --now": .runs(before: queuedItem) { run in
      run.expect(run.file("msmtp.log")?.contains("Subject: Minutes") == true, "sent through msmtp")
    },
    "ail-mail outbox send --sendmail 'msmtp -a work -t'": .runs(before: queuedItem) { run in
      run.expect(run.file("msmtp.log")?.contains("Subject: Minutes") == true, "sent through msmtp")
    },
    "ail-mail outbox list --format table": .runs(before: failedItem) { run in
      run.expect(run.lines.first?.hasPrefix("ID") == true, "a heading")
      run.expect(run.lines.last?.hasPrefix("260107-093000-01  failed") == true, "the item")
    },
    #"ail-mail outbox list | jq -r 'select(.status == "failed") | .id'"#: .runs(before: failedItem) { run in
      run.expect(run.stdout == "260107-093000-01\n", "the failed item's id")
    },
    "ail-mail outbox retry 260107-093000-01 && ail-mail outbox send": .runs(before: failedItem) { run in
      run.expect(run.records(kind: "outbox_item").last?["status"] == "sent", "sent this time")
      run.expect(run.file("msmtp.log")?.contains("Subject: Minutes") == true, "through msmtp")
    },
    "ail-mail outbox cancel 260107-093000-01": .runs(before: failedItem) { run in
      run.expect(run.records(kind: "outbox_item").first?["status"] == "cancelled", "cancelled")
    },
    "make -f scripts/ail.mk send": .runs(before: queuedItem) { run in
      run.expect(run.file("msmtp.log")?.contains("Subject: Minutes") == true, "sent through msmtp")
    },
  ]
}
