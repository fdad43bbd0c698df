/// Go's `url.Parse(s).String()`, which is how Readeck keeps a bookmark's URL: the fields Go
/// parses into (path and host decoded, the raw path kept when it differs) and the string it
/// writes from them. Written after net/url's own code, apart from the client's comparison
/// (OfflineStore's ServerSpelling), so that each checks the other. Nil where `url.Parse` errs.
struct GoURL {
  var scheme = ""
  var user: (name: [UInt8], password: [UInt8]?)?
  var host: [UInt8] = []
  var path: [UInt8] = []
  var rawPath: [UInt8] = []
  var forceQuery = false
  var rawQuery: [UInt8] = []

  private enum Mode { case path, host, userPassword }

  /// `url.Parse`, fragment ignored (Readeck drops it).
  init?(_ text: String) {
    var raw = Array(text.utf8)
    if let hash = raw.firstIndex(of: 0x23) { raw = Array(raw[..<hash]) }
    if raw.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return nil }
    var rest = raw
    for (i, c) in raw.enumerated() {
      if Self.alpha(c) { continue }
      if Self.digit(c) || c == 0x2B || c == 0x2D || c == 0x2E {
        if i == 0 { break }
        continue
      }
      if c == 0x3A {
        if i == 0 { return nil }
        scheme = String(decoding: raw[..<i], as: UTF8.self).lowercased()
        rest = Array(raw[(i + 1)...])
      }
      break
    }
    let marks = rest.filter { $0 == 0x3F }.count
    if rest.last == 0x3F && marks == 1 {
      forceQuery = true
      rest.removeLast()
    } else if let q = rest.firstIndex(of: 0x3F) {
      rawQuery = Array(rest[(q + 1)...])
      rest = Array(rest[..<q])
    }
    guard rest.first == 0x2F else { return nil }  // opaque or relative: no web link
    if rest.starts(with: [0x2F, 0x2F]) {
      var authority = Array(rest.dropFirst(2))
      rest = []
      if let slash = authority.firstIndex(of: 0x2F) {
        rest = Array(authority[slash...])
        authority = Array(authority[..<slash])
      }
      guard parseAuthority(authority) else { return nil }
    }
    guard let decoded = Self.unescape(rest, .path) else { return nil }
    path = decoded
    rawPath = Self.escape(decoded, .path) == rest ? [] : rest
  }

  private mutating func parseAuthority(_ authority: [UInt8]) -> Bool {
    let at = authority.lastIndex(of: 0x40)
    guard let parsedHost = Self.parseHost(Array(authority[(at.map { $0 + 1 } ?? 0)...])) else { return false }
    host = parsedHost
    guard let at else { return true }
    let info = Array(authority[..<at])
    let allowed = Array("-._:~!$&'()*+,;=%@".utf8)
    guard info.allSatisfy({ Self.alpha($0) || Self.digit($0) || allowed.contains($0) }) else { return false }
    if let colon = info.firstIndex(of: 0x3A) {
      guard let name = Self.unescape(Array(info[..<colon]), .userPassword),
        let password = Self.unescape(Array(info[(colon + 1)...]), .userPassword)
      else { return false }
      user = (name, password)
    } else {
      guard let name = Self.unescape(info, .userPassword) else { return false }
      user = (name, nil)
    }
    return true
  }

  private static func parseHost(_ host: [UInt8]) -> [UInt8]? {
    func validPort(_ port: ArraySlice<UInt8>) -> Bool {
      port.isEmpty || (port.first == 0x3A && port.dropFirst().allSatisfy(digit))
    }
    if host.first == 0x5B {
      guard let close = host.lastIndex(of: 0x5D), validPort(host[(close + 1)...]) else { return nil }
      let percent25 = Array("%25".utf8)
      if (0..<close).contains(where: { host[$0...].starts(with: percent25) }) { return nil }  // zones: not needed
    } else if let colon = host.lastIndex(of: 0x3A), !validPort(host[colon...]) {
      return nil
    }
    return unescape(host, .host)
  }

  /// `URL.String()`.
  var string: String {
    var out = Array(scheme.utf8) + Array("://".utf8)
    if let user {
      out += Self.escape(user.name, .userPassword)
      if let password = user.password { out += [0x3A] + Self.escape(password, .userPassword) }
      out.append(0x40)
    }
    out += Self.escape(host, .host)
    out += escapedPath
    if forceQuery || !rawQuery.isEmpty { out += [0x3F] + rawQuery }
    return String(decoding: out, as: UTF8.self)
  }

  /// `EscapedPath()`: the raw path when it is a valid encoding of the path, else the path escaped.
  private var escapedPath: [UInt8] {
    if !rawPath.isEmpty, Self.validEncoded(rawPath), Self.unescape(rawPath, .path) == path { return rawPath }
    return Self.escape(path, .path)
  }

  private static func validEncoded(_ s: [UInt8]) -> Bool {
    let fine = Array("!$&'()*+,;=:@[]%".utf8)
    return s.allSatisfy { fine.contains($0) || !shouldEscape($0, .path) }
  }

  private static func alpha(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
  private static func digit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }

  private static func shouldEscape(_ c: UInt8, _ mode: Mode) -> Bool {
    if alpha(c) || digit(c) { return false }
    if mode == .host, Array("!$&'()*+,;=:[]<>\"".utf8).contains(c) { return false }
    switch c {
    case 0x2D, 0x5F, 0x2E, 0x7E: return false  // - _ . ~
    case 0x24, 0x26, 0x2B, 0x2C, 0x2F, 0x3A, 0x3B, 0x3D, 0x3F, 0x40:  // $ & + , / : ; = ? @
      switch mode {
      case .path: return c == 0x3F
      case .userPassword: return c == 0x40 || c == 0x2F || c == 0x3F || c == 0x3A
      case .host: return true
      }
    default: return true
    }
  }

  private static func escape(_ s: [UInt8], _ mode: Mode) -> [UInt8] {
    let upperhex = Array("0123456789ABCDEF".utf8)
    return s.flatMap { c in shouldEscape(c, mode) ? [0x25, upperhex[Int(c >> 4)], upperhex[Int(c & 15)]] : [c] }
  }

  private static func unhex(_ c: UInt8) -> UInt8? {
    if digit(c) { return c - 0x30 }
    if (0x61...0x66).contains(c) { return c - 0x61 + 10 }
    if (0x41...0x46).contains(c) { return c - 0x41 + 10 }
    return nil
  }

  private static func unescape(_ s: [UInt8], _ mode: Mode) -> [UInt8]? {
    var out: [UInt8] = []
    var i = 0
    while i < s.count {
      if s[i] == 0x25 {
        guard i + 2 < s.count, let hi = unhex(s[i + 1]), let lo = unhex(s[i + 2]) else { return nil }
        // A host may escape only non-ASCII bytes, and %25.
        if mode == .host && hi < 8 && !(hi == 2 && lo == 5) { return nil }
        out.append(hi << 4 | lo)
        i += 3
      } else {
        if mode == .host && s[i] < 0x80 && shouldEscape(s[i], .host) { return nil }
        out.append(s[i])
        i += 1
      }
    }
    return out
  }
}
