import Foundation
import Testing

@testable import ToolKit

/// The one way the tools run a program that may hang: its input, its last words, its time limit.
@Suite struct ChildProcessTests {
  @Test func theInputFileIsItsStandardInputAndItsOutputAndStatusComeBack() throws {
    let file = NSTemporaryDirectory() + "child-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: file) }
    try "hello\n".write(toFile: file, atomically: true, encoding: .utf8)
    let end = try ChildProcess.run(["/bin/sh", "-c", "tr a-z A-Z; echo oops >&2; exit 3"], input: file, timeLimit: 10)
    #expect(end == .exited(status: 3, output: "HELLO\noops\n"))
  }

  @Test func onlyTheLastWordsOfALongOutputAreKept() throws {
    let end = try ChildProcess.run(
      ["/bin/sh", "-c", "seq 1 100000; echo the-end"], input: nil, timeLimit: 20)
    guard case .exited(0, let output) = end else { return #expect(Bool(false), "\(end)") }
    #expect(output.hasSuffix("100000\nthe-end\n"))
    #expect(output.utf8.count <= 2 * ChildProcess.outputLimit)
    #expect(!output.hasPrefix("1\n2\n"))
  }

  @Test func atItsLimitTheProgramAndWhatItStartedAreStopped() throws {
    let marker = NSTemporaryDirectory() + "child-marker-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: marker) }
    let started = ContinuousClock.now
    // The shell's child would write the marker after 2 s, were it not stopped with the shell.
    let end = try ChildProcess.run(
      ["/bin/sh", "-c", "(sleep 2; touch '\(marker)') & sleep 60"], input: nil, timeLimit: 1)
    #expect(end == .timedOut(seconds: 1))
    #expect(ContinuousClock.now - started < .seconds(2))
    usleep(1_500_000)
    #expect(!FileManager.default.fileExists(atPath: marker), "the group was stopped")
  }

  @Test func aProgramThatIsNotThereIsAStartError() {
    #expect(throws: ChildProcess.StartError.self) {
      try ChildProcess.run(["/nonexistent/program"], input: nil, timeLimit: 5)
    }
    #expect(throws: ChildProcess.StartError.self) {
      try ChildProcess.run(["/bin/true"], input: "/nonexistent/input", timeLimit: 5)
    }
  }

  @Test func aSignalEndIsReportedWithWhatItSaid() throws {
    let end = try ChildProcess.run(["/bin/sh", "-c", "echo going; kill -TERM $$"], input: nil, timeLimit: 10)
    #expect(end == .killed(signal: SIGTERM, output: "going\n"))
  }
}
