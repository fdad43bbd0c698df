import Localization
import Wire

/// What `--dry-run` prints: for each provider of the chain, the request exactly as it would go
/// out — method, URL, headers (the key shown as `<redacted>`) and body — and nothing is sent.
public enum DryRun {
  public static func describe(_ request: ChatRequest, chain: [(provider: ResolvedProvider, model: String)]) -> String {
    var out = ""
    for (index, (provider, model)) in chain.enumerated() {
      var attempt = request
      attempt.model = model
      let type = provider.provider.type
      let body =
        type == .ollama
        ? attempt.ollamaBody(generate: false, contextLength: provider.provider.contextLength)
        : attempt.openAIBody(dialect: type)
      if index > 0 { out += "\n# then, if that fails:\n" }
      out += "POST \(Endpoints.chat(provider.provider.baseURL, type))\n"
      out += "Content-Type: application/json\n"
      if provider.provider.apiKey != nil { out += "Authorization: Bearer <redacted>\n" }
      out += "\n" + String(decoding: (try? WireCoding.line(body)) ?? [], as: UTF8.self)
    }
    return out
  }
}

extension DryRun {
  /// How a long input would be cut: the window, each piece's size and first words, and what
  /// becomes of the answers. The first piece's request follows it.
  public static func describe(_ plan: ChunkPlan, window: ContextWindow?, condenses: Bool) -> String {
    let (count, size) = (plan.pieces.count, plan.pieceTokens)
    var out = "# " + tr("\(count) pieces of at most \(size) tokens") + "\n"
    if let window { out += "# " + tr("window: \(window.explained)") + "\n" }
    for (index, piece) in plan.pieces.enumerated() {
      let (number, tokens) = (index + 1, TokenEstimate.tokens(piece.text))
      let start = piece.text.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
      out += "# " + tr("piece \(number): about \(tokens) tokens: \(start) …") + "\n"
    }
    out +=
      "# "
      + (condenses
        ? tr("the answers are then combined by the same prompt, until one answer remains")
        : tr("the answers are joined in order")) + "\n"
    return out + "# " + tr("the first piece's request:") + "\n"
  }
}
