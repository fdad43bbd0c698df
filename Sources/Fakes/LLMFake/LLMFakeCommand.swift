public import ArgumentParser
public import ToolKit

struct LLMFakeCommand: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "llm-fake",
    abstract: "Serve canned chat completions over the OpenAI and Ollama protocols on 127.0.0.1, for demos and "
      + "benchmarks.",
    discussion: HelpText.discussion(
      """
      Starts a fake language-model server that writes its answers byte for byte as the chosen \
      server does: POST /v1/chat/completions (also without /v1) and GET /v1/models for every \
      flavor, whole or streamed as server-sent events with that server's usage chunk and error \
      shapes (mistral also rejects unknown request members with 422 extra_forbidden); with \
      --flavor ollama also the native API: POST /api/chat and /api/generate (NDJSON streams), \
      GET /api/tags, /api/version and /. Answers are the --answer text, or with --echo the \
      request's system prompt and last user message, streamed in pieces of --chunk-chars \
      characters. Token counts are characters divided by four. It binds 127.0.0.1 only, prints \
      its base URL as the first line of standard output, and serves until it is interrupted or \
      terminated. With --verbose, each request is described on standard error when answered.
      """,
      examples: [
        Example(
          "llm-fake --flavor ollama --model llama3.2 --echo > url.txt &",
          "An Ollama server whose model answers with what it was sent; the base URL lands in url.txt."),
        Example(
          "curl -sN $(cat url.txt)/api/generate -d '{\"model\":\"llama3.2\",\"prompt\":\"hi\"}'",
          "Watch an NDJSON stream."),
        Example(
          "llm-fake --chunk-delay-ms 20 --first-byte-delay-ms 300 --api-key sk-demo",
          "An OpenAI-style server that makes clients wait 300 ms, then streams three characters every 20 ms, "
            + "and wants 'Authorization: Bearer sk-demo'."),
      ],
      exitStatuses: [(.success, "Stopped by a signal."), (.failure, "The server could not start (the port is taken).")]),
    version: Toolbox.version)

  @OptionGroup var common: CommonOptions

  @Option(help: ArgumentHelp("The port on 127.0.0.1; 0 picks a free one.", valueName: "n")) var port = 0
  @Option(help: ArgumentHelp("The server to imitate.", valueName: "flavor")) var flavor = FakeLLMFlavor.openAI
  @Option(
    name: .customLong("model"),
    help: ArgumentHelp("A model to serve (repeatable; default: fake-model).", valueName: "name"))
  var models: [String] = []
  @Option(help: ArgumentHelp("What every model answers.", valueName: "text")) var answer: String?
  @Flag(help: "Answer '[model] SYSTEM: <system> | USER: <last user message>' instead.") var echo = false
  @Option(help: ArgumentHelp("Put a <think> block with this text before each answer.", valueName: "text"))
  var think: String?
  @Option(help: ArgumentHelp("Characters per streamed chunk.", valueName: "n")) var chunkChars = 3
  @Option(help: ArgumentHelp("Pause between streamed chunks.", valueName: "ms")) var chunkDelayMs = 0
  @Option(help: ArgumentHelp("Pause before the first byte of an answer.", valueName: "ms")) var firstByteDelayMs = 0
  @Option(
    help: ArgumentHelp(
      "The API key clients must send as a Bearer token (LiteLLM also takes x-api-key).", valueName: "key"))
  var apiKey: String?
  @Option(help: ArgumentHelp("Ollama's context window when a request sends no num_ctx.", valueName: "tokens"))
  var contextLength = 2048

  func validate() throws {
    if chunkChars < 1 { throw ValidationError("--chunk-chars is at least 1.") }
    if chunkDelayMs < 0 || firstByteDelayMs < 0 { throw ValidationError("Delays cannot be negative.") }
    if !(0...65535).contains(port) { throw ValidationError("--port is between 0 and 65535.") }
    if contextLength < 1 { throw ValidationError("--context-length is at least 1.") }
    if echo && answer != nil { throw ValidationError("--echo and --answer exclude each other.") }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "llm-fake")
    try await runTool(diagnostics) { try await serve(diagnostics) }
  }

  private func serve(_ diagnostics: Diagnostics) async throws {
    var reply: FakeAnswer = echo ? .echo : .text(answer ?? FakeAnswer.defaultText)
    if let think { reply = reply.thinking(think) }
    let answer = reply
    let names = models.isEmpty ? ["fake-model"] : models
    var observer: (@Sendable (FakeLLMRequest) -> Void)?
    if common.verbose { observer = { diagnostics.debug($0.description) } }
    let configuration = FakeLLM.Configuration(
      flavor: flavor, models: names.map { FakeModel($0, answer: answer) }, apiKey: apiKey,
      timing: FakeTiming(
        chunkCharacters: chunkChars, chunkDelayMilliseconds: chunkDelayMs,
        firstByteDelayMilliseconds: firstByteDelayMs),
      defaultContextLength: contextLength, port: port,
      // A demo or benchmark can run for hours: keep only the recent requests.
      requestLogLimit: 100,
      observer: observer)
    let fake: FakeLLM
    do {
      fake = try await FakeLLM.start(configuration)
    } catch {
      throw ToolError(.failure, "cannot listen on 127.0.0.1:\(port): \(error)")
    }
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    try sink.write(fake.baseURL + "\n")
    await SignalWait.untilInterruptedOrTerminated()
    try await fake.stop()
  }
}

extension FakeLLMFlavor: ExpressibleByArgument {}

extension ToolEntry {
  /// `llm-fake`, for its own executable and for rk-ail.
  public static let llmFake = ToolEntry("llm-fake", LLMFakeCommand.self)
}
