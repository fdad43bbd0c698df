import FakeServer

/// Ids and hashes derived from a request's sequence number or a name, so that two runs of a test
/// send the same bytes.
enum Identifiers {
  /// Characters drawn from SplitMix64, seeded per request.
  struct Generator {
    private var random: SplitMix64

    init(seed: Int, salt: UInt64 = 0) {
      random = SplitMix64(seed: UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 ^ salt)
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func characters(_ count: Int, from alphabet: [UInt8]) -> String {
      var out: [UInt8] = []
      out.reserveCapacity(count)
      for _ in 0..<count { out.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
      return String(decoding: out, as: UTF8.self)
    }

    mutating func hex(_ count: Int) -> String { characters(count, from: Identifiers.hexDigits) }

    /// A version-4 UUID in lower case, as Python's `uuid4()` prints it.
    mutating func uuid() -> String {
      var digits = Array(hex(32).utf8)
      digits[12] = UInt8(ascii: "4")
      digits[16] = Identifiers.hexDigits[Int(8 + next() % 4)]
      let text = String(decoding: digits, as: UTF8.self)
      let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
        String(text.utf8.dropFirst(range.lowerBound).prefix(range.count))!
      }
      return parts.joined(separator: "-")
    }
  }

  static let hexDigits = Array("0123456789abcdef".utf8)
  static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// The completion id each server writes: `chatcmpl-` and 29 letters or digits (OpenAI), a
  /// UUID (LiteLLM, llama-cpp-python), `cmpl-` and 32 hex digits (Mistral), a number below 1000
  /// (Ollama's `/v1`).
  static func completionID(flavor: FakeLLMFlavor, sequence: Int) -> String {
    var generator = Generator(seed: sequence, salt: 0xC0FFEE)
    switch flavor {
    case .openAI: return "chatcmpl-" + generator.characters(29, from: alphanumerics)
    case .liteLLM, .llamaCpp: return "chatcmpl-" + generator.uuid()
    case .mistral: return "cmpl-" + generator.hex(32)
    case .ollama: return "chatcmpl-\(generator.next() % 999)"
    }
  }

  static func requestID(sequence: Int) -> String {
    var generator = Generator(seed: sequence, salt: 0xBADC0DE)
    return generator.hex(32)
  }

  /// FNV-1a 64 in 16 hex digits.
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// A sha256-looking digest for `/api/tags`: 64 hex digits that depend only on the name.
  static func digest(of name: String) -> String {
    (0..<4).map { fnv1a("\($0):\(name)") }.joined()
  }

  /// A key as OpenAI quotes it in a 401 (`sk-proj-********…wxyz`): the first eight and last four
  /// characters of a long key, stars between; less of a shorter one, never the whole key.
  static func masked(_ key: String) -> String {
    let characters = Array(key)
    let (head, tail) =
      switch characters.count {
      case 24...: (8, 4)
      case 12..<24: (3, 4)
      default: (characters.count / 3, 0)
      }
    return String(characters.prefix(head)) + String(repeating: "*", count: characters.count - head - tail)
      + String(characters.suffix(tail))
  }

  /// A key as LiteLLM quotes it: `sk-...` and the last four characters of a long key.
  static func abbreviated(_ key: String) -> String {
    let characters = Array(key)
    guard characters.count >= 12 else { return "sk-..." }
    return "sk-..." + String(characters.suffix(4))
  }
}
