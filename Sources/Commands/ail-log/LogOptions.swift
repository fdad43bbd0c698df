import ArgumentParser
import Foundation
import Localization
public import NotesStore
import SQLiteStore
import StoreErrorStatus
public import ToolKit
import Wire

/// `--db` and the options every subcommand shares, and where the store is.
struct LogOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      tr("The store's path (default: $AIL_LOG_DB, else $XDG_DATA_HOME/ailo/log.sqlite)."), valueName: "path"),
    completion: .file())
  var db: String?

  @OptionGroup var common: CommonOptions

  static let environment = [
    ("AIL_LOG_DB", tr("The store's path, unless --db is given.")),
    ("AIL_LOG_CATEGORY", tr("The default category (else default_category in the config file, else General).")),
    ("VISUAL, EDITOR", tr("The editor of \"ail-log edit ID\" (default: vi).")),
    ("TZ", tr("The time zone dates are typed and shown in.")),
    ("AIL_LOG_NOW", tr("An RFC 3339 time to take as now, for tests and scripts that replay a day.")),
  ]
  static let files = [
    ("$XDG_DATA_HOME/ailo/log.sqlite", tr("The store (mode 0600) when neither --db nor AIL_LOG_DB says otherwise.")),
    ("$XDG_DATA_HOME/ailo/log.audio/", tr("The recordings, one file per content, named by its SHA-256.")),
    ("$XDG_CONFIG_HOME/ailo/config", tr("[ail-log] default_category.")),
  ]

  var path: String {
    if let db { return db }
    if let fromEnvironment = Environment.current["AIL_LOG_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
    return XDGDirectories().dataHome + "/ailo/log.sqlite"
  }

  /// The store, which must exist unless `creating` (only the commands that add entries make one).
  func open(creating: Bool = false) throws -> NoteLog {
    try moveFromTheOldDefault()
    return try NoteLog(path: path, creating: creating)
  }

  /// The store, which must exist, for a command that only reads it (opened faster; see
  /// `NoteLog.init(readingAt:)`).
  func openForReading() throws -> NoteLog {
    try moveFromTheOldDefault()
    return try NoteLog(readingAt: path)
  }

  /// Until 0.1.0 the default store was `$XDG_DATA_HOME/ail/log.sqlite`, alone outside `ailo/`: a
  /// store found there is moved once, and the tool says so.
  private func moveFromTheOldDefault() throws {
    guard db == nil, (Environment.current["AIL_LOG_DB"] ?? "").isEmpty else { return }
    let old = XDGDirectories().dataHome + "/ail/log.sqlite"
    do {
      if try StoreMove.move(from: old, to: path) {
        diagnostics.info(tr("moved the notes store from \(old) to \(path), beside the other ail files"))
      }
    } catch let failure as StoreMove.Failure {
      throw ToolError(.ioError, tr("cannot move the notes store from \(old) to \(failure.path): \(failure.reason)"))
    }
  }

  var diagnostics: Diagnostics { common.diagnostics(for: "ail-log") }

  /// The category of entries that name none.
  func defaultCategory() throws -> String {
    let configuration = Configuration(tool: "ail-log", file: try ConfigFile.load(app: "ailo"))
    let setting = configuration.resolve(variable: "AIL_LOG_CATEGORY", key: "default_category")
    return setting.map(\.value).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "General"
  }
}

/// Now and the local time zone: the clock and zone of the machine, or AIL_LOG_NOW and TZ.
enum LocalTime {
  static var now: Date {
    Environment.current["AIL_LOG_NOW"].flatMap(RFC3339.date(from:)) ?? Date()
  }

  static var timeZone: TimeZone {
    Environment.current["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
      ?? .current
  }

  /// `text` as a date, or a usage error naming the option.
  static func date(_ text: String, option: String, dayStart: Bool = false) throws -> Date {
    let parser = TypedDate(now: now, timeZone: timeZone, defaultTime: dayStart ? (0, 0) : (9, 0))
    switch parser.date(text) {
    case .success(let date): return date
    case .failure(.unreadable):
      // TRANSLATORS: {0} is the option (--remind, --since) or front-matter key, {1} what the user
      // typed. The forms listed are examples of what the parser reads in both languages.
      throw ToolError(
        .usage,
        tr(
          """
          \(option): cannot read "\(text)" as a date; use RFC 3339, "2026-12-01 09:00", "tomorrow 9:00", \
          "in 2h", "fri 17:00", "17:00", "3d ago" or "now"
          """))
    case .failure(.outOfBounds):
      throw ToolError(.usage, tr("\(option): \"\(text)\" is outside the years 0000 to 9999, the dates a note can hold"))
    }
  }

  /// A date for people in the local zone: `2026-12-01 09:00`, `01.12.2026 09:00` in German.
  static func show(_ date: Date) -> String {
    // Formatted.dateTime shows UTC: shifted by the zone's offset at that moment, it shows local time.
    let offset = Double(timeZone.secondsFromGMT(for: date))
    return Formatted.dateTime(date.addingTimeInterval(offset))
  }
}

extension NoteLog.LogError: ExitStatusError {
  public var exitStatus: ExitStatus {
    switch self {
    case .noSuchEntry, .noSuchVersion, .noSuchCategory: .failure
    case .ambiguous: .usage
    case .invalid: .dataError
    }
  }
}

extension FrontMatter.ParseError: ExitStatusError {
  public var exitStatus: ExitStatus { .dataError }
}

extension AppExport.Problem: ExitStatusError {
  public var exitStatus: ExitStatus { .dataError }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, table }

/// Entries on standard output as records or a table.
func write(_ entries: [LogEntry], format: OutputFormat) throws {
  let sink = OutputSink.standardOutput
  switch format {
  case .ndjson:
    for entry in entries { try sink.emit(entry) }
  case .table:
    let rows = entries.map { entry in
      [
        String(entry.id.prefix(8)), LocalTime.show(entry.createdAt), entry.reminder.map(LocalTime.show) ?? "",
        entry.category ?? "", entry.tags.joined(separator: ","), entry.title,
      ]
    }
    if !rows.isEmpty {
      // TRANSLATORS: the headings of "ail-log list --format table", in capitals like the English ones.
      let headings = [tr("ID"), tr("CREATED"), tr("REMINDER"), tr("CATEGORY"), tr("TAGS"), tr("TITLE")]
      try sink.write(Formatting.table([headings] + rows))
    }
  }
  try sink.flush()
}

/// Standard input, whole, as text.
func readStandardInput() throws -> String {
  let text = String(decoding: try InputFile.contents(of: "-"), as: UTF8.self)
  try NoteLog.checkRead(text)
  return text
}
