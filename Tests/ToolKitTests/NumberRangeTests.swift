import ArgumentParser
import Localization
import Testing

@testable import ToolKit

@Suite struct NumberRangeTests {
  @Test(arguments: ["nan", "NaN", "inf", "-inf", "infinity", "1e300", "-1e300", "", "abc", "1.5.2"])
  func whatIsNoFiniteNumberInTheRangeIsRefused(_ text: String) {
    #expect(throws: ValidationError.self) { try NumberRange.timeout.value(text) }
  }

  @Test func theRangeIsInclusiveAndStatedInTheMessage() throws {
    #expect(try NumberRange.timeout.value("0.001") == 0.001)
    #expect(try NumberRange.timeout.value("86400") == 86_400)
    #expect(try NumberRange.timeout.value(" 30 ") == 30)
    #expect(throws: ValidationError.self) { try NumberRange.timeout.value("0") }
    #expect(throws: ValidationError.self) { try NumberRange.timeout.value("86400.5") }
    do {
      _ = try NumberRange.timeout.value("nan")
      Issue.record("nan was taken")
    } catch let error as ValidationError {
      #expect(error.message == "must be a number of seconds from 0.001 to 86400")
    }
  }

  @Test func wholeNumbersSayWhole() throws {
    let range = NumberRange(1...32)
    #expect(range.refusal(in: .english) == "must be a whole number from 1 to 32")
    #expect(range.refusal(in: .german) == "muss eine ganze Zahl von 1 bis 32 sein")
    #expect(try range.value("32") == 32)
    #expect(throws: ValidationError.self) { try range.value("33") }
    #expect(throws: ValidationError.self) { try range.value("1.5") }
    #expect(throws: ValidationError.self) { try range.value("99999999999999999999999") }
    #expect(
      NumberRange(0...100_000, unit: .pixels).refusal(in: .english)
        == "must be a whole number of pixels from 0 to 100000")
    #expect(
      NumberRange(0...100_000, unit: .pixels).refusal(in: .german)
        == "muss eine ganze Anzahl Pixel von 0 bis 100000 sein")
  }

  @Test func aNaNIsInsideNoRange() {
    #expect(!NumberRange(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude).contains(.nan))
    #expect(!NumberRange(0.0...1).contains(.infinity))
    #expect(NumberRange(0.0...1).contains(0.5))
  }

  @Test func theHelpStatesTheRangeAndTheDefault() {
    #expect(
      NumberRange.retries.help("Retries.", valueName: "n", default: 2).abstract == "Retries. (0 to 10; default: 2)")
    #expect(NumberRange(0.0...1).help("Level.", valueName: "s").abstract == "Level. (0 to 1)")
    #expect(
      NumberRange(-120.0...0).help("dB.", valueName: "db", default: -40).abstract == "dB. (-120 to 0; default: -40)")
  }

  @Test func aSettingOutOfRangeIsAConfigurationErrorNamingWhereItWasSet() throws {
    let setting = Setting(value: "nan", source: .file(path: "/c/config", line: 3))
    do {
      _ = try setting.number("limit", in: NumberRange.limit)
      Issue.record("nan was taken")
    } catch let error as ToolError {
      #expect(error.status == .configError)
      #expect(error.message == "/c/config:3: limit must be a whole number from 0 to 1000000000")
    }
    #expect(try Setting(value: "7", source: .flag("--limit")).number("limit", in: NumberRange.limit) == 7)
  }

  @Test func aDurationPastAThousandYearsOrNotFiniteIsNone() {
    #expect(Formatting.duration("2d") == 172_800)
    #expect(Formatting.duration("infs") == nil)
    #expect(Formatting.duration("nanh") == nil)
    #expect(Formatting.duration("1e300d") == nil)
    #expect(Formatting.duration("53000w") == nil)
    #expect(Formatting.duration("52000d") == 4_492_800_000.0)
  }
}
