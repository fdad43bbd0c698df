/// The WHATWG HTML tokenizer (https://html.spec.whatwg.org/multipage/parsing.html#tokenization)
/// over UTF-8 bytes, with just enough tree construction (`TreeContext`) to tokenize as a browser
/// does: the content models of script, style, title, textarea, plaintext and the like (noscript is
/// parsed as markup, as with scripting disabled), and the open SVG and MathML elements for each
/// start tag's namespace and for CDATA sections.
///
/// All ranges are byte offsets into the input. Attribute values come decoded and with the range
/// of their source text, so a caller can replace one value and keep every other byte. Any byte
/// sequence is accepted: invalid UTF-8 becomes U+FFFD in names and values.
///
/// Held to the html5lib-tests tokenizer suite (Tests/HTMLScanTests/HTML5LibTokenizerTests.swift).
/// Left out, as irrelevant to finding elements and attributes: parse errors, and the parts of
/// tree construction that do not change tokenization or namespaces. For the tree itself, see
/// `HTMLDocument`, whose `TreeBuilder` drives the tokenizer's state instead of `TreeContext`.
public struct HTMLTokenizer: Sendable, IteratorProtocol, Sequence {
  private let input: Input
  private let emitsText: Bool
  /// Whether start and end tags go through `tree`; without it, as in the standard's tokenizer
  /// alone, no tag switches the content model and every tag is in the HTML namespace.
  private let buildsTree: Bool
  /// The attributes whose values are decoded; nil for all.
  private let valueNames: Set<String>?
  private var position = 0
  private var content = TreeContext.Content.data
  /// The element whose end tag ends RAWTEXT, RCDATA or script data (the standard's "last start
  /// tag"); empty for none, when no end tag ends them.
  private var rawTextElement = ""
  /// Text read but not yet emitted (only when `emitsText`).
  private var text: [UInt8] = []
  /// A token found while text was still waiting to be emitted.
  private var pending: HTMLToken?
  private var tree = TreeContext()
  /// Whether `<![CDATA[` opens a section, when a tree builder decides it (`setAllowsCDATA`);
  /// nil when `tree` does.
  private var cdataAllowed: Bool?
  /// The current tag's attributes as found, reused from tag to tag.
  private var found: [FoundAttribute] = []
  private var scratch: [UInt8] = []
  /// Names made recently, by their packed bytes (see `nameKey`): tag and attribute names repeat,
  /// and a hit costs no string construction.
  private var names = [(key: UInt64, name: String)](repeating: (0, ""), count: 256)
  /// Attribute names made recently, likewise, with whether their values are wanted.
  private var attributeNames = [(key: UInt64, name: String, wanted: Bool)](repeating: (0, "", false), count: 256)

  /// The input's bytes, owned here so that each `next()` reaches them without retaining an array.
  private final class Input: @unchecked Sendable {
    // Never written after `init`.
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init<Bytes: Collection<UInt8>>(_ html: Bytes) {
      bytes = .allocate(capacity: html.count)
      let copied = html.withContiguousStorageIfAvailable { bytes.initialize(fromContentsOf: $0) }
      if copied == nil { _ = bytes.initialize(from: html) }
    }

    deinit { bytes.deallocate() }
  }

  /// An attribute's bytes in the source; `valueStart` is -1 when it has no value.
  private struct FoundAttribute {
    var nameStart: Int
    var nameEnd: Int
    var valueStart: Int
    var valueEnd: Int
  }

  /// - Parameters:
  ///   - text: also emit text, comment and doctype tokens; without them the tokenizer skips text
  ///     without decoding it.
  ///   - valuesOf: the attributes (lower-case names) whose values the caller reads; the others
  ///     come with an empty `value` (their `valueRange` still says where the value is), which
  ///     spares decoding and copying every class, id and href of a page. nil: every value.
  public init(_ html: [UInt8], text: Bool = false, valuesOf: Set<String>? = nil) {
    self.init(Input(html), text: text, valuesOf: valuesOf)
  }

  public init(_ html: String, text: Bool = false, valuesOf: Set<String>? = nil) {
    self.init(Input(html.utf8), text: text, valuesOf: valuesOf)
  }

  /// A tokenizer that starts in `state`, as the html5lib-tests suite sets one up: `lastStartTag`
  /// (lower case) is the element whose end tag ends RCDATA, RAWTEXT or script data, and without
  /// `buildsTree` tags change neither the state nor the namespace.
  init(
    _ html: String, text: Bool, state: TreeContext.Content, lastStartTag: String?, buildsTree: Bool
  ) {
    self.init(Input(html.utf8), text: text, valuesOf: nil, buildsTree: buildsTree)
    content = state
    rawTextElement = lastStartTag ?? ""
  }

  /// A tokenizer for `TreeBuilder`, which does the tree construction itself and switches the
  /// state through `switchContent` and `setAllowsCDATA`: tags change neither state nor
  /// namespace, every value is decoded, and text comes too.
  init(drivenByTreeBuilder html: String) {
    self.init(Input(html.utf8), text: true, valuesOf: nil, buildsTree: false)
    cdataAllowed = false
  }

  /// Switches to `content` (the state a start tag or a fragment's context selects); `element`
  /// is the last start tag, whose end tag ends RCDATA, RAWTEXT or script data (empty for none).
  mutating func switchContent(to content: TreeContext.Content, lastStartTag element: String) {
    self.content = content
    rawTextElement = element
  }

  /// Whether a CDATA section may start: only when the adjusted current node is foreign.
  mutating func setAllowsCDATA(_ allowed: Bool) { cdataAllowed = allowed }

  private init(_ input: Input, text: Bool, valuesOf: Set<String>?, buildsTree: Bool = true) {
    self.input = input
    emitsText = text
    self.buildsTree = buildsTree
    valueNames = valuesOf.map { $0.union(TreeContext.attributeValuesRead) }
  }

  /// The next token, or nil at the end of the input.
  public mutating func next() -> HTMLToken? {
    if let token = pending {
      pending = nil
      return token
    }
    return withExtendedLifetime(input) { step(UnsafeBufferPointer(input.bytes)) }
  }

  // MARK: - Content

  private mutating func step(_ b: UnsafeBufferPointer<UInt8>) -> HTMLToken? {
    let n = b.count
    while position < n {
      switch content {
      case .data:
        let lt = Self.find(0x3C, in: b, from: position)
        appendText(b, position, lt, references: true, nul: .keep)
        position = lt
        if lt < n, let token = markup(b, at: lt) { return emit(token) }
      case .rcdata, .rawText, .scriptData:
        var name = rawTextElement
        let end = name.withUTF8 { name in
          content == .scriptData
            ? Self.endOfScriptData(b, from: position, name: name) : Self.endOfRawText(b, from: position, name: name)
        }
        appendText(b, position, end, references: content == .rcdata, nul: .replace)
        position = end
        content = .data
        if end < n, let token = tag(b, at: end, nameStart: end + 2, isEnd: true) { return emit(token) }
      case .plaintext:
        appendText(b, position, n, references: false, nul: .replace)
        position = n
      case .cdataSection:
        let end = Self.find("]]>", in: b, from: position)
        appendText(b, position, end, references: false, nul: .keep)
        position = Swift.min(end + 3, n)
        content = .data
      }
    }
    guard !text.isEmpty else { return nil }
    defer { text.removeAll(keepingCapacity: true) }
    return .text(String(decoding: text, as: UTF8.self))
  }

  /// Returns `token`, or the text before it first.
  private mutating func emit(_ token: HTMLToken) -> HTMLToken {
    guard !text.isEmpty else { return token }
    pending = token
    defer { text.removeAll(keepingCapacity: true) }
    return .text(String(decoding: text, as: UTF8.self))
  }

  @inline(__always)
  private mutating func appendText(
    _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, references: Bool, nul: CharacterReferences.Nul
  ) {
    guard emitsText && start < end else { return }
    CharacterReferences.append(b, start, end, references: references, inAttribute: false, nul: nul, to: &text)
  }

  // MARK: - Markup

  /// Whatever starts with the `<` at `lt`: a tag, a comment, a doctype, a CDATA section or just
  /// text. Moves `position` past it; returns nil when it makes no token.
  private mutating func markup(_ b: UnsafeBufferPointer<UInt8>, at lt: Int) -> HTMLToken? {
    let n = b.count
    let next = lt + 1 < n ? b[lt + 1] : 0
    if Self.isASCIILetter(next) { return tag(b, at: lt, nameStart: lt + 1, isEnd: false) }
    switch next {
    case 0x2F:  // </
      let i = lt + 2
      if i == n {
        appendText(b, lt, n, references: false, nul: .keep)
        position = n
        return nil
      }
      if Self.isASCIILetter(b[i]) { return tag(b, at: lt, nameStart: i, isEnd: true) }
      if b[i] == 0x3E {  // </> is dropped
        position = i + 1
        return nil
      }
      return bogusComment(b, from: i)
    case 0x21:  // <!
      return markupDeclaration(b, at: lt)
    case 0x3F:  // <?
      return bogusComment(b, from: lt + 1)
    default:  // includes the end of the input
      appendText(b, lt, lt + 1, references: false, nul: .keep)
      position = lt + 1
      return nil
    }
  }

  private mutating func markupDeclaration(_ b: UnsafeBufferPointer<UInt8>, at lt: Int) -> HTMLToken? {
    let n = b.count
    let i = lt + 2
    if i + 1 < n && b[i] == 0x2D && b[i + 1] == 0x2D { return comment(b, from: i + 2) }
    if i + 7 <= n {
      if Self.matches(b, at: i, "doctype", ignoringCase: true) { return doctype(b, from: i + 7) }
      if Self.matches(b, at: i, "[CDATA[", ignoringCase: false) {
        if !(cdataAllowed ?? tree.allowsCDATA) { return bogusComment(b, from: i) }
        let end = Self.find("]]>", in: b, from: i + 7)
        appendText(b, i + 7, end, references: false, nul: .keep)
        position = Swift.min(end + 3, n)
        return nil
      }
    }
    return bogusComment(b, from: i)
  }

  /// `<?…>`, `</ …>`, `<!…>`: a comment up to the next `>`.
  private mutating func bogusComment(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HTMLToken? {
    let gt = Self.find(0x3E, in: b, from: start)
    position = Swift.min(gt + 1, b.count)
    return commentToken(b, start, gt)
  }

  /// A comment whose data starts at `start`, just after `<!--`: the comment states, including
  /// `<!-->`, `<!--->`, `--!>` and an unterminated comment at the end of the input.
  private mutating func comment(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HTMLToken? {
    let n = b.count
    if start < n && b[start] == 0x3E {
      position = start + 1
      return commentToken(b, start, start)
    }
    if start + 1 < n && b[start] == 0x2D && b[start + 1] == 0x3E {
      position = start + 2
      return commentToken(b, start, start)
    }
    // The comment state and the dash states after it; the data is the source up to the final
    // dashes (the nested-comment states only report parse errors).
    enum State: Int {
      case comment = 0
      case endDash, end, endBang
    }
    var state = State.comment
    var i = start
    while i < n {
      let c = b[i]
      switch state {
      case .comment:
        if c == 0x2D {
          state = .endDash
        } else {
          i = Self.find(0x2D, in: b, from: i)
          continue
        }
      case .endDash: state = c == 0x2D ? .end : .comment
      case .end:
        if c == 0x3E {
          position = i + 1
          return commentToken(b, start, i - 2)
        }
        if c == 0x21 { state = .endBang } else if c != 0x2D { state = .comment }
      case .endBang:
        if c == 0x3E {
          position = i + 1
          return commentToken(b, start, i - 3)
        }
        state = c == 0x2D ? .endDash : .comment
      }
      i += 1
    }
    position = n
    return commentToken(b, start, n - state.rawValue)
  }

  private mutating func commentToken(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> HTMLToken? {
    guard emitsText else { return nil }
    return .comment(string(b, start, end, references: false, inAttribute: false))
  }

  /// After `<!DOCTYPE`: everything up to the next `>`, which ends every DOCTYPE state, even
  /// within quotes.
  private mutating func doctype(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HTMLToken? {
    let n = b.count
    let gt = Self.find(0x3E, in: b, from: start)
    position = Swift.min(gt + 1, n)
    guard emitsText else { return nil }
    return .doctype(HTMLDoctype(b, from: start, to: gt, closed: gt < n))
  }

  // MARK: - Tags

  /// A start or end tag from `<` at `lt`; nil for a tag cut off by the end of the input.
  private mutating func tag(_ b: UnsafeBufferPointer<UInt8>, at lt: Int, nameStart: Int, isEnd: Bool) -> HTMLToken? {
    if !found.isEmpty { found.removeAll(keepingCapacity: true) }
    guard let scanned = scanTag(b, nameStart: nameStart, record: !isEnd) else {
      position = b.count  // end of file in a tag: the tag is dropped
      return nil
    }
    let (nameEnd, gt, selfClosing) = scanned
    position = gt + 1
    let key = Self.nameKey(b, nameStart, nameEnd)
    let name = lowercasedName(b, nameStart, nameEnd, key: key)
    let info = ElementInfo.of(name, key: key)
    if isEnd {
      if buildsTree { tree.endTag(name, key: key, info) }
      return .endTag(name: name, range: lt..<gt + 1)
    }
    let attributes = makeAttributes(b)
    let (finalName, namespace, next) =
      buildsTree ? tree.startTag(name, key: key, info, attributes, selfClosing: selfClosing) : (name, .html, .data)
    if next != .data {
      content = next
      rawTextElement = name
    }
    return .startTag(
      HTMLStartTag(
        name: finalName, attributes: attributes, selfClosing: selfClosing, namespace: namespace, range: lt..<gt + 1))
  }

  /// The tag name, before/after attribute name, attribute name, attribute value and self-closing
  /// start tag states: the end of the name, the `>` and the self-closing flag, or nil at the end of
  /// the input. With `record` the attributes go to `found`.
  private mutating func scanTag(
    _ b: UnsafeBufferPointer<UInt8>, nameStart: Int, record: Bool
  ) -> (nameEnd: Int, gt: Int, selfClosing: Bool)? {
    let n = b.count
    var i = nameStart
    while i < n {
      let c = b[i]
      if Self.isWhitespace(c) || c == 0x2F || c == 0x3E { break }
      i += 1
    }
    let nameEnd = i
    while true {
      // Before attribute name.
      while i < n && Self.isWhitespace(b[i]) { i += 1 }
      guard i < n else { return nil }
      switch b[i] {
      case 0x3E: return (nameEnd, i, false)
      case 0x2F:  // the self-closing start tag state
        i += 1
        guard i < n else { return nil }
        if b[i] == 0x3E { return (nameEnd, i, true) }
        continue  // `/` not before `>` is ignored
      default: break
      }
      // Attribute name; its first character may be `=`.
      let attributeStart = i
      i += 1
      while i < n {
        let c = b[i]
        if Self.isWhitespace(c) || c == 0x2F || c == 0x3E || c == 0x3D { break }
        i += 1
      }
      let attributeEnd = i
      // After attribute name.
      while i < n && Self.isWhitespace(b[i]) { i += 1 }
      guard i < n else { return nil }
      guard b[i] == 0x3D else {
        if record {
          found.append(FoundAttribute(nameStart: attributeStart, nameEnd: attributeEnd, valueStart: -1, valueEnd: -1))
        }
        continue
      }
      // Before attribute value.
      i += 1
      while i < n && Self.isWhitespace(b[i]) { i += 1 }
      guard i < n else { return nil }
      let quote = b[i]
      let valueStart: Int
      let valueEnd: Int
      if quote == 0x22 || quote == 0x27 {
        valueStart = i + 1
        valueEnd = Self.find(quote, in: b, from: valueStart)
        guard valueEnd < n else { return nil }
        i = valueEnd + 1
        // After attribute value (quoted): anything but whitespace, `/` or `>` starts the next
        // attribute at once (missing whitespace between attributes), which the loop does anyway.
      } else if quote == 0x3E {
        valueStart = i  // `<a b=>`: an empty value, written nowhere; its empty range is before `>`
        valueEnd = i
      } else {
        valueStart = i
        while i < n && !Self.isWhitespace(b[i]) && b[i] != 0x3E { i += 1 }
        valueEnd = i
      }
      if record {
        found.append(
          FoundAttribute(nameStart: attributeStart, nameEnd: attributeEnd, valueStart: valueStart, valueEnd: valueEnd))
      }
    }
  }

  /// The attributes in `found` as values: names lower-cased, values decoded, duplicates dropped.
  private mutating func makeAttributes(_ b: UnsafeBufferPointer<UInt8>) -> [HTMLAttribute] {
    guard !found.isEmpty else { return [] }
    var attributes: [HTMLAttribute] = []
    attributes.reserveCapacity(found.count)
    // Beyond a few attributes a set keeps the search for duplicates linear.
    var names: Set<String>? = found.count > 16 ? Set(minimumCapacity: found.count) : nil
    for index in found.indices {
      let attribute = found[index]
      let (name, wanted) = attributeName(b, attribute.nameStart, attribute.nameEnd)
      if names != nil {
        guard names!.insert(name).inserted else { continue }
      } else if attributes.contains(where: { $0.name.utf8.count == name.utf8.count && $0.name == name }) {
        continue
      }
      if attribute.valueStart < 0 {
        attributes.append(HTMLAttribute(name: name, value: "", valueRange: nil))
      } else if !wanted {
        attributes.append(HTMLAttribute(name: name, value: "", valueRange: attribute.valueStart..<attribute.valueEnd))
      } else {
        let value = string(b, attribute.valueStart, attribute.valueEnd, references: true, inAttribute: true)
        attributes.append(
          HTMLAttribute(name: name, value: value, valueRange: attribute.valueStart..<attribute.valueEnd))
      }
    }
    return attributes
  }

  // MARK: - Strings from bytes

  /// A name of 1 to 8 bytes without NUL, ASCII-lower-cased and packed into an integer, first
  /// byte lowest; nil for any other.
  @inline(__always)
  static func nameKey(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64? {
    guard end - start <= 8 && end > start else { return nil }
    var key: UInt64 = 0
    var index = end
    while index > start {
      index &-= 1
      let c = b[index]
      if c == 0 { return nil }
      key = key << 8 | UInt64(c &- 0x41 < 26 ? c | 0x20 : c)
    }
    return key
  }

  /// Tag, attribute and doctype names: ASCII upper case lowered, NUL as U+FFFD. `key` is the
  /// name's `nameKey`, if it has one.
  private mutating func lowercasedName(
    _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, key: UInt64?
  ) -> String {
    guard let key else { return makeName(b, start, end) }
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
    if names[slot].key == key { return names[slot].name }
    let name = makeName(b, start, end)
    names[slot] = (key, name)
    return name
  }

  /// An attribute's name as `lowercasedName` makes it, and whether its value is to be decoded.
  private mutating func attributeName(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (String, Bool) {
    guard let key = Self.nameKey(b, start, end) else {
      let name = makeName(b, start, end)
      return (name, valueNames?.contains(name) ?? true)
    }
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
    if attributeNames[slot].key == key { return (attributeNames[slot].name, attributeNames[slot].wanted) }
    let name = makeName(b, start, end)
    let wanted = valueNames?.contains(name) ?? true
    attributeNames[slot] = (key, name, wanted)
    return (name, wanted)
  }

  private mutating func makeName(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    guard CharacterReferences.isPlain(b, start, end, references: false) else {
      scratch.removeAll(keepingCapacity: true)
      CharacterReferences.append(b, start, end, references: false, inAttribute: false, nul: .replace, to: &scratch)
      for k in scratch.indices where scratch[k] &- 0x41 < 26 { scratch[k] |= 0x20 }
      return String(decoding: scratch, as: UTF8.self)
    }
    return String(unsafeUninitializedCapacity: end - start) { buffer in
      var k = 0
      while k < end - start {
        let c = b[start + k]
        buffer[k] = c &- 0x41 < 26 ? c | 0x20 : c
        k += 1
      }
      return k
    }
  }

  /// Attribute values and comments: CR LF as LF, NUL as U+FFFD, references decoded if asked.
  private mutating func string(
    _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, references: Bool, inAttribute: Bool
  ) -> String {
    if CharacterReferences.isPlain(b, start, end, references: references) {
      return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
    }
    scratch.removeAll(keepingCapacity: true)
    CharacterReferences.append(
      b, start, end, references: references, inAttribute: inAttribute, nul: .replace, to: &scratch)
    return String(decoding: scratch, as: UTF8.self)
  }

  // MARK: - Bytes

  @inline(__always)
  static func isWhitespace(_ c: UInt8) -> Bool {
    // Tab, LF, FF, space, and CR, which the input stream turns into LF.
    c == 0x20 || c &- 0x09 < 5 && c != 0x0B
  }

  @inline(__always)
  static func isASCIILetter(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }

  /// The first `byte` at or after `start`, or the end; eight bytes at a time.
  @inline(__always)
  static func find(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let n = b.count
    var i = start
    if let base = b.baseAddress {
      let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
      let raw = UnsafeRawPointer(base)
      while i &+ 8 <= n {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian ^ pattern
        let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        if zeros != 0 { return i &+ zeros.trailingZeroBitCount &>> 3 }
        i &+= 8
      }
    }
    while i < n && b[i] != byte { i &+= 1 }
    return i
  }

  /// The first `byte` or `other` at or after `start`, or the end; eight bytes at a time.
  @inline(__always)
  static func find(_ byte: UInt8, or other: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let n = b.count
    var i = start
    if let base = b.baseAddress {
      let first = UInt64(byte) &* 0x0101_0101_0101_0101
      let second = UInt64(other) &* 0x0101_0101_0101_0101
      let raw = UnsafeRawPointer(base)
      while i &+ 8 <= n {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
        let x = word ^ first
        let y = word ^ second
        let zeros =
          ((x &- 0x0101_0101_0101_0101) & ~x | (y &- 0x0101_0101_0101_0101) & ~y) & 0x8080_8080_8080_8080
        if zeros != 0 { return i &+ zeros.trailingZeroBitCount &>> 3 }
        i &+= 8
      }
    }
    while i < n && b[i] != byte && b[i] != other { i &+= 1 }
    return i
  }

  /// The first occurrence of `pattern` at or after `start`, or the end.
  static func find(_ pattern: StaticString, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let first = pattern.utf8Start[0]
    var i = start
    while true {
      i = find(first, in: b, from: i)
      guard i + pattern.utf8CodeUnitCount <= b.count else { return b.count }
      if matches(b, at: i, pattern, ignoringCase: false) { return i }
      i += 1
    }
  }

  /// Whether the bytes at `start` are `pattern` (lower case ASCII when `ignoringCase`); the caller
  /// checks that there are enough.
  static func matches(
    _ b: UnsafeBufferPointer<UInt8>, at start: Int, _ pattern: StaticString, ignoringCase: Bool
  ) -> Bool {
    let p = pattern.utf8Start
    for k in 0..<pattern.utf8CodeUnitCount {
      let c = b[start + k]
      if (ignoringCase && isASCIILetter(c) ? c | 0x20 : c) != p[k] { return false }
    }
    return true
  }
}
