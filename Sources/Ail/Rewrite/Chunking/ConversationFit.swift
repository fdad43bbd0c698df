import Localization

extension Chunking {
  /// Tokens a chat template adds around each message (role markers, separators): about 4 for
  /// OpenAI's and llama.cpp's templates.
  static let turnFraming = 4

  /// `request` with as many of its earlier turns as fit the model's window beside the system
  /// prompt, the input and the room its answer needs (counted as ``ChunkPlan/pieceBudget`` counts
  /// them, the turns as part of the prompt); the oldest exchanges are left out first, a question
  /// always with its answer. When the input alone does not fit, every turn is left out and the
  /// input goes in pieces as any long input does.
  /// - Returns: the request to plan, how many exchanges were left out, and the window (in
  ///   tokens) they were left out for (0 when there were no turns).
  public func fittingTurns(_ request: ChatRequest) async -> (request: ChatRequest, leftOut: Int, window: Int) {
    guard !request.turns.isEmpty else { return (request, 0, 0) }
    let systemTokens = TokenEstimate.tokens(request.system)
    let inputTokens = TokenEstimate.tokens(request.input)
    // Each message also costs its role's framing in the chat template (a few tokens).
    func cost(_ turn: ChatTurn) -> Int { TokenEstimate.tokens(turn.content) + Self.turnFraming }
    func fits(promptTokens: Int, window: Int) -> Bool {
      let budget = ChunkPlan.pieceBudget(
        window: window, systemTokens: promptTokens, answerTokens: request.maxTokens, condenses: condenses)
      return inputTokens <= budget
    }
    // Asked even for a short conversation: a window smaller than ``smallestWindow`` (which the
    // input alone is planned against) must not be found by the server's refusal, since halving
    // the input does not shorten the turns.
    let window = await window().tokens
    var kept = request.turns[...]
    var promptTokens = kept.reduce(systemTokens) { $0 + cost($1) }
    var leftOut = 0
    while !kept.isEmpty, !fits(promptTokens: promptTokens, window: window) {
      // One exchange: its question and the answers that follow it.
      let first = kept.removeFirst()
      promptTokens -= cost(first)
      if first.role == .user { leftOut += 1 }
      while let answer = kept.first, answer.role == .assistant {
        promptTokens -= cost(answer)
        kept.removeFirst()
      }
    }
    var fitted = request
    fitted.turns = Array(kept)
    return (fitted, leftOut, window)
  }
}

/// "3 earlier exchanges were left out to fit the model's window of 750 tokens".
public enum TurnsReport {
  public static func line(leftOut: Int, window: Int) -> String {
    tr(
      one: "\(leftOut) earlier exchange was left out to fit the model's window of \(window) tokens",
      other: "\(leftOut) earlier exchanges were left out to fit the model's window of \(window) tokens",
      count: leftOut)
  }
}
