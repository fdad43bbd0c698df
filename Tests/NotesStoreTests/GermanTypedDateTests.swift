import Foundation
import NotesStore
import Testing
import Wire

/// The German forms of typed dates (issue 28), read under every locale beside the English ones,
/// against the same fixed clock: Tuesday 2026-11-24 10:30 in Berlin (09:30 UTC).
@Suite struct GermanTypedDateTests {
  let parser = TypedDate(now: tuesdayMorning, timeZone: berlin)

  /// RFC 3339 in UTC of what the parser made of `text`.
  func utc(_ text: String) -> String? { parser.parse(text).map(RFC3339.string(from:)) }

  @Test func morgenUebermorgenHeuteAndGesternNameDaysFromToday() {
    #expect(utc("morgen 9:00") == "2026-11-25T08:00:00Z")
    #expect(utc("Morgen 17:30") == "2026-11-25T16:30:00Z", "any case")
    #expect(utc("morgen") == "2026-11-25T08:00:00Z", "a day alone means 9:00")
    #expect(utc("übermorgen") == "2026-11-26T08:00:00Z")
    #expect(utc("Übermorgen 8:15") == "2026-11-26T07:15:00Z")
    #expect(utc("uebermorgen") == "2026-11-26T08:00:00Z", "without the umlaut")
    #expect(utc("u\u{308}bermorgen") == "2026-11-26T08:00:00Z", "the umlaut decomposed (NFD)")
    #expect(utc("heute 17:00") == "2026-11-24T16:00:00Z")
    #expect(utc("gestern") == "2026-11-23T08:00:00Z")
    #expect(utc("vorgestern 12:00") == "2026-11-22T11:00:00Z")
    #expect(utc("jetzt") == "2026-11-24T09:30:00Z")
  }

  @Test func uhrAndUmAroundATimeAreUnderstood() {
    #expect(utc("morgen 9 Uhr") == "2026-11-25T08:00:00Z")
    #expect(utc("morgen um 9 Uhr") == "2026-11-25T08:00:00Z")
    #expect(utc("morgen um 9:00") == "2026-11-25T08:00:00Z")
    #expect(utc("heute 17:30 Uhr") == "2026-11-24T16:30:00Z")
    #expect(utc("heute 17.30 Uhr") == "2026-11-24T16:30:00Z", "a dot between hour and minute, before Uhr")
    #expect(utc("17:30 Uhr") == "2026-11-24T16:30:00Z", "a bare time: today's while still to come")
    #expect(utc("9 Uhr") == "2026-11-25T08:00:00Z", "a bare time that has passed: tomorrow's")
    #expect(utc("um 9 Uhr") == "2026-11-25T08:00:00Z")
    #expect(utc("9Uhr") == "2026-11-25T08:00:00Z")
  }

  @Test func inAndAUnitCountsFromNow() {
    #expect(utc("in 2 Std") == "2026-11-24T11:30:00Z")
    #expect(utc("in 2 Std.") == "2026-11-24T11:30:00Z")
    #expect(utc("in 2 Stunden") == "2026-11-24T11:30:00Z")
    #expect(utc("in 1 Stunde") == "2026-11-24T10:30:00Z")
    #expect(utc("in 30 Min") == "2026-11-24T10:00:00Z")
    #expect(utc("in 30 Min.") == "2026-11-24T10:00:00Z")
    #expect(utc("in 30 Minuten") == "2026-11-24T10:00:00Z")
    #expect(utc("in 1 Minute") == "2026-11-24T09:31:00Z")
    #expect(utc("in 90 Sekunden") == "2026-11-24T09:31:30Z")
    #expect(utc("in 1 Std. 30 Min.") == "2026-11-24T11:00:00Z", "a sum, the abbreviations' dots ignored")
    #expect(utc("in 2 Stunden und 15 Minuten") == "2026-11-24T11:45:00Z")
    #expect(utc("in 1,5 Stunden") == "2026-11-24T11:00:00Z", "a decimal comma")
    #expect(utc("in 1 Tag") == "2026-11-25T09:30:00Z")
    #expect(utc("in 3 Tagen") == "2026-11-27T09:30:00Z")
    #expect(utc("in 2 Tage") == "2026-11-26T09:30:00Z")
    #expect(utc("in 1 Woche") == "2026-12-01T09:30:00Z")
    #expect(utc("in 2 Wochen") == "2026-12-08T09:30:00Z")
  }

  @Test func vorAndAUnitCountsBackFromNow() {
    #expect(utc("vor 3 Tagen") == "2026-11-21T09:30:00Z")
    #expect(utc("vor 2 Std.") == "2026-11-24T07:30:00Z")
    #expect(utc("vor 1 Woche") == "2026-11-17T09:30:00Z")
    #expect(utc("vor 45 Minuten") == "2026-11-24T08:45:00Z")
  }

  @Test func aGermanWeekdayMeansTheNextSuchDay() {
    #expect(utc("Fr 17:00") == "2026-11-27T16:00:00Z")
    #expect(utc("Fr. 17:00") == "2026-11-27T16:00:00Z")
    #expect(utc("Fr, 17:00") == "2026-11-27T16:00:00Z")
    #expect(utc("Freitag 17 Uhr") == "2026-11-27T16:00:00Z")
    #expect(utc("freitag um 17 Uhr") == "2026-11-27T16:00:00Z")
    #expect(utc("Fr") == "2026-11-27T08:00:00Z", "a day alone means 9:00")
    let week = [
      ("Mo", "Montag", "2026-11-30"), ("Di", "Dienstag", "2026-12-01"), ("Mi", "Mittwoch", "2026-11-25"),
      ("Do", "Donnerstag", "2026-11-26"), ("Fr", "Freitag", "2026-11-27"), ("Sa", "Samstag", "2026-11-28"),
      ("So", "Sonntag", "2026-11-29"),
    ]
    for (short, full, day) in week {
      #expect(utc(short) == day + "T08:00:00Z", "\(short)")
      #expect(utc(full) == day + "T08:00:00Z", "\(full)")
    }
    #expect(utc("Di 11:00") == "2026-11-24T10:00:00Z", "today's 11:00 is still to come")
  }

  @Test func aGermanDateIsDayDotMonthDotYear() {
    #expect(utc("1.12.2026 9:00") == "2026-12-01T08:00:00Z")
    #expect(utc("01.12.2026 09:00") == "2026-12-01T08:00:00Z")
    #expect(utc("1.12.2026") == "2026-12-01T08:00:00Z", "a day alone means 9:00")
    #expect(utc("1.12.2026 17 Uhr") == "2026-12-01T16:00:00Z")
    #expect(utc("1.7.2026 9:00") == "2026-07-01T07:00:00Z", "Berlin is UTC+2 in July")
  }

  @Test func aGermanDateWithoutAYearMeansTheNextSuchDay() {
    #expect(utc("1.12.") == "2026-12-01T08:00:00Z")
    #expect(utc("1.12. 17:00") == "2026-12-01T16:00:00Z")
    #expect(utc("24.11. 11:00") == "2026-11-24T10:00:00Z", "today's, while still to come")
    #expect(utc("24.11. 10:00") == "2027-11-24T09:00:00Z", "gone today: next year's")
    #expect(utc("1.11.") == "2027-11-01T08:00:00Z")
    #expect(utc("29.2.") == "2028-02-29T08:00:00Z", "the next leap year")
  }

  @Test func theEnglishFormsKeepWorkingBesideTheGermanOnes() {
    #expect(utc("tomorrow 9:00") == "2026-11-25T08:00:00Z")
    #expect(utc("in 2h") == "2026-11-24T11:30:00Z")
    #expect(utc("fri 17:00") == "2026-11-27T16:00:00Z")
    #expect(utc("3d ago") == "2026-11-21T09:30:00Z")
    #expect(utc("2026-12-01 09:00") == "2026-12-01T08:00:00Z")
    #expect(utc("now") == "2026-11-24T09:30:00Z")
  }

  @Test func germanNonsenseIsRefused() {
    for text in [
      "31.11.2026", "1.13.", "32.1.", "0.1.", "1.12", "1.12.26", "1.12.02026", "morgen 25 Uhr", "morgen 9:7",
      "in 2 Parsec", "vor", "in Std", "Fr 9:7", "heute morgen", "um", "uhr", "9 Uhr Uhr", "in 1,5,5 Std",
      "nächsten Freitag", "Fr 13pm Uhr",
    ] {
      #expect(parser.parse(text) == nil, "\(text)")
    }
  }

  /// What the fuzz target `fuzz-notes` feeds: odd text is refused or read, never a trap; a date
  /// past the years 0000 to 9999 is out of bounds, not an overflow.
  @Test func oddInputIsRefusedOrBoundedWithoutATrap() {
    let huge = String(repeating: "9", count: 400)
    for text in [
      "in \(huge) Wochen", "vor \(huge) Tagen", "\(huge).12.", "1.\(huge).", "\(huge) Uhr", "\(huge):00 Uhr",
      "in 1e400 Std", "in ,,, Std", "٣ Uhr", "in ٣ Tagen", "Fr,", ",", ".", "..", "...", "in .", "um um",
      "Uhr Uhr", "\u{0}", "1.12.\u{0}", "Fr\u{0}", "in 2 Std.\u{0}", String(repeating: "in ", count: 1000),
    ] {
      switch parser.date(text) {
      case .success(let date): #expect(TypedDate.bounds.contains(date), "\(text)")
      case .failure: break
      }
    }
    #expect(parser.date("in \(huge) Wochen") == .failure(.outOfBounds))
    #expect(parser.date("vor 99999999 Tagen") == .failure(.outOfBounds))
    #expect(parser.date("in 2 Parsec") == .failure(.unreadable))
  }
}
