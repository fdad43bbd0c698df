/// Where RAWTEXT, RCDATA and script data end: at the appropriate end tag, the end tag named after
/// the element that began them. Everything before it is text, so these are searches rather than
/// state machines that emit as they go; the states the standard describes decide only which
/// `</name` counts.
extension HTMLTokenizer {
  /// The `<` of the first appropriate end tag at or after `start` in RAWTEXT or RCDATA (whose
  /// end tag states have no escapes), or the end of the input.
  static func endOfRawText(_ b: UnsafeBufferPointer<UInt8>, from start: Int, name: UnsafeBufferPointer<UInt8>) -> Int {
    let n = b.count
    var i = start
    while true {
      let lt = find(0x3C, in: b, from: i)
      if lt >= n || isAppropriateEndTag(b, at: lt, name: name) { return lt }
      i = lt + 1
    }
  }

  /// Whether `</name` followed by whitespace, `/` or `>` starts at `lt`: the end tag name states
  /// of RCDATA, RAWTEXT and script data, which take only ASCII letters into the name. An empty
  /// `name` stands for no start tag emitted yet, when no end tag is appropriate.
  @inline(__always)
  static func isAppropriateEndTag(
    _ b: UnsafeBufferPointer<UInt8>, at lt: Int, name: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let after = lt + 2 + name.count
    guard after < b.count, b[lt + 1] == 0x2F, !name.isEmpty else { return false }
    var k = 0
    while k < name.count {
      let c = b[lt + 2 + k]
      guard isASCIILetter(c) && c | 0x20 == name[k] else { return false }
      k += 1
    }
    let c = b[after]
    return isWhitespace(c) || c == 0x2F || c == 0x3E
  }

  /// The `<` of the end tag that ends script data, or the end of the input: the script data
  /// states of the standard (§13.2.5.4 and §13.2.5.15–31). An appropriate end tag ends the script
  /// in the script data and escaped states (after `<!--`), but not in the double-escaped ones
  /// (after `<!--<script>`, until `</script>` or `-->`), because old pages hid scripts that write
  /// `<script>…</script>` from browsers that ran no scripts inside HTML comments.
  static func endOfScriptData(
    _ b: UnsafeBufferPointer<UInt8>, from start: Int, name: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let n = b.count
    var i = start
    // Outside escapes only `<` matters, so the plain state is a search, as fast as RAWTEXT's.
    plain: while true {
      let lt = find(0x3C, in: b, from: i)
      guard lt + 1 < n else { return n }
      i = lt + 1
      switch b[i] {
      case 0x2F:  // the end tag open state
        if isAppropriateEndTag(b, at: lt, name: name) { return lt }
        // Else `</` and any letters are text, and the next byte is read in script data.
        i += 1
        continue plain
      case 0x21:  // the escape start states want `<!--`; else the bytes are read in script data
        guard i + 2 < n && b[i + 1] == 0x2D && b[i + 2] == 0x2D else { continue plain }
        i += 3
      default:
        continue plain
      }
      // Escaped, entered in the escaped dash dash state. `dashes` is 0, 1 or 2 for the escaped,
      // escaped dash and escaped dash dash states; likewise in the double-escaped ones.
      var dashes = 2
      var doubled = false
      while i < n {
        // Without dashes just before, only `-` and `<` matter.
        if dashes == 0 {
          i = find(0x2D, or: 0x3C, in: b, from: i)
          guard i < n else { return n }
        }
        let c = b[i]
        i += 1
        switch c {
        case 0x2D:
          dashes = Swift.min(dashes + 1, 2)
        case 0x3E:
          if dashes == 2 { continue plain }  // `-->` returns to script data
          dashes = 0
        case 0x3C:
          dashes = 0
          guard i < n else { return n }
          if doubled {
            // The double escaped less-than sign state: only `</script` followed by whitespace,
            // `/` or `>` returns to escaped (the double escape end state).
            if b[i] == 0x2F, let after = Self.after(b, script: i + 1) {
              doubled = false
              i = after
            }
          } else if b[i] == 0x2F {
            if isAppropriateEndTag(b, at: i - 1, name: name) { return i - 1 }
            i += 1  // escaped end tag open, not appropriate: text, read on in escaped
          } else if let after = Self.after(b, script: i) {
            // The double escape start state.
            doubled = true
            i = after
          }
        default:
          dashes = 0
        }
      }
      return n
    }
  }

  /// The index after `script` and the whitespace, `/` or `>` that must follow it, if they are
  /// at `start`: the name the double escape start and end states look for, in any case and
  /// whatever the appropriate end tag. Nil when more letters follow or the name differs.
  @inline(__always)
  private static func after(_ b: UnsafeBufferPointer<UInt8>, script start: Int) -> Int? {
    let end = start + 6
    guard end < b.count, matches(b, at: start, "script", ignoringCase: true) else { return nil }
    let c = b[end]
    return isWhitespace(c) || c == 0x2F || c == 0x3E ? end + 1 : nil
  }
}
