import Wire

/// The message in an error body of any shape HTTP APIs send: OpenAI's `error.message` (with
/// its `code` and `type`), Ollama's and whisper.cpp's `error` string, Mistral's `message` or
/// `message.detail[]`, FastAPI's `detail` (a string, or `[{"msg", "loc"}]`), a bare `message`;
/// else the body's text made one short line (an HTML error page's tags dropped).
public enum HTTPErrorBody {
  public struct Parsed: Equatable, Sendable {
    public var message: String
    public var code: String?
    public var type: String?

    public init(message: String, code: String? = nil, type: String? = nil) {
      self.message = message
      self.code = code
      self.type = type
    }

    /// OpenAI's 429 `insufficient_quota`, which waiting does not cure.
    public var quotaExhausted: Bool { code == "insufficient_quota" || type == "insufficient_quota" }
  }

  /// The longest plain-text message kept, in characters.
  static let excerptLength = 160
  /// The message of a body that says nothing.
  public static let noMessage = "(no message)"

  public static func parse(_ bytes: [UInt8]) -> Parsed {
    parse(bytes, json: try? bytes.withUnsafeBytes { try WireCoding.parse($0) })
  }

  /// ``parse(_:)`` for a caller that has parsed the body as JSON already (nil: it is not JSON).
  static func parse(_ bytes: [UInt8], json: JSONValue?) -> Parsed {
    guard let value = json, value.objectValue != nil else {
      let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
      let line = plain(text)
      return Parsed(message: line.isEmpty ? noMessage : line)
    }
    if let error = value["error"] {
      if let message = error.stringValue { return Parsed(message: message) }
      if let message = text(error["message"]) {
        return Parsed(message: message, code: text(error["code"]), type: text(error["type"]))
      }
    }
    if let message = value["message"] {
      if let found = message.stringValue {
        return Parsed(message: found, code: text(value["code"]), type: text(value["type"]))
      }
      if let detail = message["detail"], let first = describeDetail(detail) {
        return Parsed(message: first, type: text(value["type"]))
      }
    }
    if let detail = value["detail"], let first = describeDetail(detail) { return Parsed(message: first) }
    // Readeck's form errors: the form's own errors, if any; its fields' are the caller's to show.
    if value["is_valid"] == .bool(false) {
      let errors = value["errors"]?.arrayValue?.compactMap(\.stringValue) ?? []
      return Parsed(message: errors.isEmpty ? noMessage : errors.joined(separator: "; "))
    }
    return Parsed(message: excerpt(String(decoding: bytes.prefix(4096), as: UTF8.self)))
  }

  private static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .integer(let number)?: String(number)
    default: nil
    }
  }

  /// FastAPI / pydantic: a string, or `[{"msg": …, "loc": [...]}]`.
  private static func describeDetail(_ detail: JSONValue) -> String? {
    if let text = detail.stringValue { return text }
    guard let first = detail.arrayValue?.first else { return nil }
    let message = first["msg"]?.stringValue ?? "invalid request"
    let location = first["loc"]?.arrayValue?.compactMap { $0.stringValue ?? $0.intValue.map(String.init) }
    guard let location, !location.isEmpty else { return message }
    return "\(message): \(location.joined(separator: "."))"
  }

  /// Plain text or an HTML error page made one short line: tags dropped, spaces collapsed.
  private static func plain(_ text: String) -> String {
    var out = ""
    var inTag = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" && inTag {
        inTag = false
        out += " "
      } else if !inTag {
        out.append(character)
      }
    }
    return excerpt(out)
  }

  /// At most ``excerptLength`` characters of `text` on one line.
  static func excerpt(_ text: String) -> String {
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return flat.count > excerptLength ? String(flat.prefix(excerptLength)) + "…" : flat
  }
}
