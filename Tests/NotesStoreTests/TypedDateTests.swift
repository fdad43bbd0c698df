import Foundation
import NotesStore
import Testing
import Wire

/// The typed reminder forms against a fixed clock (Tuesday 2026-11-24 10:30 in Berlin).
@Suite struct TypedDateTests {
  let parser = TypedDate(now: tuesdayMorning, timeZone: berlin)

  /// RFC 3339 in UTC of what the parser made of `text`.
  func utc(_ text: String) -> String? { parser.parse(text).map(RFC3339.string(from:)) }

  @Test func formsPeopleType() {
    #expect(utc("2026-12-01 09:00") == "2026-12-01T08:00:00Z")
    #expect(utc("2026-12-01") == "2026-12-01T08:00:00Z", "a day alone means 9:00")
    #expect(utc("2026-12-01T09:00") == "2026-12-01T08:00:00Z", "no zone: local time")
    #expect(utc("tomorrow 9:00") == "2026-11-25T08:00:00Z")
    #expect(utc("Tomorrow 5pm") == "2026-11-25T16:00:00Z")
    #expect(utc("today 12:15pm") == "2026-11-24T11:15:00Z")
    #expect(utc("in 2h") == "2026-11-24T11:30:00Z")
    #expect(utc("in 1d 30m") == "2026-11-25T10:00:00Z")
    #expect(utc("in 90 minutes") == "2026-11-24T11:00:00Z")
    #expect(utc("3d ago") == "2026-11-21T09:30:00Z")
    #expect(utc("fri 17:00") == "2026-11-27T16:00:00Z")
    #expect(utc("friday") == "2026-11-27T08:00:00Z")
    #expect(utc("now") == "2026-11-24T09:30:00Z")
    #expect(utc("2026-12-01T09:00:00+01:00") == "2026-12-01T08:00:00Z")
  }

  @Test func aWeekdayOrTimeThatHasPassedMeansTheNextOne() {
    #expect(utc("tue 10:00") == "2026-12-01T09:00:00Z", "today's 10:00 is gone: next Tuesday")
    #expect(utc("tue 11:00") == "2026-11-24T10:00:00Z", "today's 11:00 is still to come")
    #expect(utc("9:00") == "2026-11-25T08:00:00Z")
    #expect(utc("17:00") == "2026-11-24T16:00:00Z")
  }

  @Test func theZoneDecidesTheDayAndTheSummerTime() {
    let tokyo = TypedDate(now: tuesdayMorning, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
    #expect(tokyo.parse("tomorrow 9:00").map(RFC3339.string(from:)) == "2026-11-25T00:00:00Z")
    #expect(utc("2026-07-01 09:00") == "2026-07-01T07:00:00Z", "Berlin is UTC+2 in July")
  }

  @Test func nonsenseIsRefused() {
    for text in [
      "", "soon", "2026-13-01", "2026-02-30 10:00", "tomorrow 25:00", "in 2 parsecs", "fri 9:7", "13pm", "in",
    ] {
      #expect(parser.parse(text) == nil, "\(text)")
    }
  }
}

@Suite struct TypedDateBoundTests {
  let parser = TypedDate(now: RFC3339.date(from: "2026-11-24T09:30:00Z")!, timeZone: TimeZone(identifier: "UTC")!)

  @Test func aDateOutsideTheYears0000To9999IsOutOfBounds() {
    #expect(parser.date("in 99999999d") == .failure(.outOfBounds))
    #expect(parser.date("in 106751991167300d") == .failure(.outOfBounds))
    #expect(parser.date("99999999d ago") == .failure(.outOfBounds))
    #expect(parser.date("no date") == .failure(.unreadable))
    #expect(parser.date("9999-12-31T23:59:59Z") == .success(RFC3339.latest))
    #expect(parser.date("0000-01-01T00:00:00Z") == .success(RFC3339.earliest))
    #expect(parser.date("in 2h") == .success(RFC3339.date(from: "2026-11-24T11:30:00Z")!))
  }
}
