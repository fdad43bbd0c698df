import Wire

/// A `multipart/form-data` body (RFC 7578), as transcription APIs take their uploads: text fields
/// and a file part, each under `--boundary` with CRLF line ends; values go out as UTF-8 as they
/// are, and a field may repeat (`timestamp_granularities[]`).
public struct MultipartForm: Sendable {
  public struct Part: Sendable, Equatable {
    public var name: String
    public var filename: String?
    public var contentType: String?
    public var bytes: [UInt8]
  }

  public private(set) var parts: [Part] = []
  /// Given, or nil to pick a random one that no part contains.
  private let fixedBoundary: String?

  /// - Parameter boundary: a fixed boundary (tests); nil picks a random one when the body is made.
  public init(boundary: String? = nil) {
    fixedBoundary = boundary
  }

  public mutating func add(_ name: String, _ value: String) {
    parts.append(Part(name: name, filename: nil, contentType: nil, bytes: Array(value.utf8)))
  }

  public mutating func addFile(_ name: String, filename: String, contentType: String, bytes: [UInt8]) {
    parts.append(Part(name: name, filename: filename, contentType: contentType, bytes: bytes))
  }

  /// The request's `Content-Type` and body.
  public func encoded() -> (contentType: String, body: [UInt8]) {
    var boundary = fixedBoundary ?? Self.randomBoundary()
    while fixedBoundary == nil,
      parts.contains(where: { ByteSearch.firstIndex(of: Array(boundary.utf8), in: $0.bytes) != nil })
    {
      boundary = Self.randomBoundary()
    }
    return ("multipart/form-data; boundary=\(boundary)", body(boundary: boundary))
  }

  private func body(boundary: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count + 160 } + boundary.utf8.count + 8)
    for part in parts {
      var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
      if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
      head += "\r\n"
      if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
      head += "\r\n"
      out += Array(head.utf8)
      out += part.bytes
      out += [0x0D, 0x0A]
    }
    out += Array("--\(boundary)--\r\n".utf8)
    return out
  }

  /// A name or filename inside quotes, escaped as browsers do (WHATWG): `"` as `%22`, CR and LF
  /// as `%0D` and `%0A`.
  static func quoted(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\"": out += "%22"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case "\r\n": out += "%0D%0A"
      default: out.append(character)
      }
    }
    return out
  }

  /// `ail-` and 32 random letters and digits: no real content contains it by chance.
  static func randomBoundary() -> String {
    let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var generator = SystemRandomNumberGenerator()
    return "ail-" + String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
  }
}
