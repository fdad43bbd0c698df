/// A link as Readeck stores it: Go's `url.Parse(u).String()` (net/url), the fragment dropped.
/// Go decodes the path and the host and writes them again with its own escaping, so `café`
/// comes back as `caf%C3%A9` and `bücher.de` as `b%C3%BCcher.de`; the query stays as given.
/// Worked on UTF-8 bytes, as Go works on them; nil where Go's parser refuses the link.
public enum ServerSpelling {
  public static func of(_ url: String) -> String? {
    var bytes = Array(url.utf8)
    if let hash = bytes.firstIndex(of: ascii("#")) { bytes.removeSubrange(hash...) }
    if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return nil }
    guard let colon = bytes.firstIndex(of: ascii(":")), isScheme(bytes[..<colon]) else { return nil }
    var rest = Array(bytes[(colon + 1)...])
    var query: [UInt8] = []
    if let mark = rest.firstIndex(of: ascii("?")) {
      query = Array(rest[mark...])  // the mark and what follows, as given: Go keeps RawQuery
      rest.removeSubrange(mark...)
    }
    guard rest.starts(with: [ascii("/"), ascii("/")]) else { return nil }
    rest.removeFirst(2)
    let slash = rest.firstIndex(of: ascii("/")) ?? rest.endIndex
    guard let authority = self.authority(Array(rest[..<slash])), let path = self.path(Array(rest[slash...])) else {
      return nil
    }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    return scheme + "://" + String(decoding: authority + path + query, as: UTF8.self)
  }

  /// Go's sections of a URL, each escaping its own set.
  private enum Section { case host, userInfo, path }

  private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

  private static func isScheme(_ scheme: ArraySlice<UInt8>) -> Bool {
    guard let first = scheme.first, isLetter(first) else { return false }
    return scheme.allSatisfy { isLetter($0) || isDigit($0) || $0 == ascii("+") || $0 == ascii("-") || $0 == ascii(".") }
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= ascii("a") && (byte | 0x20) <= ascii("z") }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

  /// `userinfo@host:port`: user information decoded and escaped again, the host in lower case
  /// (names are compared without case) and escaped again.
  private static func authority(_ authority: [UInt8]) -> [UInt8]? {
    let at = authority.lastIndex(of: ascii("@"))
    let hostPart = Array(authority[(at.map { $0 + 1 } ?? 0)...])
    guard var host = self.host(hostPart) else { return nil }
    if let decoded = String(validating: host, as: UTF8.self) {
      host = Array(decoded.lowercased().utf8)
    } else {
      host = host.map { $0 >= ascii("A") && $0 <= ascii("Z") ? $0 | 0x20 : $0 }
    }
    var written: [UInt8] = []
    if let at {
      let info = authority[..<at]
      guard info.allSatisfy(isUserInfoByte) else { return nil }
      let colon = info.firstIndex(of: ascii(":"))
      guard let user = unescape(Array(info[..<(colon ?? info.endIndex)]), .userInfo) else { return nil }
      written = escape(user, .userInfo)
      if let colon {
        guard let password = unescape(Array(info[(colon + 1)...]), .userInfo) else { return nil }
        written += [ascii(":")] + escape(password, .userInfo)
      }
      written.append(ascii("@"))
    }
    return written + escape(host, .host)
  }

  /// The host decoded, after Go's checks of its port (and of the brackets of an IPv6 literal).
  private static func host(_ host: [UInt8]) -> [UInt8]? {
    if host.first == ascii("[") {
      guard let close = host.lastIndex(of: ascii("]")), isPort(host[(close + 1)...]) else { return nil }
      // A zone (`%25en0`) follows rules of its own; no link Readeck fetches has one.
      if host[..<close].indices.contains(where: { host[$0...].starts(with: Array("%25".utf8)) }) { return nil }
    } else if let colon = host.lastIndex(of: ascii(":")), !isPort(host[colon...]) {
      return nil
    }
    return unescape(host, .host)
  }

  private static func isPort(_ port: ArraySlice<UInt8>) -> Bool {
    port.isEmpty || (port.first == ascii(":") && port.dropFirst().allSatisfy(isDigit))
  }

  /// Go's `validUserinfo`: the bytes user information may hold before it is decoded.
  private static func isUserInfoByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || Array("-._:~!$&'()*+,;=%@".utf8).contains(byte)
  }

  /// Go's `EscapedPath`: the path as given when it needs no escaping, else decoded and escaped.
  private static func path(_ path: [UInt8]) -> [UInt8]? {
    guard let decoded = unescape(path, .path) else { return nil }
    let allowed = Array("!$&'()*+,;=:@[]%".utf8)
    return path.allSatisfy({ allowed.contains($0) || !shouldEscape($0, .path) }) ? path : escape(decoded, .path)
  }

  /// Go's `shouldEscape`, for the sections a web link has.
  private static func shouldEscape(_ byte: UInt8, _ section: Section) -> Bool {
    if isLetter(byte) || isDigit(byte) || Array("-_.~".utf8).contains(byte) { return false }
    if section == .host, Array("!$&'()*+,;=:[]<>\"".utf8).contains(byte) { return false }
    guard Array("$&+,/:;=?@".utf8).contains(byte) else { return true }
    switch section {
    case .host: return true  // what is left of them: / ? @
    case .path: return byte == ascii("?")
    case .userInfo: return Array("@/?:".utf8).contains(byte)
    }
  }

  private static func escape(_ bytes: [UInt8], _ section: Section) -> [UInt8] {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for byte in bytes {
      if shouldEscape(byte, section) {
        out += [ascii("%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      } else {
        out.append(byte)
      }
    }
    return out
  }

  /// Go's `unescape`: nil for a `%` without two hex digits, and in a host for an escaped ASCII
  /// byte (but `%25`) or an ASCII byte that would need escaping.
  private static func unescape(_ bytes: [UInt8], _ section: Section) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == ascii("%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        if section == .host, high < 8, !(high == 2 && low == 5) { return nil }
        out.append(high << 4 | low)
        index += 3
      } else {
        if section == .host, byte < 0x80, shouldEscape(byte, .host) { return nil }
        out.append(byte)
        index += 1
      }
    }
    return out
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case ascii("0")...ascii("9"): byte - ascii("0")
    case ascii("a")...ascii("f"): byte - ascii("a") + 10
    case ascii("A")...ascii("F"): byte - ascii("A") + 10
    default: nil
    }
  }
}
