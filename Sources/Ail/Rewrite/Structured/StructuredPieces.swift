public import Wire

/// A structured answer for input cut into pieces. The pieces' answers joined are no one JSON
/// value, and a repair that carried the whole input would not fit the window either; so each
/// piece is answered under the schema and checked alone (its repair carrying only the piece and
/// its answer), and the pieces' values are merged by requests that each fit a piece's budget,
/// in rounds, until one value holds them all. Every merged value is checked the same way.
public struct StructuredPieces: Sendable {
  public let structured: StructuredRewrite
  /// The request each piece is sent as (its input replaced, never streamed).
  public let template: ChatRequest
  /// Requests asked at once.
  public let concurrency: Int

  public init(structured: StructuredRewrite, template: ChatRequest, concurrency: Int) {
    self.structured = structured
    self.template = template
    self.concurrency = max(1, concurrency)
  }

  public struct Outcome: Sendable {
    public var value: JSONValue
    /// The pieces answered, the requests and the merge rounds, and the last answer with the usage
    /// of every request summed; its text is the value as one line of JSON.
    public var pieces: ChunkedRewrite.Outcome
    /// Answers that matched the schema only when asked again with the reason.
    public var repaired: Int
  }

  /// What a merge request says before the values, one a line.
  static let mergeInstruction = """
    Each line below is a JSON value answering one part of a longer text, the parts in order. \
    Combine them into one JSON value for the whole text that matches the same JSON schema: keep \
    everything they hold, join what belongs together, and answer with only the JSON value.
    """

  public func run(_ plan: ChunkPlan) async throws -> Outcome {
    let tally = Tally(budget: plan.pieceTokens)
    var values = try await inOrder(plan.pieces) { piece in
      try await pieceValues(of: piece, tally: tally)
    }.flatMap { $0 }
    let pieces = values.count
    var rounds = 0
    while values.count > 1 {
      rounds += 1
      let room = tally.budget - TokenEstimate.tokens(Self.mergeInstruction) - 1
      let (merging, lines) = (values, try values.map(Self.line))
      let groups = Self.groups(lines, tokens: room)
      // A round that merges nothing (no two values fit one request) would repeat for ever.
      guard groups.count < values.count, rounds <= ChunkedRewrite.maxRounds else {
        throw ChunkedRewrite.Failure.notShrinking(round: rounds)
      }
      values = try await inOrder(groups) { group in
        guard group.count > 1 else { return merging[group.lowerBound] }
        return try await answer(
          Self.mergeInstruction + "\n\n" + lines[group].joined(separator: "\n"), tally: tally)
      }
    }
    let outcome = tally.outcome(text: try Self.line(values[0]), pieces: pieces, rounds: rounds)
    return Outcome(value: values[0], pieces: outcome, repaired: tally.repaired)
  }

  /// A piece's value; the values of its halves when the server finds it too long.
  private func pieceValues(of piece: TextPiece, tally: Tally) async throws -> [JSONValue] {
    let tokens = TokenEstimate.tokens(piece.text)
    if tokens > tally.budget { return try await halves(piece, tokens: tally.budget, tally: tally) }
    do {
      return [try await answer(piece.text, tally: tally)]
    } catch let error as ChatError where error.isTooLong && tokens > ChunkPlan.smallestPiece / 2 {
      tally.lower(to: tokens / 2)
      return try await halves(piece, tokens: tokens / 2, tally: tally)
    }
  }

  /// The splitter's parts each fit `tokens` (at least 16 here), so each is smaller than `piece`
  /// and the halving ends.
  private func halves(_ piece: TextPiece, tokens: Int, tally: Tally) async throws -> [JSONValue] {
    var values: [JSONValue] = []
    for part in TextSplitter.split(piece.text, maxTokens: tokens) {
      values += try await self.pieceValues(of: part, tally: tally)
    }
    return values
  }

  /// One request's value, asked once more with the reason when it does not match.
  private func answer(_ input: String, tally: Tally) async throws -> JSONValue {
    var request = template
    request.input = input
    request.stream = false
    let checked = try await structured.check(try await structured.rewriter.rewrite(request), of: request)
    tally.count(checked.completion, repaired: checked.repaired)
    return checked.value
  }

  /// The values' lines in order, in runs (of indices) that each fit `tokens` as one request.
  static func groups(_ lines: [String], tokens: Int) -> [Range<Int>] {
    var groups: [Range<Int>] = []
    var start = 0
    var used = 0
    for (index, line) in lines.enumerated() {
      let size = TokenEstimate.tokens(line) + 1
      if index > start, used + size > tokens {
        groups.append(start..<index)
        start = index
        used = 0
      }
      used += size
    }
    if start < lines.count { groups.append(start..<lines.count) }
    return groups
  }

  static func line(_ value: JSONValue) throws -> String {
    String(decoding: try WireCoding.line(value).dropLast(), as: UTF8.self)
  }

  /// `body` of each item, up to ``concurrency`` at once, the results in the items' order.
  private func inOrder<Item: Sendable, Result: Sendable>(
    _ items: [Item], _ body: @escaping @Sendable (Item) async throws -> Result
  ) async throws -> [Result] {
    var results = [Result?](repeating: nil, count: items.count)
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
      var next = 0
      func start() {
        let index = next
        group.addTask { (index, try await body(items[index])) }
        next += 1
      }
      while next < min(concurrency, items.count) { start() }
      while let (index, result) = try await group.next() {
        results[index] = result
        if next < items.count { start() }
      }
    }
    return results.map { $0! }
  }
}
