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
    help: RewriteCommand.concurrencyRange.help(tr("Records: rewrites in flight at once."), valueName: "n", default: 4),
    transform: RewriteCommand.concurrencyRange.parse)
  var concurrency: Int?
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
  static let maxTokensRange = NumberRange(1...10_000_000)

  func validate() throws {
    if let temperature { _ = try Temperature(parsing: temperature) }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try await runTool(diagnostics) {
      let settings = Configuration(tool: "ail-ai", file: try ConfigFile.load(app: "ailo"))
      let systemPrompt = try prompt.resolve()
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
      let template = ChatRequest(
        system: systemPrompt.text, input: "", model: chain[0].model,
        temperature: try temperature.map(Temperature.init(parsing:)) ?? chain[0].provider.provider.temperature,
        maxTokens: maxTokens, stream: !noStream && !diff)
      try await rewriter.closing {
        if isRecordStream {
          try await RecordRewriting(
            rewriter: RecordRewriter(
              rewriter: rewriter, template: template,
              field: field ?? settings.resolve(variable: nil, key: "field")?.value ?? "text",
              keepThink: keepThink, dryRun: dryRun),
            concurrency: try concurrency
              ?? settings.resolve(variable: nil, key: "concurrency").map {
                try $0.number("concurrency", in: Self.concurrencyRange)
              } ?? 4,
            reportUsage: usage, strict: strict, diagnostics: diagnostics
          ).run(readers: readers)
        } else {
          try await rewriteText(readers: readers, rewriter: rewriter, template: template, diagnostics: diagnostics)
        }
      }
    }
  }

  /// "standard input", or the files' names, for messages.
  private func inputName(_ readers: [LineReader]) -> String {
    files.isEmpty ? tr("standard input") : readers.map(\.name).joined(separator: ", ")
  }

  private func rewriteText(
    readers: [LineReader], rewriter: Rewriter, template: ChatRequest, diagnostics: Diagnostics
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
    if dryRun {
      try sink.write(DryRun.describe(request, chain: rewriter.chain))
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
      throw ToolError(error.exitStatus, error.description)
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
