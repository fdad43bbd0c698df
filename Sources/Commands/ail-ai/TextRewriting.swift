import Localization
import Rewrite
import Synchronization
import ToolKit
import Wire

/// Text mode: the whole input rewritten as one text (in pieces when it is too long for the
/// model), the answer streamed to standard output as it arrives, or written whole for --diff,
/// --no-stream and a schema.
struct TextRewriting {
  let rewriter: Rewriter
  /// The request the input is sent as.
  let template: ChatRequest
  let chunking: Chunking
  /// Pieces of a long input asked at once.
  let concurrency: Int
  let structured: StructuredRewrite?
  let keepThink: Bool
  let diff: Bool
  let dryRun: Bool
  let usage: Bool
  let diagnostics: Diagnostics

  /// `input` rewritten: the answer written to standard output (nothing for a dry run) and
  /// returned as it was written, for the history.
  func run(input: String) async throws -> Completion? {
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
      return nil
    }
    if let structured { return try await answerStructured(request, plan: plan, structured: structured, sink: sink) }
    if plan.isChunked { return try await rewriteInPieces(plan, template: request, input: input, sink: sink) }
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
      return try await rewriteInPieces(halves, template: request, input: input, sink: sink)
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
    var written = completion
    written.text = answer
    return written
  }

  /// The answer as one line of JSON matching the schema, asked again once when it does not.
  private func answerStructured(
    _ request: ChatRequest, plan: ChunkPlan, structured: StructuredRewrite, sink: OutputSink
  ) async throws -> Completion {
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
    var written = outcome.completion
    written.text = String(decoding: try WireCoding.line(outcome.value).dropLast(), as: UTF8.self)
    return written
  }

  /// A long input's pieces through `engine`: the answer streamed or whole as for one request,
  /// then a line saying how many pieces and requests it took.
  private func rewriteInPieces(_ plan: ChunkPlan, template: ChatRequest, input: String, sink: OutputSink)
    async throws -> Completion
  {
    let engine = ChunkedRewrite(
      rewriter: rewriter, template: template, condenses: chunking.condenses, concurrency: concurrency,
      keepThink: keepThink)
    let streamed = template.stream && !diff
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
    return outcome.completion
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
