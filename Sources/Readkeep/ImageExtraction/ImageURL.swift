/// Image URLs as an article writes them, resolved as a browser would (the WHATWG URL standard)
/// and put in one canonical form for de-duplication.
public enum ImageURL {
  /// `raw` resolved against `base`: leading and trailing C0 controls and spaces trimmed, tabs and
  /// newlines removed, then parsed by `ParsedURL`. nil when nothing is left, when a relative
  /// reference has no http(s) base, or when a browser would refuse it (a bad host or port).
  /// URLs of other schemes (`data:`, `mailto:`) come back as they are, trimmed.
  public static func resolve(_ raw: String, against base: String?) -> String? {
    resolution(of: raw, against: base)?.resolved
  }

  /// The resolved URL and its canonical form, from one parse of each.
  static func resolution(of raw: String, against base: String?) -> (resolved: String, canonical: String)? {
    resolution(of: raw, against: base.flatMap { ParsedURL(cleaned($0)) })
  }

  /// Lower-case scheme and host, no default port, no dot segments, no fragment: two spellings
  /// of the same image become one string. Only http(s) (and the other special schemes) have a
  /// canonical form; any other URL is its own.
  public static func canonical(_ url: String) -> String {
    ParsedURL(cleaned(url))?.withoutFragment ?? url
  }

  /// Whether the tool may fetch it: http and https only.
  public static func isFetchable(_ url: String) -> Bool {
    let lower = url.prefix(8).lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// `#` or `#name`: the document itself, never an image (`src="#"` on a placeholder avatar,
  /// `url(#gradient)` naming an SVG element). Whitespace and C0 controls before it are trimmed
  /// by URL parsing, so they do not count.
  public static func isFragmentOnly(_ raw: String) -> Bool {
    raw.utf8.first { $0 > 0x20 } == UInt8(ascii: "#")
  }

  /// `https://host[:port]/` of an http(s) URL, the Referer a browser sends under its default
  /// policy: never a user name, password, path or query.
  public static func origin(_ url: String) -> String? {
    guard let origin = ParsedURL(cleaned(url))?.origin, isFetchable(origin) else { return nil }
    return origin
  }

  /// The resolved URL and its canonical form, parsing once; `base` parsed once per document.
  static func resolution(of raw: String, against base: ParsedURL?) -> (resolved: String, canonical: String)? {
    let text = cleaned(raw)
    guard !text.isEmpty else { return nil }
    if let url = ParsedURL.parse(text[...], base: base) { return (url.string, url.withoutFragment) }
    // Another scheme's URL is kept as written; a relative one without a base, or an http(s)
    // one a browser refuses, is nothing.
    guard let colon = ParsedURL.schemeEnd(of: text[...]), !ParsedURL.isSpecial(text[..<colon].map { $0 | 0x20 }) else {
      return nil
    }
    let written = String(decoding: text, as: UTF8.self)
    return (written, written)
  }

  /// The bytes a URL parser starts from: no leading or trailing C0 control or space, no tab or
  /// newline anywhere.
  static func cleaned(_ raw: String) -> [UInt8] {
    var bytes = Array(raw.utf8)
    guard let first = bytes.firstIndex(where: { $0 > 0x20 }), let last = bytes.lastIndex(where: { $0 > 0x20 }) else {
      return []
    }
    if first > 0 || last < bytes.count - 1 { bytes = Array(bytes[first...last]) }
    if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
    return bytes
  }
}
