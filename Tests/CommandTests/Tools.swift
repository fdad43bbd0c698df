import ArgumentParser
import CommandTestSupport
import Localization
import Testing
import ToolKit

@testable import AilAICommand
@testable import AilLogCommand
@testable import AilMailCommand
@testable import AilTranscribeCommand
@testable import LLMFake
@testable import RKCacheCommand
@testable import RKExtractImagesCommand
@testable import RKFetchCommand
@testable import RKPruneCommand
@testable import RKPushCommand
@testable import ReadeckFake

/// Every tool's command line by the tool's name (its ``ToolEntry``'s, as the multi-call binary
/// picks it), parsed in process.
enum Tools {
  static func parse(_ tool: String, _ arguments: [String]) async -> CommandLineCheck.Outcome {
    switch tool {
    case ToolEntry.rkFetch.name: await CommandLineCheck.parse(RKFetch.self, arguments)
    case ToolEntry.rkExtractImages.name: await CommandLineCheck.parse(RKExtractImages.self, arguments)
    case ToolEntry.rkCache.name: await CommandLineCheck.parse(RKCache.self, arguments)
    case ToolEntry.rkPush.name: await CommandLineCheck.parse(RKPush.self, arguments)
    case ToolEntry.rkPrune.name: CommandLineCheck.parse(RKPrune.self, arguments)
    case ToolEntry.ailMail.name: CommandLineCheck.parse(AilMail.self, arguments)
    case ToolEntry.ailTranscribe.name: await CommandLineCheck.parse(AilTranscribe.self, arguments)
    case ToolEntry.ailLog.name: CommandLineCheck.parse(AilLog.self, arguments)
    case ToolEntry.ailAI.name: await CommandLineCheck.parse(AilAI.self, arguments)
    case ToolEntry.readeckFake.name: await CommandLineCheck.parse(ReadeckFakeCommand.self, arguments)
    case ToolEntry.llmFake.name: await CommandLineCheck.parse(LLMFakeCommand.self, arguments)
    default: .refused(CommandLineCheck.Refusal(message: "no tool named \(tool) in this table", status: -1))
    }
  }

  /// The refusal of `arguments`; a test fails (and gets an empty refusal) when they were taken.
  static func refusal(
    _ tool: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) async -> CommandLineCheck.Refusal {
    let outcome = await parse(tool, arguments)
    guard let refusal = outcome.refusal else {
      Issue.record("\(tool) \(arguments) was not refused: \(outcome)", sourceLocation: sourceLocation)
      return CommandLineCheck.Refusal(message: "", status: 0)
    }
    return refusal
  }
}

extension Trait where Self == ConditionTrait {
  /// The messages are checked in English, the language of `LC_ALL=C` (this process's language is
  /// chosen once, from its environment).
  static var inEnglish: Self {
    .enabled(if: Language.current == .english, "the messages are checked in English: run the tests with LC_ALL=C")
  }
}
