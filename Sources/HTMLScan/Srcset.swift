/// One image candidate of a `srcset` attribute.
public struct SrcsetCandidate: Sendable, Equatable {
  public var url: String
  /// The descriptors as written (`480w`, `2x`, `100h`), in order.
  public var descriptors: [String]
  public var width: Int?
  public var density: Double?
  public var height: Int?

  public init(url: String, descriptors: [String] = [], width: Int? = nil, density: Double? = nil, height: Int? = nil) {
    self.url = url
    self.descriptors = descriptors
    self.width = width
    self.density = density
    self.height = height
  }
}

/// The WHATWG "parse a srcset attribute" algorithm: URLs may contain commas (only trailing ones
/// end a URL), descriptors may contain parenthesised commas, and a candidate with invalid
/// descriptors is dropped as browsers drop it.
public enum Srcset {
  public static func parse(_ value: String) -> [SrcsetCandidate] {
    let bytes = Array(value.utf8)
    var candidates: [SrcsetCandidate] = []
    var position = 0
    while true {
      while position < bytes.count, isWhitespace(bytes[position]) || bytes[position] == comma { position += 1 }
      guard position < bytes.count else { return candidates }
      let urlStart = position
      while position < bytes.count, !isWhitespace(bytes[position]) { position += 1 }
      var urlEnd = position
      var descriptors: [String] = []
      if bytes[urlEnd - 1] == comma {
        while urlEnd > urlStart, bytes[urlEnd - 1] == comma { urlEnd -= 1 }
      } else {
        descriptors = tokenizeDescriptors(bytes, &position)
      }
      guard urlEnd > urlStart else { continue }
      let url = String(decoding: bytes[urlStart..<urlEnd], as: UTF8.self)
      if let candidate = candidate(url: url, descriptors: descriptors) { candidates.append(candidate) }
    }
  }

  /// Writes candidates back as `URL descriptors, URL descriptors`.
  public static func serialize(_ candidates: [SrcsetCandidate]) -> String {
    candidates.map { ([$0.url] + $0.descriptors).joined(separator: " ") }.joined(separator: ", ")
  }

  private static let comma = UInt8(ascii: ",")

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0c || byte == 0x0d
  }

  /// The descriptor tokenizer; leaves `position` after the candidate's terminating comma.
  private static func tokenizeDescriptors(_ bytes: [UInt8], _ position: inout Int) -> [String] {
    enum State { case inDescriptor, inParens, afterDescriptor }
    while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
    var descriptors: [String] = []
    var current: [UInt8] = []
    var state = State.inDescriptor
    func flush() {
      if !current.isEmpty { descriptors.append(String(decoding: current, as: UTF8.self)) }
      current = []
    }
    while true {
      guard position < bytes.count else {
        flush()
        return descriptors
      }
      let byte = bytes[position]
      switch state {
      case .inDescriptor:
        if isWhitespace(byte) {
          flush()
          state = .afterDescriptor
        } else if byte == comma {
          position += 1
          flush()
          return descriptors
        } else {
          current.append(byte)
          if byte == UInt8(ascii: "(") { state = .inParens }
        }
      case .inParens:
        current.append(byte)
        if byte == UInt8(ascii: ")") { state = .inDescriptor }
      case .afterDescriptor:
        if !isWhitespace(byte) {
          state = .inDescriptor
          continue  // the same byte again, in a descriptor
        }
      }
      position += 1
    }
  }

  /// Checks the descriptors as the spec's descriptor parser does; nil when the candidate is invalid.
  private static func candidate(url: String, descriptors: [String]) -> SrcsetCandidate? {
    var result = SrcsetCandidate(url: url, descriptors: descriptors)
    for descriptor in descriptors {
      let number = descriptor.dropLast()
      switch descriptor.last {
      case "w":
        guard result.width == nil, result.density == nil, let width = Int(number), width > 0,
          number.allSatisfy(\.isASCIIDigit)
        else { return nil }
        result.width = width
      case "x":
        guard result.width == nil, result.density == nil, result.height == nil, let density = validFloat(number),
          density >= 0
        else { return nil }
        result.density = density
      case "h":
        guard result.height == nil, result.density == nil, let height = Int(number), height > 0,
          number.allSatisfy(\.isASCIIDigit)
        else { return nil }
        result.height = height
      default:
        return nil
      }
    }
    // A height alone is not allowed.
    if result.height != nil, result.width == nil { return nil }
    return result
  }

  /// HTML's "valid floating-point number": digits, optional fraction, optional exponent; no sign but '-'.
  private static func validFloat(_ text: Substring) -> Double? {
    guard let first = text.first, first.isASCIIDigit || first == "-" || first == ".", !text.hasPrefix("+"),
      text.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "e" || $0 == "E" || $0 == "+" })
    else { return nil }
    return Double(text)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
