import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

/// Where the system prompt comes from: `--preset`, `--recipe`, `--system`, `--system-file`, with
/// `--var` overrides; shared by `ail-ai prompt` and the rewrite command.
struct PromptOptions: ParsableArguments {
  @Option(help: ArgumentHelp(tr("Use this preset of the catalog (a name, or a menu path)."), valueName: "name"))
  var preset: String?

  @Option(
    help: ArgumentHelp(tr("Use this recipe, or the menu path (such as Mail/Reply/Friendly) as one."), valueName: "name")
  )
  var recipe: String?

  @Option(help: ArgumentHelp(tr("Use this text as the system prompt."), valueName: "text"))
  var system: String?

  @Option(
    help: ArgumentHelp(tr("Use the text of this file as the system prompt."), valueName: "file"), completion: .file())
  var systemFile: String?

  @Option(
    name: .customLong("var"),
    help: ArgumentHelp(tr("Set a keyword, over the catalog's (repeatable)."), valueName: "key=value"))
  var variableAssignments: [String] = []

  @OptionGroup var catalogOptions: CatalogOptions

  init() {}

  func validate() throws {
    let sources = [("--preset", preset), ("--recipe", recipe), ("--system", system), ("--system-file", systemFile)]
    let given = sources.filter { $0.1 != nil }.map(\.0)
    if given.count == 2 { throw ValidationError(tr("\(given[0]) and \(given[1]) exclude each other; give one.")) }
    if given.count > 2 {
      let list = given.joined(separator: ", ")
      throw ValidationError(tr("\(list) exclude each other; give one."))
    }
    _ = try variables
  }

  /// Whether a prompt is named (rather than the default preset taken).
  var namesOne: Bool { preset != nil || recipe != nil || system != nil || systemFile != nil }

  /// The `--var` values; a later one for the same key wins.
  var variables: [String: String] {
    get throws {
      var values: [String: String] = [:]
      for assignment in variableAssignments {
        guard let equals = assignment.firstIndex(of: "=") else {
          throw ValidationError(tr("--var takes KEY=VALUE, not \"\(assignment)\"."))
        }
        let key = String(
          assignment[..<equals].drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !key.isEmpty else { throw ValidationError(tr("--var \"\(assignment)\" has no key.")) }
        values[key] = String(assignment[assignment.index(after: equals)...])
      }
      return values
    }
  }

  /// The system prompt asked for, placeholders filled; without any of the options, the preset
  /// marked as the default. `--system` and `--system-file` texts are filled from `--var` alone and
  /// need no catalog.
  func resolve() throws -> SystemPrompt {
    let variables = try variables
    if let system { return try SystemPrompt.literal(system, source: "--system", variables: variables) }
    if let systemFile {
      return try SystemPrompt.literal(
        CatalogInput.text(of: systemFile), source: tr("file \(InputFile.displayName(systemFile))"), variables: variables
      )
    }
    return try catalogOptions.load().systemPrompt(preset: preset, recipe: recipe, variables: variables)
  }

  /// What the help of a command using these options says about them.
  static let discussion = tr(
    """
    The system prompt is a preset (--preset), a recipe or a menu path standing for one \
    (--recipe), a text (--system) or a file (--system-file); without any of them, the preset \
    marked as the default. {{key}} placeholders in it are filled from the keywords of the \
    cookbook, the recipe, the folders and the presets (later ones override earlier ones) and \
    then --var; {{key|text}} gives a default, \\{{ is a literal {{. Values are inserted as they \
    are, never expanded again.
    """)
}

/// `ail-ai prompt`: the system prompt a rewrite would send, as the app's live preview shows it.
struct PromptCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prompt",
    abstract: tr("Print the system prompt made from the catalog, placeholders filled."),
    discussion: HelpText.discussion(
      PromptOptions.discussion + "\n\n"
        + tr(
          """
          Writes the prompt on standard output; with --verbose, where it came from and the merged \
          keywords on standard error. Nothing is sent anywhere.
          """),
      environment: CatalogOptions.environment,
      files: CatalogOptions.files,
      examples: [
        Example("ail-ai prompt --recipe Mail/Reply/Friendly --var Tone=formal", tr("The prompt for a friendly reply.")),
        Example(
          "ail-ai prompt --recipe Reply/Friendly --verbose", tr("A recipe's prompt and the keywords it used.")),
        Example("ail-ai prompt", tr("The default preset.")),
      ],
      exitStatuses: [
        (.success, nil),
        (.failure, tr("No preset, recipe or menu item of that name (close names are suggested).")),
        (.usage, tr("Several prompt sources, a --var without =, or no prompt named and no default preset.")),
        (.noInput, tr("The --system-file cannot be opened.")),
        (.dataError, tr("A placeholder without a value (every missing key is named), or a broken catalog file.")),
        (.ioError, tr("The catalog cannot be read.")),
      ]))

  @OptionGroup var prompt: PromptOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try runTool(diagnostics) {
      let systemPrompt = try prompt.resolve()
      diagnostics.debug(tr("from \(systemPrompt.source)"))
      for (key, value) in systemPrompt.keywords.sorted(by: { $0.key < $1.key }) {
        diagnostics.debug("  \(key): \(value)")
      }
      let sink = OutputSink.standardOutput
      try sink.write(systemPrompt.text.hasSuffix("\n") ? systemPrompt.text : systemPrompt.text + "\n")
      try sink.flush()
    }
  }
}
