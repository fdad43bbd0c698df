import ArgumentParser
import ChatHistory
import Localization
import PromptCatalog
import Rewrite
import ToolKit
import Wire

/// `ail-ai [rewrite]`: text or records in, rewritten text out.
struct RewriteCommand: AsyncParsableCommand, RetriesDefault, RetryDelayDefault {
  static let configuration = CommandConfiguration(
    commandName: "rewrite",
    abstract: tr("Rewrite standard input with a language model (the default command)."),
    discussion: HelpText.discussion(
      tr(
        """
        The input is the named files, one after the other as cat would join them, or standard \
        input when none is named or the name is -. Plain text is rewritten as a whole and the \
        answer streamed to standard output as it arrives. Input whose first non-blank character \
        is "{" is read as records, one \
        JSON object per line: each record's --field is rewritten and the record written on with \
        "ai_text" and "ai" (provider, model, usage) added and every other field as it was; a \
        record that fails gets "ai_error" instead, and the run exits 75 at the end.

        The system prompt is the pre-prompt: --preset, --recipe (a recipe, or a path of the \
        catalog's menu such as Mail/Reply/Friendly), --system or --system-file, with {{key}} \
        placeholders filled from the catalog's keywords and --var. The input text itself is never \
        treated as a template.

        Failures are retried (connection errors, 408, 409, 429 unless the quota is exhausted, \
        5xx; Retry-After honoured), then the provider's fallback chain is tried, each with its own \
        model. Reasoning blocks (<think>…</think>) are dropped unless --keep-think. With --cache, \
        an identical request is answered from $XDG_CACHE_HOME/ailo/responses without asking.

        Input longer than the model's window (what the provider reports, else the provider's \
        context_length, else 8192 tokens) is cut into pieces at paragraph breaks, else sentence \
        ends, else between words, and the pieces are sent a few at a time (--concurrency). A \
        piece the server refuses as too long is halved and asked again. The answers of a \
        rewriting prompt are joined in order; those of a condensing one (a preset marked so, or \
        --condense) go through the prompt again until one answer remains. --chunk off refuses \
        such input instead (65); --dry-run shows the pieces.
        """),
      environment: ProviderOptions.environment + [
        ("XDG_CACHE_HOME", tr("Holds ailo/responses, the response cache (default ~/.cache)."))
      ],
      files: [
        ("$XDG_CONFIG_HOME/ailo/providers.json", tr("The providers (ail-ai providers).")),
        ("$XDG_CONFIG_HOME/ailo/config", tr("Defaults in the [ail-ai] section: cache = true, concurrency, field.")),
      ],
      examples: [
        Example(
          "ail-mail body < m.eml | ail-ai --recipe Mail/Reply/Friendly --var Tone=formal", tr("Draft a friendly reply.")
        ),
        Example("ail-ai --preset Proofread --diff note.txt", tr("What the model would change, as a unified diff.")),
        Example(
          "ail-mail parse --maildir ~/Mail/INBOX | ail-ai --field text --preset Summarize --concurrency 4",
          tr("Summarise every mail.")),
        Example(
          "ail-ai --system 'Translate to English.' --dry-run < text.txt", tr("Show the request without sending it.")),
        Example(
          "rk-cache text WNBGvKQgFsLwHwy4i89q53 | ail-ai --recipe Articles/Summary --chunk 100 --dry-run",
          tr("How a long article would be cut into pieces.")),
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, tr("Empty input, a placeholder without a value, or records without the field.")),
        (.unavailable, tr("No provider could be reached.")),
        (.tempFailure, tr("Some records failed (they carry ai_error), or the provider refused or failed the request.")),
        (.configError, tr("No provider or model configured, or an API key that cannot be read.")),
      ]))

  @OptionGroup var providerOptions: ProviderOptions
  @OptionGroup var prompt: PromptOptions

  @Option(help: ArgumentHelp(tr("Sampling temperature (0–2), or omit to send none."), valueName: "t")) var temperature:
    String?
  @Option(
    help: RewriteCommand.maxTokensRange.help(tr("The longest answer, in tokens."), valueName: "n"),
    transform: RewriteCommand.maxTokensRange.parse)
  var maxTokens: Int?
  @Option(help: ArgumentHelp(tr("Records: the field to rewrite (default: text)."), valueName: "name")) var field:
    String?
  @Option(
    help: RewriteCommand.concurrencyRange.help(
      tr("Requests in flight at once: records, or the pieces of a long text."), valueName: "n", default: 4),
    transform: RewriteCommand.concurrencyRange.parse)
  var concurrency: Int?
  @Option(
    help: ArgumentHelp(
      tr(
        "Input longer than the model's window: auto cuts it into pieces, off refuses it, a number cuts it into pieces of that many tokens."
      ), valueName: "auto|off|n"),
    transform: RewriteCommand.chunkMode)
  var chunk: ChunkMode = .auto
  @Flag(
    help: ArgumentHelp(
      tr("The prompt condenses (a summary): a long input's partial answers are combined by it again (presets say so).")
    ))
  var condense = false
  @Option(
    help: ArgumentHelp(
      tr("The answer must be JSON matching this JSON Schema (default: the preset's schema, if it has one)."),
      valueName: "file"), completion: .file())
  var schema: String?
  @Flag(help: ArgumentHelp(tr("Wait for the whole answer instead of streaming it."))) var noStream = false
  @Flag(help: ArgumentHelp(tr("Print the requests that would be sent, and send nothing."))) var dryRun = false
  @Flag(help: ArgumentHelp(tr("Print a unified diff of the input and the rewritten text instead of the text.")))
  var diff = false
  @Flag(help: ArgumentHelp(tr("Print token usage on standard error."))) var usage = false
  @Flag(help: ArgumentHelp(tr("Keep <think>…</think> reasoning blocks in the answer."))) var keepThink = false
  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      tr("Answer identical requests from the local response cache (default: off, or the config's cache setting).")))
  var cache: Bool?
  @OptionGroup var retries: RetriesOption<RewriteCommand>
  @OptionGroup var retryDelay: RetryDelayOption<RewriteCommand>
  static var retriesDefault: (count: Int, help: String) { (2, tr("Retries of a failed request.")) }
  static var retryDelayDefault: (seconds: Double, help: String) {
    (1, tr("Seconds before the first retry; each further one waits twice as long."))
  }
  @Flag(help: ArgumentHelp(tr("Stop at the first bad input line (status 65) instead of reporting and skipping it.")))
  var strict = false

  @Flag(help: ArgumentHelp(tr("Keep this exchange out of the history."))) var noHistory = false
  @Option(
    name: .customLong("continue"),
    help: ArgumentHelp(
      tr("Continue the last conversation (or --cid's) with this instruction: its exchanges are sent along."),
      valueName: "text"))
  var continuation: String?
  @Option(
    help: ArgumentHelp(
      tr("With --continue: the conversation to continue (ail-ai history lists them)."), valueName: "id"))
  var cid: Int64?

  @OptionGroup var common: CommonOptions

  @Argument(help: ArgumentHelp(tr("Files to read (default: standard input; - is standard input)."), valueName: "file"))
  var files: [String] = []

  static let concurrencyRange = NumberRange(1...64)

  static func chunkMode(_ argument: String) throws -> ChunkMode {
    guard let mode = ChunkMode(argument: argument) else {
      throw ValidationError(
        tr("--chunk takes auto, off or a number of tokens from \(ChunkPlan.smallestPiece), not \"\(argument)\"."))
    }
    return mode
  }
  static let maxTokensRange = NumberRange(1...10_000_000)

  func validate() throws {
    if let temperature { _ = try Temperature(parsing: temperature) }
    if continuation != nil && !files.isEmpty {
      throw ValidationError(tr("--continue takes the new instruction as its value; name no files."))
    }
    if cid != nil && continuation == nil { throw ValidationError(tr("--cid goes with --continue.")) }
    if schema != nil && diff { throw ValidationError(tr("--schema and --diff exclude each other; give one.")) }
  }

  /// The schema of `--schema`, else of the prompt's preset.
  private func answerSchema(_ prompt: SystemPrompt) throws -> JSONSchema? {
    guard let path = schema else { return try prompt.schema.map { try JSONSchema($0) } }
    let name = InputFile.displayName(path)
    let bytes = try InputFile.contents(of: path)
    guard let value = try? bytes.withUnsafeBytes({ try WireCoding.parse($0) }) else {
      throw ToolError(.dataError, tr("\(name) is not JSON"))
    }
    do {
      return try JSONSchema(value)
    } catch {
      throw ToolError(.dataError, tr("\(name) is not a JSON Schema: \(error.description)"))
    }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try await runTool(diagnostics) {
      let settings = Configuration(tool: "ail-ai", file: try ConfigFile.load(app: "ailo"))
      let history = try HistoryOptions(
        disabled: noHistory || dryRun
          || !(try settings.resolve(variable: nil, key: "history").map { try Self.flag($0) } ?? true))
      // A conversation continued keeps its system prompt unless another is named.
      let earlier = try continuation.map { _ in try history.conversation(cid) }
      let systemPrompt =
        try earlier.flatMap { prompt.namesOne ? nil : $0.last.map(HistoryOptions.prompt) }
        ?? prompt.resolve()
      let answerSchema = try answerSchema(systemPrompt)
      let input = try continuation.map { Input.text($0) } ?? readInput()
      let chain = try await providerOptions.chain(diagnostics: diagnostics)
      let useCache = try cache ?? settings.resolve(variable: nil, key: "cache").map { try Self.flag($0) } ?? false
      let rewriter = Rewriter(
        chain: chain,
        options: .init(
          policy: Rewriter.policy(retries: retries.count, baseDelay: retryDelay.seconds),
          cache: useCache
            ? ResponseCache(directory: ResponseCache.defaultDirectory(environment: Environment.current)) : nil),
        onWarning: { diagnostics.warning($0) })
      let chunking = Chunking(
        mode: chunk, condenses: condense || systemPrompt.condenses, rewriter: rewriter, asksProvider: !dryRun)
      let inFlight =
        try concurrency
        ?? settings.resolve(variable: nil, key: "concurrency").map {
          try $0.number("concurrency", in: Self.concurrencyRange)
        } ?? 4
      let template = ChatRequest(
        system: systemPrompt.text, input: "", model: chain[0].model,
        temperature: try temperature.map(Temperature.init(parsing:)) ?? chain[0].provider.provider.temperature,
        maxTokens: maxTokens, stream: !noStream && !diff && answerSchema == nil,
        turns: earlier.map(HistoryOptions.turns) ?? [], schema: answerSchema?.value)
      let structured = answerSchema.map { StructuredRewrite(rewriter: rewriter, schema: $0) }
      try await rewriter.closing {
        switch input {
        case .records(let readers):
          try await RecordRewriting(
            rewriter: RecordRewriter(
              rewriter: rewriter, template: template,
              field: field ?? settings.resolve(variable: nil, key: "field")?.value ?? "text",
              keepThink: keepThink, dryRun: dryRun, chunking: chunking, structured: structured),
            concurrency: inFlight,
            reportUsage: usage, strict: strict, diagnostics: diagnostics
          ).run(readers: readers)
        case .text(let text):
          let sink = OutputSink.standardOutput.flushing(eachRecord: true)
          let rewrite = TextRewrite(
            rewriter: rewriter, template: template, chunking: chunking, concurrency: inFlight,
            structured: structured, keepThink: keepThink, diff: diff, dryRun: dryRun, usage: usage,
            write: { try sink.write($0) }, tell: { diagnostics.info($0) })
          let answer = try await withToolErrors { try await rewrite.run(input: text) }
          try sink.flush()
          if let answer {
            history.keep(
              answer, system: systemPrompt, input: text, conversation: earlier?.last?.conversation,
              diagnostics: diagnostics)
          }
        }
      }
    }
  }

  /// What came in: records, or one text.
  private enum Input {
    case records([LineReader])
    case text(String)
  }

  /// The named files (or standard input) as records or as one text, by their first non-blank
  /// character: records start with "{".
  private func readInput() throws -> Input {
    // Every file opened first: a wrong name stops the run before anything is sent.
    let readers = try (files.isEmpty ? ["-"] : files).map { try LineReader(path: $0) }
    var first: UInt8?
    for reader in readers where first == nil { first = try reader.peekFirstNonBlank() }
    guard let first else { throw ToolError(.dataError, tr("no input text in \(inputName(readers))")) }
    if first == UInt8(ascii: "{") { return .records(readers) }
    var text = ""
    for reader in readers {
      try reader.forEachLine { line, _ in text += String(decoding: line, as: UTF8.self) + "\n" }
    }
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw ToolError(.dataError, tr("no input text in \(inputName(readers))"))
    }
    return .text(text)
  }

  /// "standard input", or the files' names, for messages.
  private func inputName(_ readers: [LineReader]) -> String {
    files.isEmpty ? tr("standard input") : readers.map(\.name).joined(separator: ", ")
  }

  static func flag(_ setting: Setting) throws -> Bool {
    switch setting.value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default: throw ToolError(.configError, tr("\(setting.source): expected true or false, found \(setting.value)"))
    }
  }
}
