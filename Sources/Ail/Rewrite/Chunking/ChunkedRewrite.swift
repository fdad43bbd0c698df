import Localization
import Synchronization

/// A text rewritten in the pieces of a ``ChunkPlan``, a few requests at a time. A transforming
/// prompt's answers are joined in the pieces' order, each streamed as soon as those before it
/// are out. A condensing prompt's partial answers are joined and sent through the prompt again,
/// round after round, until one request holds them; only that last answer streams. A piece the
/// server still finds too long is halved and asked again, and later pieces are cut to the size
/// that worked.
public struct ChunkedRewrite: Sendable {
  public let rewriter: Rewriter
  /// The request each piece is sent as (its input replaced).
  public let template: ChatRequest
  public let condenses: Bool
  /// Pieces asked at once.
  public let concurrency: Int
  public let keepThink: Bool

  /// Rounds of combining before a condensing prompt is given up on (each must shorten the text).
  static let maxRounds = 8

  public init(rewriter: Rewriter, template: ChatRequest, condenses: Bool, concurrency: Int, keepThink: Bool) {
    self.rewriter = rewriter
    self.template = template
    self.condenses = condenses
    self.concurrency = max(1, concurrency)
    self.keepThink = keepThink
  }

  /// The finished text (think blocks dropped unless kept), with what it took.
  public struct Outcome: Sendable {
    public var text: String
    /// The last answer's provider and model, with the usage of every request summed.
    public var completion: Completion
    /// The pieces answered, a piece halved after the server's refusal counting as two.
    public var pieces: Int
    public var requests: Int
    /// Combine steps a condensing prompt took (0 for a transforming one).
    public var rounds: Int
  }

  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The partial answers of a round were no shorter than its input.
    case notShrinking(round: Int)

    public var description: String {
      switch self {
      case .notShrinking(let round):
        tr("round \(round) of combining the partial answers did not make them shorter; giving up")
      }
    }
  }

  /// - Parameter onText: told the final answer as it arrives; nil asks without streaming.
  public func run(_ plan: ChunkPlan, onText: (@Sendable (String) throws -> Void)? = nil) async throws -> Outcome {
    let tally = Tally(budget: plan.pieceTokens)
    if !condenses {
      let text = try await answer(plan.pieces, tally: tally, onText: onText)
      return tally.outcome(text: text, pieces: tally.requests, rounds: 0)
    }
    var pieces = plan.pieces
    var inputTokens = pieces.reduce(0) { $0 + TokenEstimate.tokens($1.text) }
    var rounds = 0
    var firstRound = 0
    while true {
      let partial = try await answer(pieces, tally: tally, onText: nil)
      if rounds == 0 { firstRound = tally.requests }
      rounds += 1
      let partialTokens = TokenEstimate.tokens(partial)
      if partialTokens <= tally.budget {
        let text = try await answer([TextPiece(partial)], tally: tally, onText: onText)
        return tally.outcome(text: text, pieces: firstRound, rounds: rounds)
      }
      guard partialTokens < inputTokens, rounds < Self.maxRounds else { throw Failure.notShrinking(round: rounds) }
      inputTokens = partialTokens
      pieces = TextSplitter.split(partial, maxTokens: tally.budget)
    }
  }

  /// The answers of `pieces` joined in order, up to ``concurrency`` asked at once.
  private func answer(_ pieces: [TextPiece], tally: Tally, onText: (@Sendable (String) throws -> Void)?) async throws
    -> String
  {
    let output = onText.map { OrderedOutput(write: $0) }
    var answers = [String?](repeating: nil, count: pieces.count)
    try await withThrowingTaskGroup(of: (Int, String).self) { group in
      var next = 0
      func start() {
        let index = next
        var emit: (@Sendable (String) throws -> Void)?
        if let output { emit = { text in try output.write(text, piece: index) } }
        group.addTask { (index, try await answer(pieces[index], tally: tally, emit: emit)) }
        next += 1
      }
      while next < min(concurrency, pieces.count) { start() }
      while let (index, text) = try await group.next() {
        answers[index] = text
        try output?.finish(piece: index, joint: index == pieces.count - 1 ? "" : pieces[index].joint)
        if next < pieces.count { start() }
      }
    }
    return zip(answers, pieces).enumerated().map { index, pair in
      pair.0! + (index == pieces.count - 1 ? "" : pair.1.joint)
    }.joined()
  }

  /// One piece's answer, its trailing white space dropped; cut in two and asked again while the
  /// server finds it too long.
  private func answer(_ piece: TextPiece, tally: Tally, emit: (@Sendable (String) throws -> Void)?) async throws
    -> String
  {
    let tokens = TokenEstimate.tokens(piece.text)
    if tokens > tally.budget {
      return try await halves(piece, tokens: tally.budget, tally: tally, emit: emit)
    }
    var request = template
    request.input = piece.text
    request.stream = emit != nil && template.stream
    let stream = PieceStream(keepThink: keepThink, emit: emit)
    do {
      let completion = try await rewriter.rewrite(request, onText: emit == nil ? nil : { try stream.feed($0) })
      tally.count(completion)
      let text = keepThink ? completion.text : ThinkFilter.strip(completion.text)
      if emit == nil { return text.trimmingTrailingWhitespace }
      try stream.finish()
      return text.trimmingTrailingWhitespace
    } catch let error as ChatError where error.isTooLong && !stream.started && tokens > ChunkPlan.smallestPiece / 2 {
      tally.lower(to: tokens / 2)
      return try await halves(piece, tokens: tokens / 2, tally: tally, emit: emit)
    }
  }

  private func halves(_ piece: TextPiece, tokens: Int, tally: Tally, emit: (@Sendable (String) throws -> Void)?)
    async throws -> String
  {
    let parts = TextSplitter.split(piece.text, maxTokens: tokens)
    var joined = ""
    for (index, part) in parts.enumerated() {
      let text = try await answer(part, tally: tally, emit: emit)
      let joint = index == parts.count - 1 ? "" : part.joint
      joined += text + joint
      try emit?(joint)
    }
    return joined
  }
}

/// What the requests of one run came to, shared by its concurrent pieces.
final class Tally: Sendable {
  private struct State {
    var budget: Int
    var requests = 0
    var repaired = 0
    var promptTokens: Int?
    var completionTokens: Int?
    var last: Completion?
  }

  private let state: Mutex<State>

  init(budget: Int) { state = Mutex(State(budget: budget)) }

  /// The most tokens a piece may have, lowered when the server refused one as too long.
  var budget: Int { state.withLock { $0.budget } }

  /// Requests answered so far (a piece cut in two after a refusal counts twice).
  var requests: Int { state.withLock { $0.requests } }

  func lower(to tokens: Int) { state.withLock { $0.budget = min($0.budget, tokens) } }

  /// Answers that matched a schema only when asked again.
  var repaired: Int { state.withLock { $0.repaired } }

  /// - Parameter repaired: `completion` is an answer asked again (a second request, its usage
  ///   the sum of both).
  func count(_ completion: Completion, repaired: Bool = false) {
    state.withLock {
      $0.requests += repaired ? 2 : 1
      if repaired { $0.repaired += 1 }
      if let prompt = completion.usage?.promptTokens { $0.promptTokens = ($0.promptTokens ?? 0) + prompt }
      if let answer = completion.usage?.completionTokens { $0.completionTokens = ($0.completionTokens ?? 0) + answer }
      $0.last = completion
    }
  }

  func outcome(text: String, pieces: Int, rounds: Int) -> ChunkedRewrite.Outcome {
    state.withLock { state in
      var completion = state.last ?? Completion(text: text, provider: "", model: "")
      completion.text = text
      completion.usage =
        state.promptTokens == nil && state.completionTokens == nil
        ? nil : Usage(promptTokens: state.promptTokens, completionTokens: state.completionTokens)
      return .init(text: text, completion: completion, pieces: pieces, requests: state.requests, rounds: rounds)
    }
  }
}

/// Writes the pieces' streamed answers in the pieces' order: the first unfinished piece's text
/// goes out as it comes, the others' is held until every piece before them has finished.
private final class OrderedOutput: Sendable {
  private struct State {
    var head = 0
    var held: [Int: String] = [:]
    /// Finished pieces after the head, with the joint that follows each.
    var finished: [Int: String] = [:]
  }

  private let state = Mutex(State())
  private let write: @Sendable (String) throws -> Void

  init(write: @escaping @Sendable (String) throws -> Void) { self.write = write }

  func write(_ text: String, piece: Int) throws {
    try state.withLock { state in
      if piece == state.head { try write(text) } else { state.held[piece, default: ""] += text }
    }
  }

  func finish(piece: Int, joint: String) throws {
    try state.withLock { state in
      state.finished[piece] = joint
      while let joint = state.finished.removeValue(forKey: state.head) {
        try write(joint)
        state.head += 1
        if let held = state.held.removeValue(forKey: state.head), !held.isEmpty { try write(held) }
      }
    }
  }
}

/// One piece's streamed answer on its way out: think blocks taken out, and white space at its
/// end held back, since the joint to the next piece replaces it.
private final class PieceStream: Sendable {
  private struct State {
    var filter = ThinkFilter()
    var space = ""
    var started = false
  }

  private let state = Mutex(State())
  private let keepThink: Bool
  private let emit: (@Sendable (String) throws -> Void)?

  init(keepThink: Bool, emit: (@Sendable (String) throws -> Void)?) {
    self.keepThink = keepThink
    self.emit = emit
  }

  /// Whether any text has gone out (a piece that has can no longer be asked again).
  var started: Bool { state.withLock { $0.started } }

  func feed(_ piece: String) throws {
    try state.withLock { state in
      let visible = keepThink ? piece : state.filter.feed(piece)
      try pass(visible, state: &state)
    }
  }

  func finish() throws {
    try state.withLock { state in
      if !keepThink { try pass(state.filter.finish(), state: &state) }
      state.space = ""
    }
  }

  private func pass(_ text: String, state: inout State) throws {
    guard !text.isEmpty else { return }
    state.started = true
    let body = text.trimmingTrailingWhitespace
    if body.isEmpty {
      state.space += text
      return
    }
    try emit?(state.space + body)
    state.space = String(text.dropFirst(body.count))
  }
}

extension String {
  fileprivate var trimmingTrailingWhitespace: String {
    String(self[..<(lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? startIndex)])
  }
}

extension ChatError {
  /// The server refused the request as longer than the model's window: OpenAI's and llama.cpp's
  /// `context_length_exceeded`, vLLM's "maximum context length", LiteLLM's
  /// ContextWindowExceededError, a proxy's 413.
  public var isTooLong: Bool {
    switch self {
    case .http(_, let status, let message):
      guard (400..<500).contains(status) else { return false }
      if status == 413 { return true }
      let text = message.lowercased()
      return ["context length", "context_length", "context window", "contextwindow", "too long", "too many tokens"]
        .contains { text.contains($0) }
    case .allFailed(let errors): return errors.contains(where: \.isTooLong)
    default: return false
    }
  }
}
