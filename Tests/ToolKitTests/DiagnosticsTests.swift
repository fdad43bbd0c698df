import Foundation
import Testing

@testable import ToolKit

@Suite struct DiagnosticsTests {
  @Test func messagesNameTheToolAndTheirSeverity() {
    let (diagnostics, stderr) = capturedDiagnostics()
    diagnostics.error("server unreachable")
    diagnostics.warning("token file is readable by others")
    diagnostics.info("18 of 20 articles synced")
    diagnostics.debug("GET /api/bookmarks")
    #expect(
      stderr.readToEnd()
        == "rk-test: error: server unreachable\nrk-test: warning: token file is readable by others\nrk-test: 18 of 20 articles synced\n"
    )
    #expect(diagnostics.errorCount == 1)
    #expect(diagnostics.warningCount == 1)
  }

  @Test func quietKeepsOnlyErrors() {
    let (diagnostics, stderr) = capturedDiagnostics(verbosity: .quiet)
    diagnostics.error("e")
    diagnostics.warning("w")
    diagnostics.info("i")
    diagnostics.setStatus("bar")
    #expect(stderr.readToEnd() == "rk-test: error: e\n")
  }

  @Test func verboseAddsDetails() {
    let (diagnostics, stderr) = capturedDiagnostics(verbosity: .verbose)
    diagnostics.debug("detail")
    #expect(stderr.readToEnd() == "rk-test: detail\n")
  }

  @Test func colourOnlyOnATerminalWithoutNO_COLOR() {
    let (colored, coloredOut) = capturedDiagnostics(interactive: true, environment: ["TERM": "xterm"])
    colored.error("x")
    #expect(coloredOut.readToEnd() == "rk-test: \u{1B}[1;31merror:\u{1B}[0m x\n")

    for environment in [["NO_COLOR": "1", "TERM": "xterm"], ["TERM": "dumb"]] {
      let (plain, plainOut) = capturedDiagnostics(interactive: true, environment: environment)
      plain.error("x")
      #expect(plainOut.readToEnd() == "rk-test: error: x\n")
    }
    let (piped, pipedOut) = capturedDiagnostics(interactive: false, environment: ["TERM": "xterm"])
    piped.error("x")
    #expect(pipedOut.readToEnd() == "rk-test: error: x\n")
  }

  @Test func aMessageClearsTheStatusLineAndDrawsItAgain() throws {
    let terminal = try TestTerminal()
    let diagnostics = terminal.diagnostics("rk-test")
    diagnostics.setStatus("article 1/2")
    diagnostics.warning("slow")
    diagnostics.setStatus(nil)
    #expect(
      terminal.written()
        == "\r\u{1B}[Krk-test: article 1/2\r\u{1B}[Krk-test: warning: slow\nrk-test: article 1/2\r\u{1B}[K")
  }

  /// Two tools of one pipeline on one terminal: the first to draw keeps the status line until it
  /// is done; the other's messages take a line of their own, and it draws once the line is free.
  @Test func toolsOfAPipelineTakeTurnsAtTheStatusLine() throws {
    let terminal = try TestTerminal()
    let fetch = terminal.diagnostics("rk-fetch")
    let store = terminal.diagnostics("rk-cache")
    fetch.setStatus("article 1/20")
    store.setStatus("stored 1")
    store.info("a note")
    #expect(terminal.written() == "\r\u{1B}[Krk-fetch: article 1/20\r\u{1B}[Krk-cache: a note\n")
    fetch.setStatus("article 2/20")
    fetch.setStatus(nil)
    #expect(terminal.written() == "\r\u{1B}[Krk-fetch: article 2/20\r\u{1B}[K")
    // With nobody drawing, a message does not clear the line: it may hold output still coming.
    store.info("alone")
    #expect(terminal.written() == "rk-cache: alone\n")
    store.setStatus("stored 2")
    #expect(terminal.written() == "", "a refused tool asks again only after a second")
    Thread.sleep(forTimeInterval: 1.1)
    store.setStatus("stored 3")
    #expect(terminal.written() == "\r\u{1B}[Krk-cache: stored 3")
  }

  @Test func statusLinesAreNeverDrawnIntoAPipe() {
    let (diagnostics, stderr) = capturedDiagnostics(interactive: false)
    diagnostics.setStatus("article 1/2")
    #expect(stderr.readToEnd() == "")
  }
}

@Suite struct ProgressTests {
  final class FakeClock: @unchecked Sendable {
    var now = 100.0
  }

  @Test func plainLinesComeAtTheInterval() {
    let (diagnostics, stderr) = capturedDiagnostics(interactive: false)
    let clock = FakeClock()
    let progress = Progress(label: "article", total: 20, diagnostics: diagnostics, plainInterval: 5) { clock.now }
    for _ in 1...4 {
      clock.now += 1
      progress.advance()
    }
    clock.now += 1
    progress.advance()  // 5 done after 5 s: 1.0/s, 15 left
    clock.now += 1
    progress.advance()  // only 1 s after the last line: nothing
    progress.finish()
    #expect(stderr.readToEnd() == "rk-test: article 5/20, 1.0/s, ETA 15s\n")
  }

  @Test func theBarShowsCountRateAndETA() throws {
    let terminal = try TestTerminal()
    let diagnostics = terminal.diagnostics("rk-test")
    let clock = FakeClock()
    let progress = Progress(label: "article", total: 8, diagnostics: diagnostics) { clock.now }
    clock.now += 2
    progress.advance(by: 4)
    #expect(progress.bar(now: clock.now, width: 8) == "article 4/8 [####....] 50% 2.0/s ETA 2s")
    progress.finish()
    #expect(terminal.written() == "\r\u{1B}[Krk-test: " + progress.bar(now: clock.now) + "\r\u{1B}[K")
  }

  @Test func unknownTotalsHaveNoETA() {
    let (diagnostics, _) = capturedDiagnostics()
    let clock = FakeClock()
    let progress = Progress(label: "image", total: nil, diagnostics: diagnostics) { clock.now }
    clock.now += 4
    progress.advance(by: 10)
    #expect(progress.plainLine(now: clock.now) == "image 10, 2.5/s")
  }

  @Test(arguments: [(0.2, "1s"), (42, "42s"), (185, "3m05s"), (3725, "1h02m")])
  func durations(seconds: Double, text: String) {
    #expect(Progress.format(duration: seconds) == text)
  }
}
