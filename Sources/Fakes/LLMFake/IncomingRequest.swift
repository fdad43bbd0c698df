import Wire

/// A request read to its end, with what routing and the log need from it.
struct IncomingRequest {
  var method: String
  /// Without the query.
  var path: String
  var headers: [(String, String)]
  var body: [UInt8]
  /// The body parsed, when it is JSON.
  var json: JSONValue?
  var route: FakeLLMRoute?
  /// `/v1/models/{id}`: the id.
  var modelID: String?
  /// The parts of a `multipart/form-data` body; nil for another body or one that does not parse.
  var form: [FakeFormPart]?

  init(method: String, uri: String, headers: [(String, String)], body: [UInt8]) {
    self.method = method
    var target = Substring(uri)
    // An absolute-form target (`GET http://host/path`) routes by its path.
    if target.hasPrefix("http://") || target.hasPrefix("https://"), let scheme = target.firstRange(of: "://") {
      let afterScheme = target[scheme.upperBound...]
      target = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    if let cut = target.firstIndex(where: { $0 == "?" || $0 == "#" }) { target = target[..<cut] }
    path = String(target)
    self.headers = headers
    self.body = body
    if let contentType = headers.first(where: { $0.0.lowercased() == "content-type" })?.1,
      let boundary = MultipartParser.boundary(contentType: contentType)
    {
      form = MultipartParser.parse(body, boundary: boundary)
    } else {
      json = body.isEmpty ? nil : body.withUnsafeBytes { try? WireCoding.parse($0) }
    }
    let routed = Self.route(method: method, path: path)
    route = routed.0
    modelID = routed.1
  }

  /// Which route a method and path reach. Paths are matched exactly, as the real routers do.
  static func route(method: String, path: String) -> (FakeLLMRoute?, String?) {
    switch (method, path) {
    case ("POST", "/v1/chat/completions"), ("POST", "/chat/completions"): return (.chatCompletions, nil)
    case ("GET", "/v1/models"), ("GET", "/models"): return (.models, nil)
    case ("POST", "/api/chat"): return (.ollamaChat, nil)
    case ("POST", "/api/generate"): return (.ollamaGenerate, nil)
    case ("GET", "/api/tags"): return (.ollamaTags, nil)
    case ("GET", "/api/version"): return (.ollamaVersion, nil)
    case ("POST", "/api/show"): return (.ollamaShow, nil)
    case ("GET", "/"), ("HEAD", "/"): return (.ollamaRoot, nil)
    case ("POST", "/v1/audio/transcriptions"), ("POST", "/audio/transcriptions"): return (.audioTranscriptions, nil)
    case ("POST", "/inference"): return (.whisperInference, nil)
    default: break
    }
    guard method == "GET" else { return (nil, nil) }
    for prefix in ["/v1/models/", "/models/"] where path.hasPrefix(prefix) && path.count > prefix.count {
      return (.models, String(path.dropFirst(prefix.count)))
    }
    return (nil, nil)
  }

  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }

  /// The key sent: the Bearer token of `Authorization`, or (LiteLLM takes it too) `x-api-key`.
  var credential: String? {
    if let authorization = header("Authorization") {
      let trimmed = authorization.drop { $0 == " " }
      if trimmed.lowercased().hasPrefix("bearer ") {
        return String(trimmed.dropFirst(7).drop { $0 == " " })
      }
      return String(trimmed)
    }
    return header("x-api-key")
  }

  /// The model a fault aimed at a model matches: the body's `model` (a JSON member or a form
  /// field).
  var model: String? { json?["model"]?.stringValue ?? form?.first { $0.name == "model" }?.text }

  static let credentialHeaders: Set<String> = ["authorization", "x-api-key", "api-key", "proxy-authorization"]

  /// Headers for the log, credentials blanked.
  var redactedHeaders: [(String, String)] {
    headers.map { Self.credentialHeaders.contains($0.0.lowercased()) ? ($0.0, "[redacted]") : $0 }
  }
}
