/// What in CSS text can make a browser fetch something: `url()` and `src()` values, and the
/// strings of `image-set()`, `image()` and `cross-fade()`, which are URLs too. Read as a browser
/// reads them, escapes (`u\72l(`, `\75rl(`) and case included, so that a spelling cannot hide one.
///
/// Deliberately coarse: a function name anywhere in the text counts, inside a string or not,
/// because a false alarm only costs a style declaration, while a miss costs a request.
public enum StyleReferences {
  /// Functions whose string arguments are URLs (their names end so; `-webkit-image-set(` too).
  static let stringURLFunctions = ["image-set(", "image(", "cross-fade(", "element("]

  /// Whether the CSS text refers to anything `isLocal` does not accept; an `@import` or an old
  /// `expression()` always counts, and so does an empty or oddly quoted URL, where the text with
  /// its escapes resolved may read differently from how a browser reads it.
  public static func refersOutside(_ css: String, isLocal accepts: (String) -> Bool) -> Bool {
    func isLocal(_ url: String) -> Bool { !url.isEmpty && accepts(url) }
    let text = Array(decoded(css).lowercased().unicodeScalars)
    if contains(text, "@import") || contains(text, "expression(") { return true }
    for function in ["url(", "src("] {
      for start in occurrences(of: function, in: text) where !isLocal(argument(text, from: start)) { return true }
    }
    if stringURLFunctions.contains(where: { contains(text, $0) }) {
      // An escaped quote does not end a CSS string but reads as a quote once decoded, which
      // shifts every string after it: with a backslash about, such a style is not read at all.
      // Looked for among scalars: a Prepend character before it must not hide it.
      return css.unicodeScalars.contains("\\") || strings(in: text).contains { !isLocal($0) }
    }
    return false
  }

  /// A style attribute's value without the declarations that refer outside, nil when nothing
  /// stays. A declaration ends at a `;` outside strings and brackets, as a browser ends it.
  public static func keepingLocal(_ style: String, isLocal: (String) -> Bool) -> String? {
    guard refersOutside(style, isLocal: isLocal) else { return style }
    let kept = declarations(style).filter { !refersOutside($0, isLocal: isLocal) }
    let result = kept.joined(separator: ";")
    // Split differently from a browser (broken quoting, say), the joined rest might still refer
    // outside: then the whole attribute goes.
    if result.allSatisfy(\.isWhitespace) || refersOutside(result, isLocal: isLocal) { return nil }
    return result
  }

  /// CSS escapes resolved: `\` and one to six hex digits (and one white space after them) is that
  /// character, `\` and a newline is nothing, `\` and any other character is that character.
  /// First, as CSS's own preprocessing does, CR LF, CR and form feed become one line feed: else
  /// `\75` then CR LF (`&#13;&#10;` in an attribute) ate only the CR and hid `url(`.
  public static func decoded(_ css: String) -> String {
    let css = preprocessed(css)
    guard css.unicodeScalars.contains("\\") else { return css }
    let scalars = Array(css.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      guard scalar == "\\", index < scalars.count else {
        out.append(scalar)
        continue
      }
      var hex = 0
      var digits = 0
      while digits < 6, index < scalars.count, let digit = hexValue(scalars[index]) {
        hex = hex * 16 + digit
        digits += 1
        index += 1
      }
      if digits > 0 {
        if index < scalars.count, isSpace(scalars[index]) { index += 1 }
        let valid = hex != 0 && !(0xD800...0xDFFF).contains(hex) && hex <= 0x10FFFF
        out.append(valid ? Unicode.Scalar(UInt32(hex))! : "\u{FFFD}")
      } else if scalars[index] == "\n" || scalars[index] == "\r" || scalars[index] == "\u{C}" {
        index += 1
      } else {
        out.append(scalars[index])
        index += 1
      }
    }
    return String(out)
  }

  /// CSS's input preprocessing: CR LF, CR and form feed as one line feed.
  static func preprocessed(_ css: String) -> String {
    guard css.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\u{C}" }) else { return css }
    var out = String.UnicodeScalarView()
    var afterCR = false
    for scalar in css.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      if scalar == "\n" && afterCR { continue }
      out.append(scalar == "\r" || scalar == "\u{C}" ? "\n" : scalar)
    }
    return String(out)
  }

  /// The declarations of a declaration list, split at `;` outside strings and brackets.
  static func declarations(_ css: String) -> [String] {
    var pieces: [String] = []
    var current = String.UnicodeScalarView()
    var quote: Unicode.Scalar?
    var depth = 0
    var escaped = false
    for scalar in css.unicodeScalars {
      if escaped {
        current.append(scalar)
        escaped = false
        continue
      }
      if scalar == "\\" {
        escaped = true
        current.append(scalar)
        continue
      }
      if let open = quote {
        if scalar == open || scalar == "\n" { quote = nil }
      } else if scalar == "\"" || scalar == "'" {
        quote = scalar
      } else if scalar == "(" || scalar == "[" || scalar == "{" {
        depth += 1
      } else if scalar == ")" || scalar == "]" || scalar == "}" {
        depth = max(0, depth - 1)
      } else if scalar == ";", depth == 0 {
        pieces.append(String(current))
        current = String.UnicodeScalarView()
        continue
      }
      current.append(scalar)
    }
    pieces.append(String(current))
    return pieces
  }

  /// The argument of the function whose name ends just before `start`: a quoted string, or the
  /// text up to `)`, trimmed; empty when a string is followed by more than `)`.
  static func argument(_ text: [Unicode.Scalar], from start: Int) -> String {
    var index = start
    while index < text.count, isSpace(text[index]) { index += 1 }
    var value = String.UnicodeScalarView()
    if index < text.count, text[index] == "\"" || text[index] == "'" {
      let quote = text[index]
      index += 1
      while index < text.count, text[index] != quote, text[index] != "\n" {
        value.append(text[index])
        index += 1
      }
      index += 1
      while index < text.count, isSpace(text[index]) { index += 1 }
      return index >= text.count || text[index] == ")" ? String(value) : ""
    }
    while index < text.count, text[index] != ")" {
      value.append(text[index])
      index += 1
    }
    return String(value).trimmingASCIISpace
  }

  /// Every quoted string in the text.
  static func strings(in text: [Unicode.Scalar]) -> [String] {
    var found: [String] = []
    var index = 0
    while index < text.count {
      let quote = text[index]
      index += 1
      guard quote == "\"" || quote == "'" else { continue }
      var value = String.UnicodeScalarView()
      while index < text.count, text[index] != quote, text[index] != "\n" {
        value.append(text[index])
        index += 1
      }
      index += 1
      found.append(String(value))
    }
    return found
  }

  /// The index just after each occurrence of `needle`.
  static func occurrences(of needle: String, in text: [Unicode.Scalar]) -> [Int] {
    let pattern = Array(needle.unicodeScalars)
    guard text.count >= pattern.count else { return [] }
    return (0...(text.count - pattern.count)).filter { text[$0..<($0 + pattern.count)].elementsEqual(pattern) }
      .map { $0 + pattern.count }
  }

  static func contains(_ text: [Unicode.Scalar], _ needle: String) -> Bool {
    !occurrences(of: needle, in: text).isEmpty
  }

  static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar {
    case "0"..."9": Int(scalar.value - 0x30)
    case "a"..."f": Int(scalar.value - 0x61 + 10)
    case "A"..."F": Int(scalar.value - 0x41 + 10)
    default: nil
    }
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
  }
}

extension String {
  fileprivate var trimmingASCIISpace: String {
    let scalars = Array(unicodeScalars)
    var start = 0
    var end = scalars.count
    while start < end, StyleReferences.isSpace(scalars[start]) { start += 1 }
    while end > start, StyleReferences.isSpace(scalars[end - 1]) { end -= 1 }
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }
}
