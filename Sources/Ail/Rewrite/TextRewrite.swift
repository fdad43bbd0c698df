import Localization
import Synchronization
import Wire

/// Text mode of `ail-ai`: the whole input rewritten as one text (in pieces when it is too long for
/// the model), the answer passed to `write` as it arrives, or whole for a diff, a request that does
/// not stream and a schema. Lines for the user's standard error (how many pieces, the usage, a
/// repaired answer) go to `tell`. Errors are the rewrite's own: ``ChatError``,
/// ``ChunkPlan/Refusal``, ``ChunkedRewrite/Failure``, ``StructuredRewrite/Mismatch``.
public struct TextRewrite: Sendable {
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
  let write: @Sendable (String) throws -> Void
  let tell: @Sendable (String) -> Void

  public init(
    rewriter: Rewriter, template: ChatRequest, chunking: Chunking, concurrency: Int, structured: StructuredRewrite?,
    keepThink: Bool, diff: Bool, dryRun: Bool, usage: Bool, write: @escaping @Sendable (String) throws -> Void,
    tell: @escaping @Sendable (String) -> Void
  ) {
    self.rewriter = rewriter
    self.template = template
    self.chunking = chunking
    self.concurrency = concurrency
    self.structured = structured
    self.keepThink = keepThink
    self.diff = diff
    self.dryRun = dryRun
    self.usage = usage
    self.write = write
    self.tell = tell
  }

  /// `input` rewritten: the answer written (the plan only, for a dry run, and nil returned) and
  /// returned as it was written, for the history.
  public func run(input: String) async throws -> Completion? {
    var request = template
    request.input = input
    let fitted = await chunking.fittingTurns(request)
    if fitted.leftOut > 0 { tell(TurnsReport.line(leftOut: fitted.leftOut, window: fitted.window)) }
    request = fitted.request
    let (plan, window) = try await chunking.plan(request)
    if dryRun {
      if plan.isChunked {
        try write(DryRun.describe(plan, window: window, condenses: chunking.condenses))
        request.input = plan.pieces[0].text
      }
      try write(DryRun.describe(request, chain: rewriter.chain))
      return nil
    }
    if let structured { return try await answerStructured(request, plan: plan, structured: structured) }
    if plan.isChunked { return try await rewriteInPieces(plan, template: request, input: input) }
    let filter = Mutex(ThinkFilter())
    let streamed = request.stream && !diff
    let completion: Completion
    do {
      completion = try await rewriter.rewrite(
        request,
        onText: streamed
          ? { piece in
            let visible = keepThink ? piece : filter.withLock { $0.feed(piece) }
            if !visible.isEmpty { try write(visible) }
          } : nil)
    } catch let error as ChatError {
      // The window was smaller than thought: the input in halves, as a piece would be.
      guard error.isTooLong, let halves = plan.halved(input), chunking.mode != .off else { throw error }
      return try await rewriteInPieces(halves, template: request, input: input)
    }
    let answer = keepThink ? completion.text : ThinkFilter.strip(completion.text)
    if streamed {
      if !keepThink { try write(filter.withLock { $0.finish() }) }
      if !answer.hasSuffix("\n") { try write("\n") }
    } else if diff {
      try write(UnifiedDiff.diff(input, answer.hasSuffix("\n") ? answer : answer + "\n"))
    } else {
      try write(answer.hasSuffix("\n") ? answer : answer + "\n")
    }
    if usage { tell(UsageReport.line(completion)) }
    var written = completion
    written.text = answer
    return written
  }

  /// The answer as one line of JSON matching the schema, asked again once when it does not; a
  /// long input's pieces answered each and their values merged.
  private func answerStructured(
    _ request: ChatRequest, plan: ChunkPlan, structured: StructuredRewrite
  ) async throws -> Completion {
    var value: JSONValue
    var completion: Completion
    if plan.isChunked {
      (value, completion) = try await structuredInPieces(plan, template: request, structured: structured)
    } else {
      do {
        let outcome = try await structured.check(try await structured.rewriter.rewrite(request), of: request)
        if outcome.repaired { tell(tr("the first answer did not match the schema; the second did")) }
        (value, completion) = (outcome.value, outcome.completion)
      } catch let error as ChatError {
        // The window was smaller than thought: the input in halves, as a piece would be.
        guard error.isTooLong, let halves = plan.halved(request.input), chunking.mode != .off else { throw error }
        (value, completion) = try await structuredInPieces(halves, template: request, structured: structured)
      }
    }
    let line = String(decoding: try WireCoding.line(value), as: UTF8.self)
    try write(line)
    if usage { tell(UsageReport.line(completion)) }
    completion.text = String(line.dropLast())
    return completion
  }

  private func structuredInPieces(_ plan: ChunkPlan, template: ChatRequest, structured: StructuredRewrite)
    async throws -> (JSONValue, Completion)
  {
    let outcome = try await StructuredPieces(structured: structured, template: template, concurrency: concurrency)
      .run(plan)
    tell(PiecesReport.line(outcome.pieces))
    let repaired = outcome.repaired
    if repaired > 0 {
      tell(
        tr(
          one: "\(repaired) answer matched the schema only when asked again",
          other: "\(repaired) answers matched the schema only when asked again", count: repaired))
    }
    return (outcome.value, outcome.pieces.completion)
  }

  /// A long input's pieces through `engine`: the answer streamed or whole as for one request,
  /// then a line saying how many pieces and requests it took.
  private func rewriteInPieces(_ plan: ChunkPlan, template: ChatRequest, input: String)
    async throws -> Completion
  {
    let engine = ChunkedRewrite(
      rewriter: rewriter, template: template, condenses: chunking.condenses, concurrency: concurrency,
      keepThink: keepThink)
    let streamed = template.stream && !diff
    let outcome = try await engine.run(plan, onText: streamed ? write : nil)
    let answer = outcome.text.hasSuffix("\n") ? outcome.text : outcome.text + "\n"
    if streamed {
      if !outcome.text.hasSuffix("\n") { try write("\n") }
    } else if diff {
      try write(UnifiedDiff.diff(input, answer))
    } else {
      try write(answer)
    }
    tell(PiecesReport.line(outcome))
    if usage { tell(UsageReport.line(outcome.completion)) }
    return outcome.completion
  }
}

/// "the input went in 7 pieces, 9 requests, combined in 1 round".
public enum PiecesReport {
  public static func line(_ outcome: ChunkedRewrite.Outcome) -> String {
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

public enum UsageReport {
  public static func line(_ completion: Completion) -> String {
    let (provider, model) = (completion.provider, completion.model)
    let source = completion.cached ? tr("\(provider)/\(model), from the cache") : "\(provider)/\(model)"
    guard let usage = completion.usage else { return tr("usage: not reported (\(source))") }
    let prompt = usage.promptTokens.map(String.init) ?? "?"
    let answer = usage.completionTokens.map(String.init) ?? "?"
    guard let total = usage.totalTokens else { return tr("usage: \(prompt) prompt + \(answer) completion (\(source))") }
    return tr("usage: \(prompt) prompt + \(answer) completion = \(total) tokens (\(source))")
  }
}
