/// Text from a message made safe to write to a terminal. A sender's Subject or attachment name can
/// hold escape sequences that move the cursor, retitle the window or rewrite what was shown
/// before; written for a person, every control character is shown instead of obeyed: ESC as `\e`,
/// the other C0 controls and DEL as `less` and `cat -v` show them (`^A`, `^H`, `^[`… `^?`), C1
/// controls and the line and paragraph separators as `<U+009B>`. Tab stays, and so do line ends
/// in ``text(_:)``.
public enum TerminalText {
  /// One line (a header value, a name): line feeds and carriage returns are shown too.
  public static func line(_ text: String) -> String { escaped(text, keepingLineEnds: false) }

  /// Text of several lines (a body): LF and CRLF line ends stay, a CR alone is shown.
  public static func text(_ text: String) -> String { escaped(text, keepingLineEnds: true) }

  private static func escaped(_ text: String, keepingLineEnds: Bool) -> String {
    guard HeaderValue.hasControl(text) else { return text }
    var out = ""
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      switch scalar.value {
      case 0x09: out.unicodeScalars.append(scalar)
      case 0x0A where keepingLineEnds: out.unicodeScalars.append(scalar)
      case 0x0D where keepingLineEnds && index + 1 < scalars.count && scalars[index + 1] == "\n":
        out.unicodeScalars.append(scalar)
      case 0x1B: out += "\\e"
      case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: out += "^?"
      case _ where HeaderValue.isControl(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
