import Synchronization
public import Wire

/// Record mode's rewriting of one record: its `field` sent as the input of `template`, the answer
/// added as `ai_text` with `ai` (provider, model, usage, cached) beside it, or `ai_error` when
/// the request failed or the field holds no text. Every other member stays as it was, unknown
/// ones included. Safe to call concurrently; ``tally`` counts what happened.
public struct RecordRewriter: Sendable {
  public let rewriter: Rewriter
  public let template: ChatRequest
  public let field: String
  /// Keep `<think>…</think>` blocks in `ai_text`.
  public let keepThink: Bool
  /// Describe the request of each record with text instead of sending it.
  public let dryRun: Bool
  /// How a field too long for the model is cut; nil sends every field whole.
  public let chunking: Chunking?
  /// The schema the answer must match: then it goes into `ai_json` instead of `ai_text`.
  public let structured: StructuredRewrite?
  private let counts = Counts()

  /// Counts shared by the concurrent rewrites.
  private final class Counts: Sendable {
    let state = Mutex(RecordTally())
  }

  public init(
    rewriter: Rewriter, template: ChatRequest, field: String, keepThink: Bool = false, dryRun: Bool = false,
    chunking: Chunking? = nil, structured: StructuredRewrite? = nil
  ) {
    self.structured = structured
    self.rewriter = rewriter
    self.template = template
    self.field = field
    self.keepThink = keepThink
    self.dryRun = dryRun
    self.chunking = chunking
  }

  /// Pieces of one record asked at once: the records already run side by side.
  static let pieceConcurrency = 2

  /// What the rewrites so far came to.
  public var tally: RecordTally { counts.state.withLock { $0 } }

  /// One record in, its line out (the request's description instead, for a dry run).
  public func rewrite(_ record: JSONObject) async -> [UInt8] {
    var record = record
    guard let request = request(for: record) else {
      counts.state.withLock { $0.withoutText += 1 }
      record["ai_error"] = .string("no text in \"\(field)\"")
      return line(record)
    }
    do {
      let (plan, window) =
        try await chunking?.plan(request) ?? (ChunkPlan(pieces: [TextPiece(request.input)], pieceTokens: 0), nil)
      if dryRun {
        var first = request
        first.input = plan.pieces[0].text
        let description =
          plan.isChunked ? DryRun.describe(plan, window: window, condenses: chunking?.condenses ?? false) : ""
        return Array((description + DryRun.describe(first, chain: rewriter.chain)).utf8)
      }
      var completion: Completion
      var pieces = 1
      // A value already checked: the merge of a long field's pieces.
      var value: JSONValue?
      if plan.isChunked, let chunking {
        (completion, pieces, value) = try await inPieces(plan, request: request, chunking: chunking)
      } else {
        do {
          completion = try await rewriter.rewrite(request)
        } catch let error as ChatError {
          // The window was smaller than thought: the field in halves, as a piece would be.
          guard error.isTooLong, let chunking, chunking.mode != .off, let halves = plan.halved(request.input) else {
            throw error
          }
          (completion, pieces, value) = try await inPieces(halves, request: request, chunking: chunking)
        }
      }
      if let structured {
        if value == nil {
          let checked = try await structured.check(completion, of: request)
          completion = checked.completion
          value = checked.value
        }
        record["ai_json"] = value
      } else {
        record["ai_text"] = .string(keepThink ? completion.text : ThinkFilter.strip(completion.text))
      }
      var ai: JSONObject = ["provider": .string(completion.provider), "model": .string(completion.model)]
      if let usage = completion.usage { ai["usage"] = usage.json }
      if completion.cached { ai["cached"] = true }
      if pieces > 1 { ai["pieces"] = .integer(Int64(pieces)) }
      record["ai"] = .object(ai)
      record["ai_error"] = nil
      counts.state.withLock {
        $0.rewritten += 1
        $0.promptTokens += completion.usage?.promptTokens ?? 0
        $0.completionTokens += completion.usage?.completionTokens ?? 0
      }
    } catch {
      let message = String(describing: error)
      record["ai_error"] = .string(message)
      let unanswered = (error as? ChatError)?.isNoAnswer ?? false
      counts.state.withLock {
        $0.failed.append(message)
        if unanswered { $0.unanswered += 1 }
      }
    }
    return line(record)
  }

  /// The field's pieces answered: their answers joined, or with a schema their values merged.
  private func inPieces(_ plan: ChunkPlan, request: ChatRequest, chunking: Chunking) async throws
    -> (Completion, Int, JSONValue?)
  {
    if let structured {
      let outcome = try await StructuredPieces(
        structured: structured, template: request, concurrency: Self.pieceConcurrency
      ).run(plan)
      return (outcome.pieces.completion, outcome.pieces.pieces, outcome.value)
    }
    let outcome = try await ChunkedRewrite(
      rewriter: rewriter, template: request, condenses: chunking.condenses, concurrency: Self.pieceConcurrency,
      keepThink: keepThink
    ).run(plan)
    return (outcome.completion, outcome.pieces, nil)
  }

  /// The request for `record`'s field, never streamed; nil when the field holds no text.
  public func request(for record: JSONObject) -> ChatRequest? {
    guard let text = record[field]?.stringValue, text.contains(where: { !$0.isWhitespace }) else { return nil }
    var request = template
    request.input = text
    request.stream = false
    return request
  }

  private func line(_ record: JSONObject) -> [UInt8] { (try? WireCoding.line(JSONValue.object(record))) ?? [] }
}

/// What a run of ``RecordRewriter`` came to: "rewrote 18 of 20 records, 2 failed (…)".
public struct RecordTally: Sendable, Equatable {
  public var rewritten = 0
  /// The error of each record that failed.
  public var failed: [String] = []
  /// How many of the failures got no answer at all from the provider.
  public var unanswered = 0
  /// Records whose field held no text.
  public var withoutText = 0
  public var promptTokens = 0
  public var completionTokens = 0

  public init() {}

  public var total: Int { rewritten + failed.count + withoutText }
}
