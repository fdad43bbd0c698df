import AilAICommand
import AilLogCommand
import AilMailCommand
import AilTranscribeCommand
import ArgumentParser
import LLMFake
import Localization
import RKCacheCommand
import RKExtractImagesCommand
import RKFetchCommand
import RKPruneCommand
import RKPushCommand
import ReadeckFake
import ToolKit

/// What `rk-ail` says when it is started under its own name without a tool: its help, its
/// version, the list of tools, or a usage error naming them.
struct RKAil: ParsableCommand, ToolCommand {
  /// Every tool the binary holds, in the order the help lists them.
  static let tools: [ToolEntry] = [
    .rkFetch, .rkExtractImages, .rkCache, .rkPush, .rkPrune, .ailMail, .ailTranscribe, .ailLog, .ailAI,
    .readeckFake, .llmFake,
  ]

  static let configuration = CommandConfiguration(
    commandName: "rk-ail",
    abstract: tr("Every rk and ail tool in one program: started through a link named after a tool, it is that tool."),
    discussion: HelpText.discussion(
      tr(
        """
        The installed tools (rk-fetch, rk-cache, ail-ai …) are links to this one program, which \
        runs the tool it was started as, as BusyBox does; "rk-ail TOOL ARGUMENTS" runs a tool \
        without a link. The tools share one copy of the Swift runtime, Foundation, the HTTP client \
        and the SQLite code, so the whole toolbox takes less room than two tools built apart. Each \
        tool's options, help, man page and exit statuses are its own.
        """)
        + "\n\n" + tools.map { "\($0.name): \($0.abstract)" }.joined(separator: "\n\n"),
      examples: [
        Example("rk-ail rk-cache list --limit 5", tr("A tool by its name, without a link.")),
        Example("rk-ail --list", tr("The tools, one name a line.")),
        Example(
          "ln -s rk-ail ~/.local/bin/rk-cache", tr("A link of its own for a tool (scripts/install makes them all).")),
      ],
      exitStatuses: [
        (.success, tr("--help, --version or --list; with a tool, the tool's own status (see its page).")),
        (.usage, tr("No tool named, or a name that is not one of the tools.")),
      ]),
    version: Toolbox.version)

  @Flag(help: ArgumentHelp(tr("Write the tools' names, one a line.")))
  var list = false

  @Argument(help: ArgumentHelp(tr("The tool to run, followed by its arguments."), valueName: "tool"))
  var tool: String?

  @Argument(parsing: .captureForPassthrough, help: .hidden)
  var arguments: [String] = []

  func run() throws {
    if list {
      print(Self.tools.map(\.name).joined(separator: "\n"))
      return
    }
    let names = Self.tools.map(\.name).joined(separator: ", ")
    guard let tool else { throw ValidationError(tr("name a tool: \(names)")) }
    throw ValidationError(tr("\(tool) is not one of the tools: \(names)"))
  }
}
