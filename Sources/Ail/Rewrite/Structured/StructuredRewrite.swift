public import Wire

/// An answer that must be JSON matching a schema: asked for in the provider's structured-output
/// form, parsed and checked here, and asked once more with the reason when it does not match.
public struct StructuredRewrite: Sendable {
  public let rewriter: Rewriter
  public let schema: JSONSchema

  public init(rewriter: Rewriter, schema: JSONSchema) {
    self.rewriter = rewriter
    self.schema = schema
  }

  /// The answer still did not match after the repair request.
  public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { "the answer does not match the schema: \(reason) (also after a repair request)" }
  }

  public struct Outcome: Sendable {
    public var value: JSONValue
    /// The last answer, with the usage of both requests when there were two.
    public var completion: Completion
    public var repaired: Bool
  }

  /// `answer` is the first answer, however it was got (one request, or pieces combined); the
  /// repair request continues `request`'s conversation with it.
  public func check(_ answer: Completion, of request: ChatRequest) async throws -> Outcome {
    let reason: Reason
    switch Self.parse(answer.text, schema: schema) {
    case .success(let value): return Outcome(value: value, completion: answer, repaired: false)
    case .failure(let problem): reason = problem
    }
    var repair = request
    repair.stream = false
    repair.schema = schema.value
    repair.turns += [ChatTurn(.user, request.input), ChatTurn(.assistant, answer.text)]
    repair.input =
      "Your answer does not match the JSON schema: \(reason). Answer again with only the JSON value, matching the schema."
    var second = try await rewriter.rewrite(repair)
    switch Self.parse(second.text, schema: schema) {
    case .success(let value):
      second.usage = Self.sum(answer.usage, second.usage)
      return Outcome(value: value, completion: second, repaired: true)
    case .failure(let reason):
      throw Mismatch(reason: reason.text)
    }
  }

  /// Why an answer is not the JSON asked for.
  public struct Reason: Error, Equatable, CustomStringConvertible {
    public var text: String
    public var description: String { text }
  }

  /// The JSON value in an answer: think blocks and a Markdown code fence around it are allowed.
  public static func parse(_ text: String, schema: JSONSchema) -> Result<JSONValue, Reason> {
    var body = ThinkFilter.strip(text).trimmingWhitespace()
    // The fence's line ends at the scalar "\n": "\r\n" is one Character, and looking for "\n"
    // among Characters took the whole answer for the fence's line.
    if body.unicodeScalars.starts(with: "```".unicodeScalars) {
      body = String(body.unicodeScalars.drop { $0 != "\n" }.dropFirst())
      if body.unicodeScalars.reversed().starts(with: "```".unicodeScalars) {
        body = String(body.unicodeScalars.dropLast(3))
      }
      body = body.trimmingWhitespace()
    }
    guard let value = try? Array(body.utf8).withUnsafeBytes({ try WireCoding.parse($0) }) else {
      return .failure(Reason(text: "it is not JSON: \(body.prefix(80))"))
    }
    if let problem = schema.violation(of: value) { return .failure(Reason(text: problem)) }
    return .success(value)
  }

  private static func sum(_ a: Usage?, _ b: Usage?) -> Usage? {
    guard a != nil || b != nil else { return nil }
    func add(_ x: Int?, _ y: Int?) -> Int? { x == nil && y == nil ? nil : (x ?? 0) + (y ?? 0) }
    return Usage(
      promptTokens: add(a?.promptTokens, b?.promptTokens),
      completionTokens: add(a?.completionTokens, b?.completionTokens))
  }
}
