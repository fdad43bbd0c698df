import ArgumentParser
import Testing

@testable import ToolKit

@Suite struct RetryOptionsTests {
  /// A tool with its own defaults, unlike any real one's, so that they cannot come from elsewhere.
  enum Tool: RetryDefaults {
    static var timeoutDefault: (seconds: Double, help: String) { (45, "Seconds for one thing.") }
    static var retriesDefault: (count: Int, help: String) { (3, "Retries of a thing.") }
    static var retryDelayDefault: (seconds: Double, help: String) { (0.5, "Seconds before the first retry.") }
  }

  @Test func withoutOptionsTheToolsDefaultsHold() throws {
    let options = try RetryOptions<Tool>.parse([])
    #expect(options.timeout == 45)
    #expect(options.retries == 3)
    #expect(options.retryDelay == 0.5)
  }

  @Test func theOptionsTakeTheirValues() throws {
    let options = try RetryOptions<Tool>.parse(["--timeout", "2.5", "--retries", "0", "--retry-delay", "0"])
    #expect(options.timeout == 2.5)
    #expect(options.retries == 0)
    #expect(options.retryDelay == 0)
  }

  @Test(arguments: [
    ["--retries=-1"], ["--retries", "11"], ["--retries", "1.5"], ["--timeout", "0"], ["--timeout", "nan"],
    ["--retry-delay=-1"], ["--retry-delay", "3601"],
  ])
  func aValueOutsideTheRangeIsAUsageErrorStatingTheRange(arguments: [String]) {
    do {
      _ = try RetryOptions<Tool>.parse(arguments)
      Issue.record("\(arguments) was taken")
    } catch {
      #expect(RetryOptions<Tool>.exitCode(for: error).rawValue == ExitStatus.usage.rawValue)
      #expect(RetryOptions<Tool>.message(for: error).contains(" from "))
    }
  }

  @Test func theHelpSaysTheToolsWordsRangeAndDefaultInOrder() {
    let help = RetryOptions<Tool>.helpMessage(columns: 200)
    let lines = [
      "--timeout <seconds>", "Seconds for one thing. (0.001 to 86400; default: 45)",
      "--retries <n>", "Retries of a thing. (0 to 10; default: 3)",
      "--retry-delay <seconds>", "Seconds before the first retry. (0 to 3600; default: 0.5)",
    ]
    var rest = help[...]
    for line in lines {
      guard let found = rest.firstRange(of: line) else {
        Issue.record("\(line) is missing or out of order in:\n\(help)")
        return
      }
      rest = rest[found.upperBound...]
    }
  }

  @Test func eachOptionStandsAloneForAToolWithoutTheOthers() throws {
    #expect(try TimeoutOption<Tool>.parse(["--timeout", "7"]).seconds == 7)
    #expect(try RetriesOption<Tool>.parse([]).count == 3)
    #expect(try RetryDelayOption<Tool>.parse(["--retry-delay", "4"]).seconds == 4)
    #expect(throws: (any Error).self) { try TimeoutOption<Tool>.parse(["--retries", "1"]) }
  }
}
