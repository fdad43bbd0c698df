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
  private let counts = Counts()

  /// Counts shared by the concurrent rewrites.
  private final class Counts: Sendable {
    let state = Mutex(RecordTally())
  }

  public init(rewriter: Rewriter, template: ChatRequest, field: String, keepThink: Bool = false, dryRun: Bool = false) {
    self.rewriter = rewriter
    self.template = template
    self.field = field
    self.keepThink = keepThink
    self.dryRun = dryRun
  }

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
    if dryRun { return Array(DryRun.describe(request, chain: rewriter.chain).utf8) }
    do {
      let completion = try await rewriter.rewrite(request)
      record["ai_text"] = .string(keepThink ? completion.text : ThinkFilter.strip(completion.text))
      var ai: JSONObject = ["provider": .string(completion.provider), "model": .string(completion.model)]
      if let usage = completion.usage { ai["usage"] = usage.json }
      if completion.cached { ai["cached"] = true }
      record["ai"] = .object(ai)
      record["ai_error"] = nil
      counts.state.withLock {
        $0.rewritten += 1
        $0.promptTokens += completion.usage?.promptTokens ?? 0
        $0.completionTokens += completion.usage?.completionTokens ?? 0
      }
    } catch {
      let message = (error as? ChatError)?.description ?? String(describing: error)
      record["ai_error"] = .string(message)
      let unanswered = (error as? ChatError)?.isNoAnswer ?? false
      counts.state.withLock {
        $0.failed.append(message)
        if unanswered { $0.unanswered += 1 }
      }
    }
    return line(record)
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
