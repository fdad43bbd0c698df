import ArgumentParser
import Foundation
import Localization
import TestSupport
import Testing
import ToolKit

@testable import ManPages

struct SampleTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk-sample",
    abstract: "Do sample things with records.",
    discussion: HelpText.discussion(
      """
      Reads records and writes them on.

      Records look like this:
        {"kind":"article","id":"x"}
      """,
      environment: [("READECK_URL", "The server's base URL.")],
      examples: [
        Example("rk-sample --limit 5 < in.ndjson", "Keep the first five records."),
        Example(".hidden | rk-sample", "A command that starts with a dot."),
        Example("rk-sample --title 'Café…'", "Non-ASCII text."),
      ],
      exitStatuses: [(.success, nil), (.tempFailure, "Some records failed.")]),
    version: Toolbox.version,
    subcommands: [Store.self])

  @Option(help: "How many records to keep.") var limit = 20
  @Flag(name: .shortAndLong, help: "Say less.") var quiet = false
  @Argument(help: "Input files.") var files: [String] = []

  struct Store: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Store records.")
    @Option(help: "The database.") var db: String?
  }
}

@Suite struct ManPageTests {
  private func page() throws -> String {
    try ManPage.render(dumpHelp: Data(SampleTool._dumpHelp().utf8), seeAlso: ["rk-cache", "rk-fetch"])
  }

  @Test func theHeaderCarriesTheFixedDateAndVersion() throws {
    let firstLine = try page().split(separator: "\n").first
    #expect(firstLine == #".TH "RK-SAMPLE" 1 "\#(Toolbox.manualDate)" "rk & ail \#(Toolbox.version)" "User Commands""#)
  }

  @Test func aGermanPageHasNoEnglishHeadingOrBuiltInHelpLeft() throws {
    let page = try ManPage.render(dumpHelp: Data(SampleTool._dumpHelp().utf8), language: .german)
    #expect(page.contains("\n.SH BEZEICHNUNG\nrk-sample \\- Do sample things with records.\n"), "\(page)")
    #expect(!page.contains(".SH NAME"))
    #expect(page.contains(".TP\n\\fB\\-\\-version\\fR\nDie Version anzeigen.\n"), "\(page)")
    #expect(page.contains("\nHilfe anzeigen.\n"), "\(page)")
    #expect(!page.contains("Show the version.") && !page.contains("Show help information."))
  }

  @Test func sectionsComeFromTheCommandDefinition() throws {
    let page = try page()
    #expect(page.contains(".SH NAME\nrk-sample \\- Do sample things with records.\n"))
    #expect(page.contains(".TP\n\\fB\\-\\-limit\\fR \\fIlimit\\fR\nHow many records to keep. Default: 20.\n"))
    #expect(page.contains(".TP\n\\fB\\-q\\fR, \\fB\\-\\-quiet\\fR\nSay less.\n"))
    #expect(page.contains(".SH COMMANDS\n.SS \"rk-sample store\"\nStore records.\n"))
    #expect(page.contains(".SH ENVIRONMENT\n.TP\n\\fBREADECK_URL\\fR\nThe server's base URL.\n"))
    #expect(page.contains(".RS 4\n.nf\n{\"kind\":\"article\",\"id\":\"x\"}\n.fi\n.RE\n"))
    #expect(page.contains(".SH \"SEE ALSO\"\n\\fBrk\\-cache\\fR(1),\n\\fBrk\\-fetch\\fR(1)\n"))
  }

  @Test func noBogusHelpSubcommand() throws {
    let page = try page()
    #expect(!page.contains("rk-sample help"))
    #expect(!page.contains("\\fIsubcommand\\fR"))
  }

  @Test func exitStatusIsTheSharedTableWithToolMeanings() throws {
    let page = try page()
    let section = try #require(
      page.components(separatedBy: ".SH \"EXIT STATUS\"\n").last?.components(separatedBy: ".SH").first)
    #expect(
      section
        == """
        .TP
        .B 0
        Success.
        .TP
        .B 64
        \(ExitStatus.usage.meaning)
        .TP
        .B 75
        Some records failed.
        .TP
        .B 141
        \(ExitStatus.brokenPipe.meaning)

        """)
  }

  @Test func examplesAreSectionsNotDescription() throws {
    let page = try page()
    let description = try #require(
      page.components(separatedBy: ".SH DESCRIPTION\n").last?.components(separatedBy: ".SH").first)
    #expect(!description.contains("EXAMPLES"))
    #expect(
      page.contains(
        ".SH EXAMPLES\n.PP\nKeep the first five records.\n.PP\n.RS 4\n.nf\n\\fBrk\\-sample \\-\\-limit 5 < in.ndjson\\fR\n"
      ))
    // A leading dot would be a roff request.
    #expect(page.contains("\\fB\\&.hidden | rk\\-sample\\fR"))
    #expect(page.contains("'Caf\\[u00E9]\\[u2026]'"))
  }

  @Test func helpShowsTheExamplesToo() {
    let help = SampleTool.helpMessage()
    #expect(help.contains("EXAMPLES:\n  rk-sample --limit 5 < in.ndjson\n      Keep the first five records."))
    #expect(help.contains("EXIT STATUS:\n  0\n      Success."))
  }

  @Test func discussionSectionsParseBack() {
    let text = HelpText.discussion(
      "Intro.", files: [("~/.config/readkeep/config", "Settings.")], examples: [Example("a -b", "Does b.")],
      exitStatuses: [(.configError, nil)])
    let parsed = Discussion(text)
    #expect(parsed.intro == "Intro.")
    #expect(parsed.sections["FILES"] == [.init(term: "~/.config/readkeep/config", text: "Settings.")])
    #expect(parsed.sections["EXAMPLES"] == [.init(term: "a -b", text: "Does b.")])
    #expect(parsed.sections["EXIT STATUS"]?.map(\.term) == ["64", "78", "141"])
  }

  /// The page must be valid roff: groff reports no warnings and renders ASCII hyphens in commands.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"),
      "groff is not installed (apt-get install groff-base)"))
  func groffRendersThePageCleanly() throws {
    let directory = TemporaryFolder.path("manpage")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(directory) }
    let path = directory + "/rk-sample.1"
    try page().write(toFile: path, atomically: true, encoding: .utf8)
    let (status, output, errors) = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", path])
    #expect(status == 0)
    #expect(errors == "")
    let plain = output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
    #expect(plain.contains("rk-sample --limit 5 < in.ndjson"))
    #expect(plain.contains("Café…"))
    #expect(plain.contains("EXIT STATUS"))
  }
}

/// Runs a program to its end; returns its status, stdout and stderr.
func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (Int32, String, String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if let environment { process.environment = environment }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // Drain both before waiting, or a full pipe buffer deadlocks the child.
  nonisolated(unsafe) var errData = Data()
  let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
  errReader.start()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  while !errReader.isFinished { usleep(1000) }
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

@Suite struct HelpTextWrapTests {
  @Test func longExplanationsAreWrappedWithTheirIndentAndParseBack() {
    let long = String(repeating: "word ", count: 40).trimmingCharacters(in: .whitespaces)
    let text = HelpText.discussion("Intro.", examples: [Example("cmd", long)], exitStatuses: [])
    let lines = text.split(separator: "\n").drop { $0 != "EXAMPLES:" }.dropFirst(2).prefix { $0.hasPrefix("      ") }
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.count <= 78 })
    #expect(Discussion(text).sections["EXAMPLES"]?.first?.text == long)
  }
}

@Suite struct PasteableExampleTests {
  static let long =
    "ail-mail body message.eml | ail-ai --recipe 'Mail/Reply/Friendly with a long name' | ail-mail reply"
    + " --original message.eml | msmtp -t"

  @Test func aLongCommandIsContinuedWithABackslashBetweenWordsAndParsesBack() {
    let text = HelpText.discussion("Intro.", examples: [Example(Self.long, "Reply.")], exitStatuses: [])
    let lines = text.split(separator: "\n").drop { $0 != "EXAMPLES:" }.dropFirst().prefix { !$0.hasPrefix("      ") }
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= HelpText.exampleWidth })
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" \\") })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
    #expect(lines.contains { $0.contains("'Mail/Reply/Friendly with a long name'") }, "a quoted word stays whole")
    let entry = Discussion(text).sections["EXAMPLES"]
    #expect(entry?.count == 1)
    #expect(entry.map { HelpText.command(fromExample: $0[0].term) } == Self.long)
    #expect(entry?.first?.text == "Reply.")
  }

  @Test func theHelpScreenLeavesTheContinuedLinesAlone() {
    let help = LongExampleTool.helpMessage(columns: 80)
    let shown = help.split(separator: "\n").drop { $0 != "EXAMPLES:" }.dropFirst().prefix { !$0.hasPrefix("      ") }
    #expect(shown.count > 1)
    #expect(
      HelpText.command(fromExample: shown.joined(separator: "\n").trimmingCharacters(in: .whitespaces)) == Self.long)
  }

  @Test func aShortCommandStaysOnOneLine() {
    #expect(HelpText.discussion("I.", examples: [Example("a | b", "c")], exitStatuses: []).contains("\n  a | b\n"))
  }
}

private struct LongExampleTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk-long",
    discussion: HelpText.discussion(
      "Intro.", examples: [Example(PasteableExampleTests.long, "Reply.")], exitStatuses: []))
}
