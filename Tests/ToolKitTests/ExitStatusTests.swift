import ArgumentParser
import Foundation
import Testing
import Wire

@testable import ToolKit

/// A command built the way every tool is: options, then its body inside `runTool`.
struct SampleTool: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rk-sample")

  @Option var fail: String?
  @OptionGroup var common: CommonOptions

  func run() async throws {
    try await runTool(common.diagnostics(for: "rk-sample")) {
      await Task.yield()  // the async form, as network tools use it
      switch fail {
      case "config": throw ToolError(.configError, "READECK_URL is not set; pass --server or set READECK_URL")
      case "auth": throw ToolError(.noPermission, "token rejected by the server")
      case "decode": _ = try WireCoding.decode(Pruned.self, from: Data("{\"kind\":\"pruned\"}".utf8))
      case "other": throw CocoaError(.fileReadUnknown)
      default: return
      }
    }
  }
}

@Suite struct ExitStatusTests {
  @Test func statusesAreTheDocumentedNumbers() {
    let table = Dictionary(uniqueKeysWithValues: ExitStatus.allCases.map { ($0, $0.rawValue) })
    #expect(
      table == [
        .success: 0, .failure: 1, .usage: 64, .dataError: 65, .noInput: 66, .unavailable: 69, .ioError: 74,
        .tempFailure: 75, .noPermission: 77, .configError: 78, .brokenPipe: 141,
      ])
  }

  @Test func aToolErrorExitsWithItsStatusAndSaysWhy() async {
    let result = await #expect(processExitsWith: .exitCode(78), observing: [\.standardErrorContent]) {
      await SampleTool.main(["--fail", "config"])
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("rk-sample: error: READECK_URL is not set; pass --server or set READECK_URL\n"))
  }

  @Test func authenticationRefusedIs77() async {
    await #expect(processExitsWith: .exitCode(77)) { await SampleTool.main(["--fail", "auth"]) }
  }

  @Test func undecodableDataIs65() async {
    let result = await #expect(processExitsWith: .exitCode(65), observing: [\.standardErrorContent]) {
      await SampleTool.main(["--fail", "decode"])
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains(#"rk-sample: error: missing "id""#))
  }

  @Test func anyOtherErrorIs1() async {
    await #expect(processExitsWith: .exitCode(1)) { await SampleTool.main(["--fail", "other"]) }
  }

  @Test func successIs0() async {
    await #expect(processExitsWith: .exitCode(0)) { await SampleTool.main([]) }
  }

  @Test func aBadOptionIs64() async {
    await #expect(processExitsWith: .exitCode(64)) { await SampleTool.main(["--no-such-option"]) }
    await #expect(processExitsWith: .exitCode(64)) { await SampleTool.main(["--quiet", "--verbose"]) }
  }
}
