import Wire

/// Mistral's strict request model: any member it does not know is a 422 `extra_forbidden`,
/// listed as pydantic lists them: the messages' members, then the request's, each in the order
/// sent (so the raw bytes are read; a decoded object has lost the order).
enum MistralValidation {
  static let requestMembers: Set<String> = [
    "model", "messages", "temperature", "top_p", "max_tokens", "stream", "stop", "random_seed", "response_format",
    "tools", "tool_choice", "presence_penalty", "frequency_penalty", "n", "safe_prompt", "prompt_mode", "prediction",
  ]

  /// Members a message of each role may carry besides `role` and `content` (an assistant's
  /// `prefix` and tool calls, a tool result's id and name).
  static let extraMessageMembers: [String: Set<String>] = [
    "assistant": ["prefix", "tool_calls"], "tool": ["tool_call_id", "name"],
  ]

  /// The forbidden members of `body` with their pydantic location (`["body","messages",1,"user","name"]`).
  static func forbidden(raw: [UInt8], body: JSONValue) -> [(location: [JSONValue], input: JSONValue)] {
    guard let members = body.objectValue else { return [] }
    let order = KeyOrder(raw)
    var found: [(location: [JSONValue], input: JSONValue)] = []
    // pydantic validates the declared fields first (messages among them), then the extras.
    for (index, keys) in order.messageKeys.enumerated() {
      guard let message = members["messages"]?.arrayValue?[safe: index]?.objectValue else { continue }
      let role = message["role"]?.stringValue ?? ""
      let allowed = Set(["role", "content"]).union(extraMessageMembers[role] ?? [])
      for name in keys where !allowed.contains(name) {
        if let value = message[name] {
          found.append(
            (location: ["body", "messages", .integer(Int64(index)), .string(role), .string(name)], input: value))
        }
      }
    }
    for name in order.topLevel where !requestMembers.contains(name) {
      if let value = members[name] { found.append((location: ["body", .string(name)], input: value)) }
    }
    return found
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// The member names of a JSON object in the order written: the top level's, and those of each
/// object in its `messages` array. Assumes valid JSON (the body parsed already).
struct KeyOrder {
  private(set) var topLevel: [String] = []
  private(set) var messageKeys: [[String]] = []
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    skipSpace()
    guard peek == UInt8(ascii: "{") else { return }
    topLevel = objectKeys { name, scanner in
      if name == "messages", scanner.peek == UInt8(ascii: "[") {
        scanner.messageKeys = scanner.arrayOfObjectKeys()
        return true
      }
      return false
    }
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Reads an object, returning its keys; `nested` may consume a member's value itself.
  private mutating func objectKeys(nested: (String, inout KeyOrder) -> Bool = { _, _ in false }) -> [String] {
    var keys: [String] = []
    index += 1
    while true {
      skipSpace()
      guard let byte = peek else { return keys }
      if byte == UInt8(ascii: "}") {
        index += 1
        return keys
      }
      if byte == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "\""), let key = string() else { return keys }
      keys.append(key)
      skipSpace()
      guard peek == UInt8(ascii: ":") else { return keys }
      index += 1
      skipSpace()
      if !nested(key, &self) { skipValue() }
    }
  }

  private mutating func arrayOfObjectKeys() -> [[String]] {
    var result: [[String]] = []
    index += 1
    while true {
      skipSpace()
      guard let byte = peek else { return result }
      switch byte {
      case UInt8(ascii: "]"):
        index += 1
        return result
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "{"):
        result.append(objectKeys())
      default:
        result.append([])
        skipValue()
      }
    }
  }

  private mutating func skipValue() {
    guard let byte = peek else { return }
    switch byte {
    case UInt8(ascii: "\""):
      _ = string()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while let current = peek {
        if current == UInt8(ascii: "\"") {
          _ = string()
          continue
        }
        index += 1
        if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") { depth += 1 }
        if current == UInt8(ascii: "}") || current == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 { return }
        }
      }
    default:
      while let current = peek, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(current) {
        index += 1
      }
    }
  }

  /// A string at `index` (on its opening quote), decoded through the real parser.
  private mutating func string() -> String? {
    let start = index
    index += 1
    while let byte = peek {
      index += 1
      if byte == UInt8(ascii: "\\") {
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        return bytes[start..<index].withUnsafeBytes { try? WireCoding.parse($0) }?.stringValue
      }
    }
    return nil
  }

  private mutating func skipSpace() {
    while let byte = peek, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }
}
