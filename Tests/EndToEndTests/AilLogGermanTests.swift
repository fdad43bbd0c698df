import Foundation
import Testing
import Wire

/// `ail-log` under a German locale (issue 28): German dates typed under every locale, German
/// messages, tables, reminders and help, and the same records on standard output as in English.
extension AilLogTests {
  /// A German desktop, and a container whose only locale is C.UTF-8 with LANGUAGE=de.
  static let germanLocales = [["LANG": "de_DE.UTF-8"], ["LANGUAGE": "de", "LANG": "C.UTF-8"]]
  /// No locale at all, an English desktop, and the C locale scripts set.
  static let englishLocales = [[:], ["LANG": "en_US.UTF-8"], ["LC_ALL": "C", "LANGUAGE": "de"]]

  /// The records a run wrote, each without its id (which every add makes anew).
  func recordsWithoutIDs(_ run: ToolRun) -> [JSONValue] {
    run.records.map { record in
      guard var object = record.objectValue else { return record }
      object["id"] = nil
      return .object(object)
    }
  }

  /// The help's words, whatever its line breaks.
  func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  @Test(arguments: englishLocales + germanLocales)
  func germanDatesAreReadUnderEveryLocaleBesideTheEnglishOnes(locale: [String: String]) throws {
    let place = try Place()
    defer { place.remove() }
    // Tuesday 2026-11-24 10:30 in Berlin: the reminder each form names, in UTC.
    let forms = [
      ("morgen 9:00", "tomorrow 9:00", "2026-11-25T08:00:00Z"),
      ("morgen um 9 Uhr", "tomorrow 9am", "2026-11-25T08:00:00Z"),
      ("übermorgen", "2026-11-26", "2026-11-26T08:00:00Z"),
      ("heute 17:00", "today 17:00", "2026-11-24T16:00:00Z"),
      ("in 2 Std", "in 2h", "2026-11-24T11:30:00Z"),
      ("in 3 Tagen", "in 3d", "2026-11-27T09:30:00Z"),
      ("Fr 17:00", "fri 17:00", "2026-11-27T16:00:00Z"),
      ("1.12.2026 9:00", "2026-12-01 09:00", "2026-12-01T08:00:00Z"),
      ("1.12.", "2026-12-01", "2026-12-01T08:00:00Z"),
    ]
    for (german, english, expected) in forms {
      let typed = try log(place, ["add", "x", "--title", "t", "--remind", german], environment: locale)
      #expect(typed.status == 0, "\(german): \(typed.stderr)")
      #expect(typed.records.first?["reminder"] == .string(expected), "\(german)")
      let englishForm = try log(place, ["add", "x", "--title", "t", "--remind", english], environment: locale)
      #expect(englishForm.records.first?["reminder"] == .string(expected), "\(english)")
      #expect(recordsWithoutIDs(typed) == recordsWithoutIDs(englishForm), "\(german) and \(english)")
    }
    let old = try log(
      place, ["add", "alt", "--title", "Alt"],
      environment: locale.merging(["AIL_LOG_NOW": "2026-11-01T09:00:00Z"]) { $1 }
    )
    #expect(old.status == 0)
    let recent = try log(place, ["list", "--since", "vor 3 Tagen"], environment: locale)
    #expect(recent.status == 0, "\(recent.stderr)")
    #expect(!recent.records.isEmpty && !recent.records.contains { $0["title"] == .string("Alt") })
    #expect(recent.stdout == (try log(place, ["list", "--since", "3d ago"], environment: locale)).stdout)
  }

  @Test(arguments: germanLocales) func aReminderDueReadsGermanAndItsRecordsStayTheSame(locale: [String: String]) throws
  {
    let place = try Place()
    defer { place.remove() }
    let call = try log(
      place, ["add", "Anna anrufen", "--title", "Anruf", "--remind", "morgen 9:00"], environment: locale)
    #expect(call.status == 0, "\(call.stderr)")
    #expect(call.stderr.isEmpty, "\(call.stderr)")
    let tea = try log(place, ["add", "--title", "Tee", "--remind", "in 2 Std"], environment: locale)
    #expect(tea.status == 0, "\(tea.stderr)")

    // Nothing has come yet: status 1 and nothing written, in every language.
    let none = try log(place, ["due"], environment: locale)
    #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none.stderr)")

    let thursday = locale.merging(["AIL_LOG_NOW": "2026-11-26T12:00:00Z"]) { $1 }
    let englishDue = try log(place, ["due"], environment: ["AIL_LOG_NOW": "2026-11-26T12:00:00Z"])
    let germanDue = try log(place, ["due"], environment: thursday)
    #expect(germanDue.status == 0)
    #expect(germanDue.stdout == englishDue.stdout, "the records are the same in every language")
    #expect(germanDue.records.map { $0["title"]?.stringValue } == ["Tee", "Anruf"])

    // The table is for people: German headings and German dates, in the local zone.
    let table = try log(place, ["due", "--format", "table"], environment: thursday)
    #expect(table.status == 0)
    #expect(table.stdout.contains("ERSTELLT") && table.stdout.contains("ERINNERUNG"), "\(table.stdout)")
    #expect(table.stdout.contains("KATEGORIE") && table.stdout.contains("TITEL"), "\(table.stdout)")
    #expect(table.stdout.contains("25.11.2026 09:00"), "\(table.stdout)")
    #expect(table.stdout.contains("24.11.2026 12:30"), "\(table.stdout)")
    let englishTable = try log(
      place, ["due", "--format", "table"], environment: ["AIL_LOG_NOW": "2026-11-26T12:00:00Z", "LANG": "en_US.UTF-8"])
    #expect(englishTable.stdout.contains("REMINDER") && englishTable.stdout.contains("2026-11-25 09:00"))

    // The header of "show" is German; the content and every record are as in English.
    let shown = try log(place, ["show", id(call)], environment: locale)
    #expect(
      shown.stdout.hasPrefix("# Anruf\n\n*General · Erinnerung 25.11.2026 09:00 · erstellt 24.11.2026 10:30*\n"),
      "\(shown.stdout)")
    let content = try log(place, ["show", id(call), "--content"], environment: locale)
    #expect(content.stdout == (try log(place, ["show", id(call), "--content"])).stdout)
    #expect(try log(place, ["list"], environment: locale).stdout == (try log(place, ["list"])).stdout)
    #expect(try log(place, ["tags"], environment: locale).stdout == (try log(place, ["tags"])).stdout)
  }

  @Test(arguments: germanLocales) func errorsAndSummariesAreGerman(locale: [String: String]) throws {
    let place = try Place()
    defer { place.remove() }
    #expect(try log(place, ["add", "x", "--title", "Eins"], environment: locale).status == 0)

    let english = try log(place, ["show", "FFFFFFFF"])
    #expect(english.status == 1 && english.stderr.contains("ail-log: error: no entry FFFFFFFF"), "\(english.stderr)")
    let missing = try log(place, ["show", "FFFFFFFF"], environment: locale)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("ail-log: Fehler: kein Eintrag FFFFFFFF"), "\(missing.stderr)")
    #expect(missing.stdout.isEmpty && english.stdout.isEmpty)
    let noVersion = try log(place, ["revert", String(id(try log(place, ["list"])).prefix(8))], environment: locale)
    #expect(noVersion.status == 1)
    #expect(noVersion.stderr.contains("hat keine Version 1"), "\(noVersion.stderr)")

    let untitled = try log(place, ["add"], environment: locale)
    #expect(untitled.status == 64)
    #expect(untitled.stderr.contains("Ein Eintrag braucht einen Titel"), "\(untitled.stderr)")
    let nonsense = try log(place, ["add", "x", "--title", "t", "--remind", "nächsten Vollmond"], environment: locale)
    #expect(nonsense.status == 64)
    #expect(
      nonsense.stderr.contains("--remind: „nächsten Vollmond“ lässt sich nicht als Datum lesen"), "\(nonsense.stderr)")
    #expect(nonsense.stderr.contains("„morgen 9:00“"), "the German forms are named")
    let past = try log(place, ["add", "x", "--title", "t", "--remind", "heute 10:00"], environment: locale)
    #expect(past.status == 64)
    #expect(past.stderr.contains("--remind: 24.11.2026 10:00 liegt in der Vergangenheit"), "\(past.stderr)")
    let far = try log(place, ["add", "x", "--title", "t", "--remind", "in 99999999 Tagen"], environment: locale)
    #expect(far.status == 64)
    #expect(far.stderr.contains("liegt außerhalb der Jahre 0000 bis 9999"), "\(far.stderr)")

    // A summary on standard error, the passed-on record on standard output as in English.
    let input = """
      {"kind":"ai_result","ai_text":"Zusammenfassung","title":"KI"}
      {"kind":"other","n":1}

      """
    let filed = try log(place, ["add", "--records", "--echo"], stdin: input, environment: locale)
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(
      filed.stderr.contains("ail-log: 1 Eintrag abgelegt, 1 anderer Datensatz weitergereicht"), "\(filed.stderr)")
    let englishFiled = try log(place, ["add", "--records", "--echo"], stdin: input)
    #expect(englishFiled.stderr.contains("filed 1 entry, 1 other record passed on"), "\(englishFiled.stderr)")
    #expect(filed.stdout == englishFiled.stdout)
  }

  @Test(arguments: germanLocales) func helpIsGerman(locale: [String: String]) throws {
    let place = try Place()
    defer { place.remove() }
    let help = words(try log(place, ["--help"], environment: locale).stdout)
    #expect(help.contains("Der Notizen-Speicher: Text- und Spracheinträge"), "\(help)")
    #expect(help.contains("BEISPIELE:") && help.contains("EXIT-STATUS:"))
    #expect(help.contains("\"morgen 9:00\""), "the German date forms are documented")
    #expect(help.contains("Eine Notiz mit Erinnerung."))
    let add = words(try log(place, ["add", "--help"], environment: locale).stdout)
    #expect(add.contains("Eine Erinnerung: RFC 3339, '1.12.2026 9:00', 'morgen 9:00'"), "\(add)")
    #expect(add.contains("Der Titel (Vorgabe: die erste Zeile des Textes"))
    let due = words(try log(place, ["due", "--help"], environment: locale).stdout)
    #expect(due.contains("Nichts ist fällig."), "\(due)")
    #expect(due.contains("ndjson (Datensätze) oder table (Tabelle)."))
    let categories = words(try log(place, ["categories", "rename", "--help"], environment: locale).stdout)
    #expect(categories.contains("Eine Kategorie in jedem Eintrag umbenennen"), "\(categories)")
  }

  /// `LC_ALL=C` is the English scripts rely on, whatever LANG and LANGUAGE say.
  @Test func theCLocaleIsEnglishForAilLog() throws {
    let place = try Place()
    defer { place.remove() }
    #expect(try log(place, ["add", "x", "--title", "One"]).status == 0)
    let scripted = ["LANGUAGE": "de", "LC_ALL": "C", "LANG": "de_DE.UTF-8"]
    let missing = try log(place, ["show", "FFFFFFFF"], environment: scripted)
    #expect(missing.stderr.contains("ail-log: error: no entry FFFFFFFF"), "\(missing.stderr)")
    let nonsense = try log(place, ["add", "x", "--title", "t", "--remind", "soon"], environment: scripted)
    #expect(nonsense.stderr.contains("--remind: cannot read \"soon\" as a date"), "\(nonsense.stderr)")
  }
}
