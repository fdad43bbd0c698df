/// An absolute URL of a special scheme (http, https, ws, wss, ftp), parsed against an optional
/// base and serialized as the WHATWG URL standard does: scheme and host lower-cased, default
/// port dropped, dot segments removed, backslashes read as slashes, and each byte that needs it
/// percent-encoded with the set of its component (never a `%`). Works on UTF-8 bytes: it runs for
/// every image reference of every page.
///
/// Other schemes are not parsed (`data:`, `mailto:`, `file:`; nothing here fetches them), and a
/// relative reference resolves only against a special base.
struct ParsedURL {
  /// `scheme://[userinfo@]host[:port]/path[?query][#fragment]`, ASCII only.
  private(set) var serialization: [UInt8]
  /// The offsets of the `:` after the scheme, of the host, of the path's first `/`, of `?` and `#`.
  private var schemeEnd = 0
  private var hostStart = 0
  private var pathStart = 0
  private var queryStart: Int?
  private var fragmentStart: Int?

  private var pathEnd: Int { queryStart ?? fragmentStart ?? serialization.count }

  /// `bytes` as `ImageURL.cleaned` leaves them.
  init?(_ bytes: [UInt8], base: ParsedURL? = nil) {
    guard let url = Self.parse(bytes[...], base: base) else { return nil }
    self = url
  }

  private init(serialization: [UInt8]) { self.serialization = serialization }

  var string: String { String(decoding: serialization, as: UTF8.self) }

  /// The URL without its fragment: what identifies the resource.
  var withoutFragment: String {
    String(decoding: serialization[..<(fragmentStart ?? serialization.count)], as: UTF8.self)
  }

  /// `scheme://host[:port]/`: no user name, password, path or query.
  var origin: String {
    String(
      decoding: serialization[..<schemeEnd] + Array("://".utf8) + serialization[hostStart..<pathStart] + [
        UInt8(ascii: "/")
      ], as: UTF8.self)
  }

  // MARK: Parsing

  /// `input` must already be trimmed of C0 controls and spaces and rid of tabs and newlines.
  static func parse(_ input: ArraySlice<UInt8>, base: ParsedURL?) -> ParsedURL? {
    if let colon = schemeEnd(of: input) {
      let scheme = input[..<colon].map { $0 | 0x20 }
      guard isSpecial(scheme) else { return nil }
      let rest = input[(colon + 1)...]
      // `https:img.png` is relative on an https page; `http:img.png` there names the host img.png.
      if let base, base.serialization[..<base.schemeEnd].elementsEqual(scheme) {
        return base.resolving(rest)
      }
      var url = ParsedURL(serialization: scheme + Array("://".utf8))
      url.schemeEnd = scheme.count
      return url.parseAuthority(rest.drop(while: isSlash)) ? url : nil
    }
    return base?.resolving(input)
  }

  /// `rest` as a relative reference against this URL.
  private func resolving(_ rest: ArraySlice<UInt8>) -> ParsedURL? {
    var url = ParsedURL(serialization: [])
    url.serialization.reserveCapacity(pathEnd + rest.count + 16)
    url.schemeEnd = schemeEnd
    guard let first = rest.first else {
      url.serialization += serialization[..<(fragmentStart ?? serialization.count)]
      url.takeAuthority(of: self)
      url.queryStart = queryStart
      return url
    }
    if isSlash(first), rest.count > 1, isSlash(rest[rest.startIndex + 1]) {
      url.serialization += serialization[..<(schemeEnd + 3)]
      return url.parseAuthority(rest.drop(while: isSlash)) ? url : nil
    }
    url.takeAuthority(of: self)
    switch first {
    case UInt8(ascii: "?"):
      url.serialization += serialization[..<pathEnd]
      url.parseQuery(rest)
    case UInt8(ascii: "#"):
      url.serialization += serialization[..<(fragmentStart ?? serialization.count)]
      url.queryStart = queryStart
      url.parseFragment(rest)
    default:
      url.serialization += serialization[..<pathStart]
      if isSlash(first) {
        url.parsePath(rest.dropFirst(), segmentStarts: [])
      } else {
        // The base path without its last segment, then the reference's segments.
        var starts: [Int] = []
        for index in pathStart..<pathEnd where serialization[index] == UInt8(ascii: "/") { starts.append(index) }
        let kept = starts.removeLast()
        url.serialization += serialization[pathStart..<kept]
        url.parsePath(rest, segmentStarts: starts)
      }
    }
    return url
  }

  /// The offsets of a prefix copied from `base` up to at least its path start.
  private mutating func takeAuthority(of base: ParsedURL) {
    hostStart = base.hostStart
    pathStart = base.pathStart
  }

  /// `[userinfo@]host[:port]` up to the path, query or fragment, then the rest; false when the
  /// host or port is invalid.
  private mutating func parseAuthority(_ input: ArraySlice<UInt8>) -> Bool {
    let end = input.firstIndex { isSlash($0) || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? input.endIndex
    var hostPort = input[..<end]
    if let at = hostPort.lastIndex(of: UInt8(ascii: "@")) {
      appendUserinfo(hostPort[..<at])
      hostPort = hostPort[(at + 1)...]
    }
    var portStart: Int?
    var inBrackets = false
    for index in hostPort.indices {
      switch hostPort[index] {
      case UInt8(ascii: "["): inBrackets = true
      case UInt8(ascii: "]"): inBrackets = false
      case UInt8(ascii: ":") where !inBrackets: portStart = index
      default: continue
      }
      if portStart != nil { break }
    }
    guard let host = URLHost.serialize(hostPort[..<(portStart ?? hostPort.endIndex)]) else { return false }
    hostStart = serialization.count
    serialization += host
    if let portStart {
      let digits = hostPort[(portStart + 1)...]
      var port = 0
      for digit in digits {
        guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return false }
        port = port * 10 + Int(digit - UInt8(ascii: "0"))
        guard port <= 65535 else { return false }
      }
      if !digits.isEmpty, port != Self.defaultPort(serialization[..<schemeEnd]) {
        serialization += Array(":\(port)".utf8)
      }
    }
    pathStart = serialization.count
    let path = input[end...]
    parsePath(path.first.map(isSlash) == true ? path.dropFirst() : path, segmentStarts: [])
    return true
  }

  /// `user[:password]@`, left out when both are empty.
  private mutating func appendUserinfo(_ userinfo: ArraySlice<UInt8>) {
    let colon = userinfo.firstIndex(of: UInt8(ascii: ":"))
    let user = userinfo[..<(colon ?? userinfo.endIndex)]
    let password = colon.map { userinfo[($0 + 1)...] } ?? []
    guard !user.isEmpty || !password.isEmpty else { return }
    serialization.appendEncoding(user, .userinfo)
    if !password.isEmpty {
      serialization.append(UInt8(ascii: ":"))
      serialization.appendEncoding(password, .userinfo)
    }
    serialization.append(UInt8(ascii: "@"))
  }

  /// Path segments up to `?` or `#`, each appended as `/segment`, then the query and fragment;
  /// `segmentStarts` holds the offsets of the slashes already written, for `..` to cut back to.
  private mutating func parsePath(_ input: ArraySlice<UInt8>, segmentStarts: [Int]) {
    var starts = segmentStarts
    let end = input.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? input.endIndex
    var segmentStart = input.startIndex
    var index = input.startIndex
    while true {
      let atEnd = index == end
      guard atEnd || isSlash(input[index]) else {
        index += 1
        continue
      }
      let segment = input[segmentStart..<index]
      if Self.isDoubleDot(segment) {
        if let last = starts.popLast() { serialization.removeSubrange(last...) }
        if atEnd { appendSegment([], &starts) }
      } else if Self.isSingleDot(segment) {
        if atEnd { appendSegment([], &starts) }
      } else {
        appendSegment(segment, &starts)
      }
      if atEnd { break }
      index += 1
      segmentStart = index
    }
    guard end < input.endIndex else { return }
    if input[end] == UInt8(ascii: "?") { parseQuery(input[end...]) } else { parseFragment(input[end...]) }
  }

  private mutating func appendSegment(_ segment: ArraySlice<UInt8>, _ starts: inout [Int]) {
    starts.append(serialization.count)
    serialization.append(UInt8(ascii: "/"))
    serialization.appendEncoding(segment, .path)
  }

  /// `input` starts with `?`.
  private mutating func parseQuery(_ input: ArraySlice<UInt8>) {
    let end = input.firstIndex(of: UInt8(ascii: "#")) ?? input.endIndex
    queryStart = serialization.count
    serialization.append(UInt8(ascii: "?"))
    serialization.appendEncoding(input[(input.startIndex + 1)..<end], .specialQuery)
    if end < input.endIndex { parseFragment(input[end...]) }
  }

  /// `input` starts with `#`.
  private mutating func parseFragment(_ input: ArraySlice<UInt8>) {
    fragmentStart = serialization.count
    serialization.append(UInt8(ascii: "#"))
    serialization.appendEncoding(input.dropFirst(), .fragment)
  }

  // MARK: Pieces

  /// The offset of the `:` ending a scheme (a letter, then letters, digits, `+`, `-`, `.`).
  static func schemeEnd(of input: ArraySlice<UInt8>) -> Int? {
    guard let first = input.first, isAlpha(first) else { return nil }
    for index in input.indices.dropFirst() {
      let byte = input[index]
      if byte == UInt8(ascii: ":") { return index }
      guard
        isAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return nil }
    }
    return nil
  }

  private static func isAlpha(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  static func isSpecial(_ scheme: [UInt8]) -> Bool {
    switch scheme.count {
    case 2: return scheme.elementsEqual("ws".utf8)
    case 3: return scheme.elementsEqual("wss".utf8) || scheme.elementsEqual("ftp".utf8)
    case 4: return scheme.elementsEqual("http".utf8)
    case 5: return scheme.elementsEqual("https".utf8)
    default: return false
    }
  }

  private static func defaultPort(_ scheme: ArraySlice<UInt8>) -> Int {
    switch scheme.count {
    case 2, 4: return 80
    case 3: return scheme.elementsEqual("ftp".utf8) ? 21 : 443
    default: return 443
    }
  }

  /// `.` or `%2e`, any case.
  private static func isSingleDot(_ segment: ArraySlice<UInt8>) -> Bool {
    switch segment.count {
    case 1: return segment.first == UInt8(ascii: ".")
    case 3: return isEncodedDot(segment)
    default: return false
    }
  }

  /// `..`, `.%2e`, `%2e.` or `%2e%2e`, any case.
  private static func isDoubleDot(_ segment: ArraySlice<UInt8>) -> Bool {
    let start = segment.startIndex
    switch segment.count {
    case 2: return segment[start] == UInt8(ascii: ".") && segment[start + 1] == UInt8(ascii: ".")
    case 4:
      return (segment[start] == UInt8(ascii: ".") && isEncodedDot(segment.dropFirst()))
        || (isEncodedDot(segment.prefix(3)) && segment[start + 3] == UInt8(ascii: "."))
    case 6: return isEncodedDot(segment.prefix(3)) && isEncodedDot(segment.suffix(3))
    default: return false
    }
  }

  private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
    let start = bytes.startIndex
    return bytes[start] == UInt8(ascii: "%") && bytes[start + 1] == UInt8(ascii: "2")
      && (bytes[start + 2] | 0x20) == UInt8(ascii: "e")
  }
}

/// `/`, and `\` which special schemes read as `/`.
private func isSlash(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
