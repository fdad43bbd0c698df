extension HTMLDoctype {
  /// The DOCTYPE states (§13.2.5.53–13.2.5.68) over `b[start..<end]`, the bytes after
  /// `<!DOCTYPE` up to the `>` that ends them (`closed`) or up to the end of the input.
  ///
  /// Since every DOCTYPE state ends at `>`, only what the `>` or the end of the input means
  /// differs from state to state: it sets force-quirks wherever a part is still missing, and the
  /// end of the input sets it everywhere but in the bogus DOCTYPE state.
  init(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, closed: Bool) {
    self.init(name: "")
    var i = start
    func skipWhitespace() { while i < end && HTMLTokenizer.isWhitespace(b[i]) { i += 1 } }
    // The DOCTYPE and before DOCTYPE name states; a missing space is only a parse error.
    skipWhitespace()
    guard i < end else {
      forceQuirks = true
      return
    }
    let nameStart = i
    while i < end && !HTMLTokenizer.isWhitespace(b[i]) { i += 1 }
    name = Self.text(b, nameStart, i, lowercased: true)
    // After DOCTYPE name.
    skipWhitespace()
    guard i < end else {
      forceQuirks = !closed
      return
    }
    let isPublic: Bool
    if end - i >= 6 && HTMLTokenizer.matches(b, at: i, "public", ignoringCase: true) {
      isPublic = true
    } else if end - i >= 6 && HTMLTokenizer.matches(b, at: i, "system", ignoringCase: true) {
      isPublic = false
    } else {
      forceQuirks = true  // and the bogus DOCTYPE state ignores the rest
      return
    }
    i += 6
    // After the keyword and before the identifier: a missing space before the quote is only a
    // parse error; a missing identifier or quote forces quirks.
    skipWhitespace()
    guard let (first, terminated) = quoted(b, &i, end) else { return }
    if isPublic { publicID = first } else { systemID = first }
    guard terminated else { return }
    if isPublic {
      // After the public identifier and between the identifiers: the system identifier is optional.
      skipWhitespace()
      guard i < end else {
        forceQuirks = !closed
        return
      }
      guard let (second, terminated) = quoted(b, &i, end) else { return }
      systemID = second
      guard terminated else { return }
    }
    // After the system identifier: anything but whitespace is ignored (bogus DOCTYPE) without
    // forcing quirks.
    skipWhitespace()
    if i == end && !closed { forceQuirks = true }
  }

  /// A quoted identifier at `i` and whether its closing quote came before the end (`>` or the
  /// end of the input within the quotes ends the doctype and forces quirks); `i` moves past
  /// the quote. Nil, forcing quirks, when `i` is not at a quote.
  private mutating func quoted(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> (String, Bool)? {
    guard i < end, b[i] == 0x22 || b[i] == 0x27 else {
      forceQuirks = true
      return nil
    }
    let quote = b[i]
    let valueStart = i + 1
    i = valueStart
    while i < end && b[i] != quote { i += 1 }
    let value = Self.text(b, valueStart, i, lowercased: false)
    guard i < end else {
      forceQuirks = true
      return (value, false)
    }
    i += 1
    return (value, true)
  }

  /// Names and identifiers: CR LF as LF and NUL as U+FFFD, as everywhere outside text.
  private static func text(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, lowercased: Bool) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(end - start)
    CharacterReferences.append(b, start, end, references: false, inAttribute: false, nul: .replace, to: &out)
    if lowercased {
      for k in out.indices where out[k] &- 0x41 < 26 { out[k] |= 0x20 }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
