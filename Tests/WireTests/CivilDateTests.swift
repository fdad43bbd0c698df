import Testing
import Wire

@Suite struct CivilDateTests {
  @Test(arguments: [
    (0, 1970, 1, 1, 4), (-1, 1969, 12, 31, 3), (11_016, 2000, 2, 29, 2), (20_779, 2026, 11, 22, 0),
    (-719_468, 0, 3, 1, 3), (2_932_896, 9999, 12, 31, 5),
  ])
  func countsDaysBothWays(days: Int, year: Int, month: Int, day: Int, weekday: Int) {
    let date = CivilDate(year: year, month: month, day: day)
    #expect(date.daysSince1970 == days)
    #expect(CivilDate(daysSince1970: days) == date)
    #expect(date.weekday == weekday)
  }

  @Test func everyDayOfFourHundredYearsRoundTrips() {
    var expected = CivilDate(year: 1800, month: 1, day: 1)
    for days in expected.daysSince1970..<(expected.daysSince1970 + 146_097) {
      let date = CivilDate(daysSince1970: days)
      #expect(date == expected)
      #expect(date.isValid)
      if date.day == CivilDate.daysIn(month: date.month, year: date.year) {
        expected =
          date.month == 12
          ? CivilDate(year: date.year + 1, month: 1, day: 1) : CivilDate(year: date.year, month: date.month + 1, day: 1)
      } else {
        expected.day += 1
      }
    }
  }

  @Test func leapYearsAndMonthLengths() {
    #expect(CivilDate.isLeapYear(2024) && CivilDate.isLeapYear(2000))
    #expect(!CivilDate.isLeapYear(1900) && !CivilDate.isLeapYear(2026))
    #expect(CivilDate.daysIn(month: 2, year: 2024) == 29)
    #expect(CivilDate.daysIn(month: 2, year: 2100) == 28)
    #expect(CivilDate.daysIn(month: 4, year: 2026) == 30)
    #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
    #expect(!CivilDate(year: 2026, month: 13, day: 1).isValid)
  }

  @Test func aDayPastTheMonthsEndCountsOn() {
    #expect(
      CivilDate(year: 2026, month: 2, day: 31).daysSince1970 == CivilDate(year: 2026, month: 3, day: 3).daysSince1970)
  }

  @Test func momentsSplitIntoFieldsAndBack() {
    let moment = CivilTime(secondsSince1970: 1_795_316_645)  // 2026-11-22T03:04:05Z
    #expect(moment == CivilTime(date: CivilDate(year: 2026, month: 11, day: 22), hour: 3, minute: 4, second: 5))
    #expect(moment.secondsSince1970 == 1_795_316_645)
    let lastSecondOf1969 = CivilTime(date: CivilDate(year: 1969, month: 12, day: 31), hour: 23, minute: 59, second: 59)
    #expect(CivilTime(secondsSince1970: -1) == lastSecondOf1969)
    #expect(CivilTime(secondsSince1970: -86_400).weekday == 3)
  }
}
