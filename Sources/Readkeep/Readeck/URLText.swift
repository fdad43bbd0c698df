import Foundation

/// The small amount of URL handling the client needs, without Foundation's URL (whose parsing
/// differs between platforms).
enum URLText {
  /// `https://host:port/prefix` with no trailing slash; nil unless http(s) with a host.
  static func normalizedBase(_ text: String) -> String? {
    var base = text.trimmingCharacters(in: .whitespaces)
    while base.hasSuffix("/") { base.removeLast() }
    let lower = base.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    guard let host = authority(of: base), !host.isEmpty else { return nil }
    return base
  }

  /// `host[:port]` of an absolute URL. Delimiters are looked for among Unicode scalars, as the
  /// HTTP client reads the URL: a combining mark after `/` joins it into one `Character`, and
  /// must not move the host past it (`https://evil.example/\u{301}@readeck.example/`).
  static func authority(of url: String) -> String? {
    guard let (_, rest) = split(url) else { return nil }
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let authority = rest[..<end]
    // Credentials in the URL are never part of what is compared or shown.
    if let at = authority.lastIndex(of: "@") { return String(authority[authority.index(after: at)...]).lowercased() }
    return String(authority).lowercased()
  }

  /// The scheme and authority: what two URLs must share to be the same origin.
  static func origin(of url: String) -> String? {
    guard let (scheme, _) = split(url), let authority = authority(of: url) else { return nil }
    return String(scheme).lowercased() + "://" + authority
  }

  /// The URL without user information, for messages and summaries.
  static func redactingCredentials(_ url: String) -> String {
    guard let (scheme, rest) = split(url) else { return url }
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    guard let at = rest[..<end].lastIndex(of: "@") else { return url }
    return String(scheme) + "://" + String(rest[rest.index(after: at)...])
  }

  /// What comes before the first `://` and what after it, as scalars.
  private static func split(_ url: String) -> (Substring.UnicodeScalarView, Substring.UnicodeScalarView)? {
    let scalars = Substring(url).unicodeScalars
    var from = scalars.startIndex
    while let colon = scalars[from...].firstIndex(of: ":") {
      let after = scalars[scalars.index(after: colon)...]
      if after.starts(with: "//".unicodeScalars) { return (scalars[..<colon], after.dropFirst(2)) }
      from = scalars.index(after: colon)
    }
    return nil
  }

  /// Percent-encodes a query component (RFC 3986 unreserved characters stay).
  static func encodeComponent(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        out += "%"
        out.unicodeScalars.append(hex[Int(byte >> 4)])
        out.unicodeScalars.append(hex[Int(byte & 0xF)])
      }
    }
    return out
  }

  static func query(_ items: [(String, String)]) -> String {
    items.map { encodeComponent($0.0) + "=" + encodeComponent($0.1) }.joined(separator: "&")
  }

  /// The target of the `Link` header entry with `rel="<rel>"` among (possibly several) header lines.
  static func link(rel: String, in headerLines: [String]) -> String? {
    for line in headerLines {
      for entry in line.split(separator: ",") {
        let pieces = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
        let rels = pieces.dropFirst().filter { $0.lowercased().hasPrefix("rel=") }
          .map { $0.dropFirst(4).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\"", with: "") }
        if rels.contains(where: { $0.split(separator: " ").contains(Substring(rel)) }) {
          return String(target.dropFirst().dropLast())
        }
      }
    }
    return nil
  }
}
