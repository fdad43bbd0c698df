/// Which links Readeck takes, and when two spellings are the same link: a pure rule, used when a
/// link is queued and when rk-push looks for one the server may already hold.
public enum SavedLink {
  /// Readeck's limit on `url` (and on `title`).
  public static let maximumLength = 1024

  public enum Problem: Error, Equatable, Sendable {
    case empty
    /// Not `http://host…` or `https://host…`.
    case notWeb
    case whiteSpace
    case tooLong(characters: Int)
  }

  /// Why Readeck would refuse `url`, or nil when it takes it.
  public static func problem(_ url: String) -> Problem? {
    if url.isEmpty { return .empty }
    if url.unicodeScalars.contains(where: \.properties.isWhitespace) { return .whiteSpace }
    let count = url.count
    if count > maximumLength { return .tooLong(characters: count) }
    guard let (scheme, rest) = split(Substring(url).unicodeScalars), scheme == "http" || scheme == "https",
      let first = rest.first, !"/?#".unicodeScalars.contains(first)
    else { return .notWeb }
    return nil
  }

  /// The link as compared, in the one form the server writes it (``ServerSpelling``): path and
  /// host escaped as Go escapes them (`café` and `caf%C3%A9` are one link), scheme and host in
  /// lower case, the fragment gone (the server drops it), the query as written. A link Go's
  /// parser refuses (the server refuses it too) is compared with only case and fragment set aside.
  public static func key(_ url: String) -> String {
    if let spelled = ServerSpelling.of(url) { return spelled }
    let scalars = Substring(url).unicodeScalars
    let withoutFragment = scalars[..<(scalars.firstIndex(of: "#") ?? scalars.endIndex)]
    guard let (scheme, rest) = split(withoutFragment) else { return String(Substring(withoutFragment)) }
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    // User information keeps its case; the host after it does not.
    let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
    return scheme + "://" + Substring(authority[..<hostStart]) + Substring(authority[hostStart...]).lowercased()
      + Substring(rest[authorityEnd...])
  }

  /// The scheme in lower case and what follows `://`. Delimiters are looked for among Unicode
  /// scalars, as a server reads bytes: a combining mark after `#` or `/` must not hide it.
  private static func split(_ url: Substring.UnicodeScalarView) -> (String, Substring.UnicodeScalarView)? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let afterColon = url[url.index(after: colon)...]
    guard afterColon.starts(with: "//".unicodeScalars) else { return nil }
    return (Substring(url[..<colon]).lowercased(), afterColon.dropFirst(2))
  }
}
