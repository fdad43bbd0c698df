import Foundation
import TestSupport
import Testing
import Wire

/// A task list filed with `ail-log add --records` whose due date is no date, as a model writes one:
/// the entry is filed with the date in its text, and a warning names the task and its line.
@Suite struct AilLogTaskDateTests {
  static let tasks =
    [
      #"{"tasks":[{"title":"Pay rent","due":"2026-12-01 09:00"}]}"#,
      #"{"tasks":[{"title":"Call Bob","due":"next Friday-ish","note":"About the boiler."}]}"#,
    ].joined(separator: "\n") + "\n"

  func file(_ arguments: [String], environment: [String: String] = [:]) throws -> (ToolRun, [JSONValue]) {
    let folder = TemporaryFolder.path("ail-log-tasks")
    defer { TemporaryFolder.remove(folder) }
    let db = ["--db", folder + "/log.sqlite"]
    let clock = ["AIL_LOG_NOW": "2026-11-24T09:30:00Z", "TZ": "Europe/Berlin"].merging(environment) { $1 }
    let filed = try run("ail-log", ["add", "--records"] + arguments + db, environment: clock, stdin: Self.tasks)
    let listed = try run("ail-log", ["list", "--sort", "title"] + db, environment: clock)
    return (filed, listed.records)
  }

  @Test func aDueDateThatIsNoDateIsKeptInTheTextAndNamedInAWarning() throws {
    let (filed, entries) = try file([])
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(
      filed.stderr.contains(
        #"ail-log: warning: <stdin>:2: task "Call Bob": due "next Friday-ish" is not a date; kept in its text, no reminder"#
      ),
      "\(filed.stderr)")
    #expect(!filed.stderr.contains("Pay rent"), "a readable date needs no word")
    #expect(entries.map { $0["title"]?.stringValue } == ["Call Bob", "Pay rent"])
    let call = try #require(entries.first)
    #expect(call["content"]?.stringValue == "About the boiler.\n\nDue: next Friday-ish")
    #expect(call["reminder"] == nil || call["reminder"] == .null)
    #expect(entries.last?["reminder"]?.stringValue == "2026-12-01T08:00:00Z")
  }

  @Test func theWarningIsGermanUnderAGermanLocale() throws {
    let (filed, _) = try file([], environment: ["LANG": "de_DE.UTF-8"])
    #expect(filed.status == 0, "\(filed.stderr)")
    #expect(filed.stderr.contains(#"ail-log: Warnung: <stdin>:2: Aufgabe "Call Bob""#), "\(filed.stderr)")
  }

  @Test func quietLeavesTheWarningOut() throws {
    let (filed, entries) = try file(["--quiet"])
    #expect(filed.status == 0)
    #expect(filed.stderr.isEmpty, "\(filed.stderr)")
    #expect(entries.count == 2)
  }
}
