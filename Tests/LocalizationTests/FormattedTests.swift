import Testing

@testable import Localization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Numbers, sizes, dates and ages for people in each language.
@Suite struct FormattedTests {
  @Test func sizesUseTheDecimalSeparatorOfTheLanguage() {
    #expect(Formatted.size(371_400, in: .english) == "371.4 kB")
    #expect(Formatted.size(371_400, in: .german) == "371,4 kB")
    #expect(Formatted.size(830, in: .german) == "830 B")
    #expect(Formatted.size(999_960, in: .german) == "1,0 MB")
    #expect(Formatted.tenths(-15, in: .german) == "-1,5")
  }

  @Test func datesFollowTheLanguage() {
    let date = Date(timeIntervalSince1970: 1_795_798_800)  // 2026-11-27T17:00:00Z
    #expect(Formatted.dateTime(date, in: .english) == "2026-11-27 17:00")
    #expect(Formatted.dateTime(date, in: .german) == "27.11.2026 17:00")
    #expect(Formatted.dateTime(Date(timeIntervalSince1970: -1), in: .english) == "1969-12-31 23:59")
    #expect(Formatted.dateTime(Date(timeIntervalSince1970: 951_782_400), in: .german) == "29.02.2000 00:00")
  }

  @Test func agesFollowTheLanguage() {
    let now = Date(timeIntervalSince1970: 1_795_798_800)
    func age(_ seconds: Double, _ language: Language) -> String {
      Formatted.age(of: now.addingTimeInterval(-seconds), now: now, in: language)
    }
    #expect(age(10, .english) == "just now")
    #expect(age(10, .german) == "gerade eben")
    #expect(age(300, .german) == "vor 5 Min.")
    #expect(age(3 * 3600, .english) == "3 h ago")
    #expect(age(3 * 3600, .german) == "vor 3 Std.")
    #expect(age(86_400, .german) == "vor 1 Tag")
    #expect(age(3 * 86_400, .german) == "vor 3 Tagen")
    #expect(age(3 * 86_400, .english) == "3 d ago")
  }
}
