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
