import Foundation
import Testing
import Wire

@Suite struct RFC3339Tests {
  /// 2026-11-22T03:04:05Z
  static let base: Int64 = 1_795_316_645

  @Test(
    arguments: [
      ("2026-11-22T03:04:05Z", base, 0),
      ("2026-11-22T03:04:05.123Z", base, 123_000_000),
      ("2026-11-22T03:04:05.123456Z", base, 123_456_000),
      ("2026-11-22T03:04:05.123456789Z", base, 123_456_789),
      ("2026-11-22T03:04:05.1234567891234Z", base, 123_456_789),
      ("2026-11-22T05:04:05+02:00", base, 0),
      ("2026-11-22T05:04:05.5+02:00", base, 500_000_000),
      ("2026-11-21T21:34:05-05:30", base, 0),
      ("2026-11-22t03:04:05z", base, 0),
      ("2026-11-22 03:04:05+0000", base, 0),
    ] as [(String, Int64, Int32)])
  func parses(text: String, seconds: Int64, nanoseconds: Int32) {
    let parsed = RFC3339.parse(text)
    #expect(parsed?.seconds == seconds)
    #expect(parsed?.nanoseconds == nanoseconds)
  }

  @Test(arguments: [
    "2026-11-22T03:04:05", "2026-11-22T03:04:05.Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
    "2026-11-22T24:00:00Z", "2026-11-22T03:04:05+2:00", "2026-11-22", "", "2026-11-22T03:04:05Zjunk",
  ])
  func refuses(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }

  @Test func leapDaysAndOldDates() {
    #expect(RFC3339.parse("2024-02-29T00:00:00Z")?.seconds == 1_709_164_800)
    #expect(RFC3339.parse("1969-12-31T23:59:59Z")?.seconds == -1)
    #expect(RFC3339.parse("2000-02-29T12:00:00Z")?.seconds == 951_825_600)
  }

  @Test func formatsUTCWithFractionOnlyWhenPresent() {
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: Double(Self.base))) == "2026-11-22T03:04:05Z")
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: Double(Self.base) + 0.25)) == "2026-11-22T03:04:05.25Z")
    #expect(
      RFC3339.string(from: Date(timeIntervalSince1970: Double(Self.base) + 0.123456)) == "2026-11-22T03:04:05.123456Z")
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.5Z")
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: 951_825_600)) == "2000-02-29T12:00:00Z")
  }

  @Test func decodedDatesKeepTheirInstantThroughTheEncoder() throws {
    let line = Data(
      #"{"kind":"bookmark","id":"b","bookmark":{},"fetched_at":"2026-11-22T05:04:05.123456789+02:00"}"#.utf8)
    let record = try WireCoding.decode(BookmarkRecord.self, from: line)
    #expect(abs(record.fetchedAt.timeIntervalSince1970 - (Double(Self.base) + 0.123456789)) < 1e-6)
    let written = String(decoding: try WireCoding.line(record), as: UTF8.self)
    #expect(written.contains(#""fetched_at":"2026-11-22T03:04:05.123457Z""#))
  }

  @Test func aBadDateIsADecodingErrorNamingTheMember() {
    let line = Data(#"{"kind":"bookmark","id":"b","bookmark":{},"fetched_at":"yesterday"}"#.utf8)
    let error = #expect(throws: DecodingError.self) { try WireCoding.decode(BookmarkRecord.self, from: line) }
    #expect(WireCoding.describe(error!).hasPrefix(#""fetched_at": not an RFC 3339 date"#))
  }
}

@Suite struct RFC3339BoundTests {
  @Test(arguments: [1e300, 9.3e18, .infinity, 253_402_300_800])
  func aDatePastTheYear9999IsWrittenAsItsLastSecond(_ seconds: Double) {
    let text = RFC3339.string(from: Date(timeIntervalSince1970: seconds))
    #expect(text == "9999-12-31T23:59:59Z")
    #expect(RFC3339.date(from: text) == RFC3339.latest)
  }

  @Test(arguments: [-1e300, -.infinity, .nan, -62_167_219_201])
  func aDateBeforeTheYear0000IsWrittenAsItsFirstSecond(_ seconds: Double) {
    let text = RFC3339.string(from: Date(timeIntervalSince1970: seconds))
    #expect(text == "0000-01-01T00:00:00Z")
    #expect(RFC3339.date(from: text) == RFC3339.earliest)
  }
}
