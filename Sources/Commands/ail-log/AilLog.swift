import ArgumentParser
import Localization
import ToolKit

struct AilLog: ParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "ail-log",
    abstract: tr("The notes store: text and voice entries with categories, tags, reminders, search and versions."),
    discussion: HelpText.discussion(
      tr(
        """
        Keeps notes in one SQLite file: a title, Markdown content, a category (General unless \
        configured), tags, an optional reminder, an optional recording and where the entry came \
        from. A full-text index over title, content and tags is written in the same transaction as \
        the entry; searches fold case and diacritics. Changing an entry's content keeps the previous \
        content as a version, which "revert" puts back. Recordings are copied into the store's audio \
        folder once per content and removed with the last entry that uses them.

        Entries are written as "log_entry" records. IDs are UUIDs; any unique start of one will do \
        (as "list --format table" shows them). Dates are typed as RFC 3339 or as people type them: \
        "2026-12-01 09:00", "tomorrow 9:00", "in 2h", "fri 17:00", "17:00", "3d ago", in the local \
        time zone; a day without a time means 9:00. The German forms work under every locale too: \
        "1.12.2026 9:00", "1.12.", "morgen 9:00", "übermorgen", "heute 17 Uhr", "in 2 Std", \
        "in 3 Tagen", "Fr 17:00", "vor 3 Tagen".

        "add --records" files the records of other tools: a mail from "ail-mail parse" (tag mail, \
        the message id, sender and date as its source), a transcript or transcript chunks from \
        "ail-transcribe" (one entry per recording, the recording stored when the file is at hand), a \
        record from "ail-ai" (its ai_text). The same mail or recording is never filed twice. \
        /usr/share/rk-ail/ail.mk (/usr/local/share/rk-ail/ail.mk from scripts/install) files every new \
        voice memo this way: "make -f /usr/share/rk-ail/ail.mk MEMOS=~/Memos".
        """),
      environment: LogOptions.environment,
      files: LogOptions.files,
      examples: [
        Example(
          "ail-log add 'Call the plumber' --title Plumber --remind 'tomorrow 9:00'", tr("A note with a reminder.")),
        Example("ail-mail parse msg.eml | ail-log add --records --category Mail", tr("File a mail.")),
        Example("ail-log search 'cafe'", tr("Entries mentioning café, Café or cafe, best first, with snippets.")),
        Example("ail-log show 3F2A --content | ail-ai --recipe Notes/Tidy > tidy.md", tr("An AI rewrite of a note...")),
        Example(
          "ail-log edit 3F2A --content - < tidy.md",
          tr("...accepted; the old text stays as a version, and \"ail-log revert 3F2A\" discards the rewrite.")),
        Example("ail-log due --format table && notify-send 'Notes due'", tr("For a cron line.")),
        Example("mpv \"$(ail-log audio 3F2A)\"", tr("Play an entry's recording.")),
      ],
      exitStatuses: [
        (.success, tr("Success; for due: there are entries due.")),
        (.failure, tr("No such entry, version or category; for due: nothing is due; for audio: no recording.")),
        (.usage, tr("A bad option, a date that does not parse, a reminder in the past, an ambiguous id.")),
        (.dataError, tr("A bad input record, front matter or import file, reported with its line, entry or field.")),
        (.noInput, tr("No store at the path (only add, import and categories add make one), or no such input file.")),
        (.ioError, tr("The store cannot be read or written.")),
        (.configError, tr("The config file cannot be read.")),
      ]),
    version: Toolbox.version,
    subcommands: [
      Add.self, List.self, Show.self, Search.self, Edit.self, History.self, Revert.self, Remove.self, Tags.self,
      Categories.self, Due.self, Audio.self, Mail.self, Export.self, Import.self,
    ])
}
