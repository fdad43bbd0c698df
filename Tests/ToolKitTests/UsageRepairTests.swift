import ArgumentParser
import Testing

@testable import ToolKit

/// A command that takes free text and refuses a second text in `validate()`, as `ail-log add` does.
private struct Note: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add")
  @Argument var text: [String] = []
  @Option var remind: String?
  @Option(transform: NumberRange(20...500).parse) var width: Int?
  @Option(name: .shortAndLong, transform: NumberRange(-10...10).parse) var shift: Int?
  @Flag var quiet = false

  func validate() throws {
    if text.count > 1 { throw ValidationError("Give the content as one argument.") }
  }
}

private struct Log: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "log", subcommands: [Note.self])
}

@Suite struct UsageRepairTests {
  /// The message the tool prints after `tool: error: `, or nil when the parse succeeds.
  func message(_ arguments: [String]) -> String? {
    do {
      _ = try UsageRepair.parse(Log.self, arguments)
      return nil
    } catch let error as UsageRepair.MistypedOption {
      return error.text
    } catch {
      return Log.fullMessage(for: error)
    }
  }

  fileprivate func parsed(_ arguments: [String]) throws -> Note {
    try #require(try UsageRepair.parse(Log.self, arguments) as? Note)
  }

  @Test func aMistypedOptionIsNamedWithItsSuggestionInsteadOfTheValidationItsValueFailed() throws {
    let text = try #require(message(["add", "Call Bob", "--remnd", "tomorrow 9:00"]))
    #expect(text.hasPrefix("Unknown option '--remnd'. Did you mean '--remind'?\nUsage: log add "), "\(text)")
    #expect(text.contains("See 'log add --help'"), "the usage is the subcommand's: \(text)")
    #expect(message(["add", "x", "--remnd=tomorrow", "y"])?.hasPrefix("Unknown option '--remnd'. Did") == true)
  }

  @Test func anUnknownOptionFarFromEveryNameHasNoSuggestion() {
    #expect(message(["add", "a", "--zzzzzzzz", "b"])?.hasPrefix("Unknown option '--zzzzzzzz'\n") == true)
  }

  @Test func afterTheTerminatorWordsWithDashesAreText() throws {
    #expect(try parsed(["add", "--", "--remnd is not an option"]).text == ["--remnd is not an option"])
    #expect(message(["add", "a", "--", "--remnd", "b"])?.hasPrefix("Error: Give the content as one argument.") == true)
  }

  /// ArgumentParser refuses such a value itself; its own words stand, not a mistyped option.
  @Test func anOptionsValueThatStartsWithDashesIsNotTakenForAMistypedOption() throws {
    let text = try #require(message(["add", "a", "--remind", "--- soon ---"]))
    #expect(!text.contains("Unknown option"), "\(text)")
    #expect(text.contains("--- soon ---"), "\(text)")
  }

  @Test func aValidationErrorWithoutAnUnknownOptionStaysAsItWas() {
    #expect(message(["add", "a", "b", "--quiet"])?.hasPrefix("Error: Give the content as one argument.") == true)
  }

  @Test func aNegativeNumberIsTheOptionsValueAndItsRangeSaysWhetherItFits() throws {
    let refused = try #require(message(["add", "x", "--width", "-5"]))
    #expect(
      refused.hasPrefix(
        "Error: The value '-5' is invalid for '--width <width>': must be a whole number from 20 to 500"),
      "\(refused)")
    #expect(try parsed(["add", "x", "--shift", "-3"]).shift == -3)
    #expect(try parsed(["add", "x", "-s", "-3"]).shift == -3, "a short name too")
    #expect(
      message(["add", "x", "--shift", "-0.5"])?.hasPrefix("Error: The value '-0.5' is invalid for '--shift") == true)
  }

  @Test func joiningLeavesEverythingElseAlone() {
    let known = [UsageRepair.Known(names: ["--width"], takesValue: true)]
    #expect(UsageRepair.joiningNegativeNumbers(["--width", "-5"], options: known) == ["--width=-5"])
    #expect(UsageRepair.joiningNegativeNumbers(["--width", "-x"], options: known) == ["--width", "-x"])
    #expect(UsageRepair.joiningNegativeNumbers(["--", "--width", "-5"], options: known) == ["--", "--width", "-5"])
    #expect(UsageRepair.joiningNegativeNumbers(["--height", "-5"], options: known) == ["--height", "-5"])
    #expect(UsageRepair.joiningNegativeNumbers(["--width", "-.5"], options: known) == ["--width=-.5"])
  }
}
