public import Wire

/// Whether a request carried a credential, without keeping it.
public enum FakeCredential: Sendable, Hashable {
  case absent
  /// ``FakeLLM/fingerprint(_:)`` of the key sent (the Bearer token or `x-api-key` value), so a
  /// test can tell which key arrived without the log ever holding one.
  case present(fingerprint: String)
}

/// A request as the fake server received it, and how it was answered.
public struct FakeLLMRequest: Sendable {
  /// 1 for the first request the server received, counting on across ``FakeLLM/clearRequests()``.
  public var sequence: Int
  public var method: String
  /// The path as sent, without the query.
  public var path: String
  /// The headers as sent, except that credential headers (`Authorization`, `x-api-key`,
  /// `api-key`) carry `[redacted]` instead of their value.
  public var headers: [(String, String)]
  public var credential: FakeCredential
  /// The body as sent.
  public var body: [UInt8]
  /// The body parsed, or nil when it is empty or not JSON.
  public var json: JSONValue?
  /// The parts of a `multipart/form-data` body (a transcription upload) in the order sent;
  /// empty for other bodies and for one that did not parse. See ``formValues(_:)``.
  public var form: [FakeFormPart] = []
  /// The route matched, or nil for a path the server does not know.
  public var route: FakeLLMRoute?
  /// The body's `model`.
  public var model: String?
  /// Whether the answer is streamed (Ollama streams unless `"stream": false`).
  public var stream: Bool
  /// Monotonic seconds (``FakeLLM/monotonicNow()``) when the request head arrived.
  public var receivedAt: Double
  /// When the response head went out, with the first event of a stream.
  public var firstByteAt: Double?
  /// When each piece of the body went out: every SSE event or NDJSON line of a stream, the one
  /// body of a whole answer.
  public var writeTimes: [Double] = []
  /// When the answer was complete (or cut, reset, dropped).
  public var finishedAt: Double?
  /// The status answered; nil for a dropped connection or one still waiting.
  public var status: Int?
  /// The fault this request met.
  public var fault: FakeLLMFault?

  /// The first value of a header, matched case-insensitively.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }

  /// The chat as sent: the messages of `/v1/chat/completions` and `/api/chat`, or `system` and
  /// `prompt` of `/api/generate` as a system and a user message.
  public var messages: [FakeMessage] { json.map { RequestFields.messages(in: $0, route: route) } ?? [] }

  /// Every system message's content, joined with a blank line.
  public var systemPrompt: String {
    messages.filter { $0.role == "system" }.map(\.content).joined(separator: "\n\n")
  }

  /// The last user message's content.
  public var userText: String { messages.last { $0.role == "user" }?.content ?? "" }
}

extension FakeLLMRequest: CustomStringConvertible {
  /// One line for logs: never a header value, so no credential can leak through it.
  public var description: String {
    var text = "#\(sequence) \(method) \(path)"
    if let model { text += " model=\(model)" }
    if stream { text += " stream" }
    if case .present = credential { text += " key=present" }
    if let fault { text += " fault=\(fault)" }
    text += " → " + (status.map(String.init) ?? "-")
    return text
  }
}

/// Reading the members of request bodies the same way for the log and for answering.
enum RequestFields {
  static func messages(in body: JSONValue, route: FakeLLMRoute?) -> [FakeMessage] {
    if route == .ollamaGenerate {
      var messages: [FakeMessage] = []
      if let system = body["system"]?.stringValue, !system.isEmpty {
        messages.append(FakeMessage(role: "system", content: system))
      }
      messages.append(FakeMessage(role: "user", content: body["prompt"]?.stringValue ?? ""))
      return messages
    }
    return (body["messages"]?.arrayValue ?? []).compactMap { element in
      guard element.objectValue != nil else { return nil }
      return FakeMessage(role: element["role"]?.stringValue ?? "", content: text(of: element["content"]))
    }
  }

  /// A message's text: a string, or the `text` of each part of an OpenAI content array.
  static func text(of content: JSONValue?) -> String {
    switch content {
    case .string(let text): return text
    case .array(let parts): return parts.compactMap { $0["text"]?.stringValue }.joined()
    default: return ""
    }
  }

  /// OpenAI's `stream` (default false) or Ollama's (default true).
  static func stream(in body: JSONValue?, route: FakeLLMRoute?) -> Bool {
    switch route {
    case .chatCompletions: return body?["stream"]?.boolValue ?? false
    case .ollamaChat, .ollamaGenerate: return body?["stream"]?.boolValue ?? true
    default: return false
    }
  }
}
