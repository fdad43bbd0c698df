/// `--chunk`: cut input that does not fit (the default), never cut it, or cut it into pieces of
/// a given size.
public enum ChunkMode: Sendable, Equatable {
  case auto
  case off
  case tokens(Int)

  public init?(argument: String) {
    switch argument.lowercased() {
    case "auto": self = .auto
    case "off": self = .off
    default:
      guard let count = Int(argument), count >= ChunkPlan.smallestPiece else { return nil }
      self = .tokens(count)
    }
  }
}

/// How a text goes to a model whose window is `window` tokens: whole, or in pieces that each
/// fit beside the system prompt and the room the answer needs. A text-transforming prompt
/// answers about as long as its input, so a piece gets half of what is left; a condensing one
/// (a summary) answers briefly, so a piece gets all of it but the answer's room.
public struct ChunkPlan: Sendable, Equatable {
  /// The input's pieces in order; one when it fits whole.
  public var pieces: [TextPiece]
  /// The most tokens a piece may have.
  public var pieceTokens: Int

  /// Below this a piece is too small to carry meaning.
  public static let smallestPiece = 64
  /// What the chat format adds around the messages (roles, template tokens).
  static let framing = 32

  public var isChunked: Bool { pieces.count > 1 }

  public enum Refusal: Error, Sendable, Equatable {
    /// `--chunk off`, and the input (tokens) does not fit the window.
    case doesNotFit(inputTokens: Int, pieceTokens: Int, window: Int)
    /// The system prompt and the answer leave less than ``smallestPiece`` of the window.
    case noRoom(systemTokens: Int, window: Int)
  }

  /// The most input tokens one request may carry.
  /// - Parameter answerTokens: the request's answer limit (`--max-tokens`), if any.
  public static func pieceBudget(window: Int, systemTokens: Int, answerTokens: Int?, condenses: Bool) -> Int {
    let room = window - systemTokens - framing
    if let answerTokens { return room - answerTokens }
    // A condensed answer needs a quarter of the window at most, and never more than 1,024 tokens.
    return condenses ? room - min(1024, window / 4) : room / 2
  }

  /// The plan for `input` after the server refused it whole as too long: pieces of half its
  /// size; nil when it is too small to cut.
  public func halved(_ input: String) -> ChunkPlan? {
    let half = TokenEstimate.tokens(input) / 2
    guard half >= Self.smallestPiece / 2 else { return nil }
    let pieces = TextSplitter.split(input, maxTokens: half)
    return pieces.count > 1 ? ChunkPlan(pieces: pieces, pieceTokens: half) : nil
  }

  public static func make(
    input: String, systemTokens: Int, window: Int, answerTokens: Int?, condenses: Bool, mode: ChunkMode
  ) throws(Refusal) -> ChunkPlan {
    if case .tokens(let size) = mode {
      return ChunkPlan(pieces: TextSplitter.split(input, maxTokens: size), pieceTokens: size)
    }
    let budget = pieceBudget(
      window: window, systemTokens: systemTokens, answerTokens: answerTokens, condenses: condenses)
    let inputTokens = TokenEstimate.tokens(input)
    if inputTokens <= budget { return ChunkPlan(pieces: [TextPiece(input)], pieceTokens: budget) }
    guard budget >= smallestPiece else { throw .noRoom(systemTokens: systemTokens, window: window) }
    if mode == .off { throw .doesNotFit(inputTokens: inputTokens, pieceTokens: budget, window: window) }
    return ChunkPlan(pieces: TextSplitter.split(input, maxTokens: budget), pieceTokens: budget)
  }
}
