import Foundation

/// Image URLs as an article writes them, resolved as a browser would and put in one canonical
/// form for de-duplication.
public enum ImageURL {
  /// `raw` resolved against `base`: leading and trailing whitespace and C0 controls trimmed, tabs
  /// and newlines removed, backslashes read as slashes in the path (WHATWG URL rules for http);
  /// nil when nothing is left or it does not parse. `data:` URLs come back as they are.
  public static func resolve(_ raw: String, against base: String?) -> String? {
    var text = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}"..."\u{20}"))
    text.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard !text.isEmpty else { return nil }
    if text.lowercased().hasPrefix("data:") { return text }
    // Backslashes before the query are slashes in http(s) URLs.
    if let queryStart = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      text = text[..<queryStart].replacingOccurrences(of: "\\", with: "/") + text[queryStart...]
    } else {
      text = text.replacingOccurrences(of: "\\", with: "/")
    }
    let baseURL = base.flatMap { URL(string: $0) }
    guard let url = URL(string: text, relativeTo: baseURL) ?? URL(string: encodeUnsafe(text), relativeTo: baseURL) else { return nil }
    return url.absoluteString
  }

  /// Lower-case scheme and host, no default port, no dot segments, no fragment: two spellings
  /// of the same image become one string.
  public static func canonical(_ url: String) -> String {
    guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return url }
    components.scheme = scheme
    components.host = components.host?.lowercased()
    if (scheme == "http" && components.port == 80) || (scheme == "https" && components.port == 443) { components.port = nil }
    components.fragment = nil
    if components.host != nil {
      components.percentEncodedPath = removingDotSegments(components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
    }
    return components.string ?? url
  }

  /// Whether the tool may fetch it: http and https only.
  public static func isFetchable(_ url: String) -> Bool {
    let lower = url.prefix(8).lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// RFC 3986 section 5.2.4.
  static func removingDotSegments(_ path: String) -> String {
    var output: [Substring] = []
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, segment) in segments.enumerated() {
      let last = index == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if output.count > 1 { output.removeLast() }
        if last { output.append("") }
      default:
        output.append(segment)
      }
    }
    let joined = output.joined(separator: "/")
    return joined.hasPrefix("/") ? joined : "/" + joined
  }

  /// Spaces and non-ASCII percent-encoded, for URLs Foundation refuses as written.
  private static func encodeUnsafe(_ text: String) -> String {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.insert(charactersIn: "#%")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
