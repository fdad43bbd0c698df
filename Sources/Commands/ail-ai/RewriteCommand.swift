import ArgumentParser
import Localization
import PromptCatalog
import Rewrite
import Synchronization
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
      let systemPrompt = try prompt.resolve()
      let answerSchema = try answerSchema(systemPrompt)
      // Every file opened first: a wrong name stops the run before anything is sent.
      let readers = try (files.isEmpty ? ["-"] : files).map { try LineReader(path: $0) }
      // The first non-blank byte decides: records start with "{".
      var first: UInt8?
      for reader in readers where first == nil { first = try reader.peekFirstNonBlank() }
      guard let first else { throw ToolError(.dataError, tr("no input text in \(inputName(readers))")) }
      let isRecordStream = first == UInt8(ascii: "{")
      let chain = try await providerOptions.chain(diagnostics: diagnostics)
      let useCache = try cache ?? settings.resolve(variable: nil, key: "cache").map { try Self.flag($0) } ?? false
      let rewriter = Rewriter(
        chain: chain,
        options: .init(
          policy: Rewriter.policy(retries: retries.count, baseDelay: retryDelay.seconds),
          cache: useCache
            ? ResponseCache(directory: ResponseCache.defaultDirectory(environment: Environment.current)) : nil),
        onWarning: { diagnostics.warning($0) })
      let chunking = Chunking(mode: chunk, condenses: condense || systemPrompt.condenses, rewriter: rewriter)
      let inFlight =
        try concurrency
        ?? settings.resolve(variable: nil, key: "concurrency").map {
          try $0.number("concurrency", in: Self.concurrencyRange)
        } ?? 4
      let template = ChatRequest(
        system: systemPrompt.text, input: "", model: chain[0].model,
        temperature: try temperature.map(Temperature.init(parsing:)) ?? chain[0].provider.provider.temperature,
        maxTokens: maxTokens, stream: !noStream && !diff && answerSchema == nil, schema: answerSchema?.value)
      let structured = answerSchema.map { StructuredRewrite(rewriter: rewriter, schema: $0) }
      try await rewriter.closing {
        if isRecordStream {
          try await RecordRewriting(
            rewriter: RecordRewriter(
              rewriter: rewriter, template: template,
              field: field ?? settings.resolve(variable: nil, key: "field")?.value ?? "text",
              keepThink: keepThink, dryRun: dryRun, chunking: chunking, structured: structured),
            concurrency: inFlight,
            reportUsage: usage, strict: strict, diagnostics: diagnostics
          ).run(readers: readers)
        } else {
          try await rewriteText(
            readers: readers, rewriter: rewriter, template: template, chunking: chunking, concurrency: inFlight,
            structured: structured, diagnostics: diagnostics)
        }
      }
    }
  }

  /// "standard input", or the files' names, for messages.
  private func inputName(_ readers: [LineReader]) -> String {
    files.isEmpty ? tr("standard input") : readers.map(\.name).joined(separator: ", ")
  }

  private func rewriteText(
    readers: [LineReader], rewriter: Rewriter, template: ChatRequest, chunking: Chunking, concurrency: Int,
    structured: StructuredRewrite?, diagnostics: Diagnostics
  ) async throws {
    var input = ""
    for reader in readers {
      try reader.forEachLine { line, _ in input += String(decoding: line, as: UTF8.self) + "\n" }
    }
    guard input.contains(where: { !$0.isWhitespace }) else {
      throw ToolError(.dataError, tr("no input text in \(inputName(readers))"))
    }
    var request = template
    request.input = input
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    let plan: ChunkPlan
    let window: ContextWindow?
    do {
      (plan, window) = try await chunking.plan(request)
    } catch {
      throw ToolError(.dataError, error.description)
    }
    if dryRun {
      if plan.isChunked {
        try sink.write(DryRun.describe(plan, window: window, condenses: chunking.condenses))
        request.input = plan.pieces[0].text
      }
      try sink.write(DryRun.describe(request, chain: rewriter.chain))
      return
    }
    if let structured {
      try await answerStructured(
        request, plan: plan, structured: structured, chunking: chunking, concurrency: concurrency, sink: sink,
        diagnostics: diagnostics)
      return
    }
    if plan.isChunked {
      let engine = ChunkedRewrite(
        rewriter: rewriter, template: request, condenses: chunking.condenses, concurrency: concurrency,
        keepThink: keepThink)
      try await rewriteInPieces(plan, engine: engine, input: input, sink: sink, diagnostics: diagnostics)
      return
    }
    let filter = Mutex(ThinkFilter())
    let streamed = request.stream && !diff
    let completion: Completion
    do {
      completion = try await rewriter.rewrite(
        request,
        onText: streamed
          ? { piece in
            let visible = keepThink ? piece : filter.withLock { $0.feed(piece) }
            if !visible.isEmpty { try sink.write(visible) }
          } : nil)
    } catch let error as ChatError {
      // The window was smaller than thought: the input in halves, as a piece would be.
      guard error.isTooLong, let halves = plan.halved(input), chunking.mode != .off else {
        throw ToolError(error.exitStatus, error.description)
      }
      let engine = ChunkedRewrite(
        rewriter: rewriter, template: request, condenses: chunking.condenses, concurrency: concurrency,
        keepThink: keepThink)
      try await rewriteInPieces(halves, engine: engine, input: input, sink: sink, diagnostics: diagnostics)
      return
    }
    let answer = keepThink ? completion.text : ThinkFilter.strip(completion.text)
    if streamed {
      if !keepThink { try sink.write(filter.withLock { $0.finish() }) }
      if !answer.hasSuffix("\n") { try sink.write("\n") }
    } else if diff {
      try sink.write(UnifiedDiff.diff(input, answer.hasSuffix("\n") ? answer : answer + "\n"))
    } else {
      try sink.write(answer.hasSuffix("\n") ? answer : answer + "\n")
    }
    try sink.flush()
    if usage { diagnostics.info(UsageReport.line(completion)) }
  }

  /// The answer as one line of JSON matching the schema, asked again once when it does not.
  private func answerStructured(
    _ request: ChatRequest, plan: ChunkPlan, structured: StructuredRewrite, chunking: Chunking, concurrency: Int,
    sink: OutputSink, diagnostics: Diagnostics
  ) async throws {
    let outcome: StructuredRewrite.Outcome
    do {
      let answer: Completion
      if plan.isChunked {
        let pieces = try await ChunkedRewrite(
          rewriter: structured.rewriter, template: request, condenses: chunking.condenses, concurrency: concurrency,
          keepThink: false
        ).run(plan)
        diagnostics.info(PiecesReport.line(pieces))
        answer = pieces.completion
      } else {
        answer = try await structured.rewriter.rewrite(request)
      }
      outcome = try await structured.check(answer, of: request)
    } catch let error as ChatError {
      throw ToolError(error.exitStatus, error.description)
    } catch let error as ChunkedRewrite.Failure {
      throw ToolError(.tempFailure, error.description)
    } catch let error as StructuredRewrite.Mismatch {
      throw ToolError(.dataError, error.description)
    }
    if outcome.repaired { diagnostics.info(tr("the first answer did not match the schema; the second did")) }
    try sink.emit(outcome.value)
    try sink.flush()
    if usage { diagnostics.info(UsageReport.line(outcome.completion)) }
  }

  /// A long input's pieces through `engine`: the answer streamed or whole as for one request,
  /// then a line saying how many pieces and requests it took.
  private func rewriteInPieces(
    _ plan: ChunkPlan, engine: ChunkedRewrite, input: String, sink: OutputSink, diagnostics: Diagnostics
  ) async throws {
    let streamed = engine.template.stream && !diff
    var onText: (@Sendable (String) throws -> Void)?
    if streamed { onText = { text in try sink.write(text) } }
    let outcome: ChunkedRewrite.Outcome
    do {
      outcome = try await engine.run(plan, onText: onText)
    } catch let error as ChatError {
      throw ToolError(error.exitStatus, error.description)
    } catch let error as ChunkedRewrite.Failure {
      throw ToolError(.tempFailure, error.description)
    }
    let answer = outcome.text.hasSuffix("\n") ? outcome.text : outcome.text + "\n"
    if streamed {
      if !outcome.text.hasSuffix("\n") { try sink.write("\n") }
    } else if diff {
      try sink.write(UnifiedDiff.diff(input, answer))
    } else {
      try sink.write(answer)
    }
    try sink.flush()
    diagnostics.info(PiecesReport.line(outcome))
    if usage { diagnostics.info(UsageReport.line(outcome.completion)) }
  }

  static func flag(_ setting: Setting) throws -> Bool {
    switch setting.value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default: throw ToolError(.configError, tr("\(setting.source): expected true or false, found \(setting.value)"))
    }
  }
}

extension ChatError {
  /// Unreachable providers are 69; refusals and failures of the request 75.
  var exitStatus: ExitStatus {
    switch self {
    case .unreachable: .unavailable
    case .configuration: .configError
    case .modelNotFound: .configError
    case .allFailed: isNoAnswer ? .unavailable : .tempFailure
    default: .tempFailure
    }
  }
}

/// "the input went in 7 pieces, 9 requests, combined in 1 round".
enum PiecesReport {
  static func line(_ outcome: ChunkedRewrite.Outcome) -> String {
    let (pieces, requests, rounds) = (outcome.pieces, outcome.requests, outcome.rounds)
    var parts = [
      tr(one: "the input went in \(pieces) piece", other: "the input went in \(pieces) pieces", count: pieces),
      tr(one: "\(requests) request", other: "\(requests) requests", count: requests),
    ]
    if rounds > 0 {
      parts.append(tr(one: "combined in \(rounds) round", other: "combined in \(rounds) rounds", count: rounds))
    }
    return parts.joined(separator: ", ")
  }
}

enum UsageReport {
  static func line(_ completion: Completion) -> String {
    let (provider, model) = (completion.provider, completion.model)
    let source = completion.cached ? tr("\(provider)/\(model), from the cache") : "\(provider)/\(model)"
    guard let usage = completion.usage else { return tr("usage: not reported (\(source))") }
    let prompt = usage.promptTokens.map(String.init) ?? "?"
    let answer = usage.completionTokens.map(String.init) ?? "?"
    guard let total = usage.totalTokens else { return tr("usage: \(prompt) prompt + \(answer) completion (\(source))") }
    return tr("usage: \(prompt) prompt + \(answer) completion = \(total) tokens (\(source))")
  }
}
