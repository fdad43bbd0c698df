import ArgumentParser
import Synchronization
import Testing

@testable import ToolKit

/// What the test commands below were run with.
private let ran = Mutex<[String]>([])

private struct Recorder: ParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(commandName: "recorder")
  @Option var word: String
  func run() { ran.withLock { $0.append("sync \(word)") } }
}

private struct AsyncRecorder: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(commandName: "async-recorder", abstract: "Records, later.")
  @Option var word: String
  func run() async { ran.withLock { $0.append("async \(word)") } }
}

@Suite struct MultiCallTests {
  let tools = [ToolEntry("rk-cache", Recorder.self), ToolEntry("rk-prune", AsyncRecorder.self)]

  func chosen(_ arguments: [String]) -> (String?, [String]) {
    let choice = MultiCall.choose(arguments, among: tools)
    return (choice.tool?.name, choice.arguments)
  }

  @Test func aLinkNamedAfterAToolRunsThatToolWithEveryArgument() {
    #expect(chosen(["/usr/bin/rk-cache", "list", "--limit", "5"]) == ("rk-cache", ["list", "--limit", "5"]))
    #expect(chosen(["rk-prune", "--keep", "3"]) == ("rk-prune", ["--keep", "3"]))
  }

  @Test func theLinkNameWinsOverAFirstArgumentThatNamesAnotherTool() {
    #expect(chosen(["/usr/bin/rk-cache", "rk-prune"]) == ("rk-cache", ["rk-prune"]))
  }

  @Test func underItsOwnNameTheFirstArgumentNamesTheTool() {
    #expect(chosen(["/usr/bin/rk-ail", "rk-cache", "list"]) == ("rk-cache", ["list"]))
    #expect(chosen(["./rk-ail", "rk-prune"]) == ("rk-prune", []))
    // A copy or link under a name that is no tool behaves as rk-ail does.
    #expect(chosen(["/opt/toolbox", "rk-prune", "--keep", "1"]) == ("rk-prune", ["--keep", "1"]))
  }

  @Test func withoutAToolTheArgumentsAreTheMultiCallCommandsOwn() {
    #expect(chosen(["rk-ail"]) == (nil, []))
    #expect(chosen(["rk-ail", "--list"]) == (nil, ["--list"]))
    #expect(chosen(["rk-ail", "rk-nope", "x"]) == (nil, ["rk-nope", "x"]))
    #expect(chosen([]) == (nil, []))
    // A tool's name is matched whole: no prefixes, no paths as a first argument.
    #expect(chosen(["rk-ail", "rk-cach"]) == (nil, ["rk-cach"]))
    #expect(chosen(["rk-ail", "/usr/bin/rk-cache"]) == (nil, ["/usr/bin/rk-cache"]))
  }

  @Test func anEntryRunsItsCommandOnTheArgumentsGivenAndAnAsyncOneAsynchronously() async {
    await tools[0].invoke(["--word", "one"])
    await tools[1].invoke(["--word", "two"])
    #expect(ran.withLock { $0 }.suffix(2) == ["sync one", "async two"])
    #expect(tools[1].abstract == "Records, later.")
  }
}
