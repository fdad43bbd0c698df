/// Base URLs as users write them (`http://localhost:11434/v1`, `…/api/`, `…/v1/chat/completions`)
/// made into one form, the endpoints of each protocol derived from it, and the protocol guessed
/// from the URL where it can be.
public enum Endpoints {
  /// Paths users paste that name an endpoint rather than the base (a `/v1` before them stays:
  /// it is part of the OpenAI base).
  private static let endpointSuffixes = ["/chat/completions", "/models", "/api/chat", "/api/generate", "/api/tags"]

  /// The base without trailing slashes and endpoint paths, or nil when it is not an http(s) URL.
  public static func normalize(_ url: String) -> String? {
    var base = url.trimmingWhitespace()
    let lower = base.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), base.count > (lower.hasPrefix("https") ? 8 : 7)
    else { return nil }
    while base.hasSuffix("/") { base.removeLast() }
    for suffix in endpointSuffixes where base.lowercased().hasSuffix(suffix) {
      base.removeLast(suffix.count)
      break
    }
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }

  /// The type a URL reveals without asking the server: api.openai.com → openai, api.mistral.ai →
  /// mistral, port 11434 or a path ending in `/api` → ollama, a path ending in `/v1` → openai.
  public static func detect(_ base: String) -> ProviderType? {
    let host = self.host(of: base)?.lowercased() ?? ""
    let path = base.lowercased()
    if host.hasSuffix("openai.com") { return .openai }
    if host.hasSuffix("mistral.ai") { return .mistral }
    if port(of: base) == 11434 || path.hasSuffix("/api") { return .ollama }
    if path.hasSuffix("/v1") { return .openai }
    return nil
  }

  public static func chat(_ base: String, _ type: ProviderType) -> String {
    switch type {
    case .openai, .mistral: openAIBase(base) + "/chat/completions"
    case .ollama: ollamaBase(base) + "/api/chat"
    }
  }

  public static func generate(_ base: String) -> String { ollamaBase(base) + "/api/generate" }

  public static func models(_ base: String, _ type: ProviderType) -> String {
    switch type {
    case .openai, .mistral: openAIBase(base) + "/models"
    case .ollama: ollamaBase(base) + "/api/tags"
    }
  }

  /// `…/v1` for the OpenAI protocol: kept when given, added when not.
  static func openAIBase(_ base: String) -> String {
    if base.lowercased().hasSuffix("/v1") { return base }
    if base.lowercased().hasSuffix("/api") { return String(base.dropLast(4)) + "/v1" }
    return base + "/v1"
  }

  /// The server root for Ollama's own API: `/api` or `/v1` at the end go.
  static func ollamaBase(_ base: String) -> String {
    let lower = base.lowercased()
    if lower.hasSuffix("/api") || lower.hasSuffix("/v1") {
      return String(base.dropLast(lower.hasSuffix("/api") ? 4 : 3))
    }
    return base
  }

  /// `host:port` for messages and the circuit breaker.
  public static func authority(of url: String) -> String {
    guard let start = url.firstRange(of: "://")?.upperBound else { return url }
    let rest = url[start...]
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let authority = rest[..<end]
    return String(authority.split(separator: "@").last ?? authority)
  }

  static func host(of url: String) -> String? {
    let authority = self.authority(of: url)
    if authority.hasPrefix("[") { return authority.split(separator: "]").first.map { String($0.dropFirst()) } }
    return authority.split(separator: ":").first.map(String.init)
  }

  /// The explicit port, or the scheme's default.
  public static func port(of url: String) -> Int? {
    let authority = self.authority(of: url)
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]"),
      let port = Int(authority[authority.index(after: colon)...])
    {
      return port
    }
    let lower = url.lowercased()
    return lower.hasPrefix("https://") ? 443 : lower.hasPrefix("http://") ? 80 : nil
  }
}

extension StringProtocol {
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
