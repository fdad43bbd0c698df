import HTMLScan
import OfflineStore
import Wire

/// Readeck's highlights as a reader sees them. Browsers and e-readers show neither the server's
/// wrappers nor its note markers (HighlightWrappers); this makes the pieces `<mark>` elements of
/// their colour and the notes what the format calls for.
public enum HighlightMarkup {
  /// Where a note goes.
  public enum Notes: Sendable {
    /// Beside the highlight, in a `span.rd-note` (a page).
    case inline
    /// As a numbered reference, `[1]`, the notes returned in order (text and books).
    case numbered
  }

  /// The HTML with the highlights marked, and the notes when they are numbered.
  /// - Parameters:
  ///   - open: what starts a highlighted piece of a colour; `close` ends it.
  ///   - reference: what stands for numbered note N where the note was.
  public static func rewrite(
    _ html: String, notes style: Notes, open: (_ color: String) -> String = markTag, close: String = "</mark>",
    reference: (_ number: Int) -> String = { "<sup class=\"rd-noteref\">[\($0)]</sup>" }
  ) -> (html: String, notes: [String]) {
    guard html.contains(HighlightWrappers.element) else { return (html, []) }
    let source = Array(html.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(source.count + 256)
    var copied = 0
    var notes: [String] = []
    // Per open rd-annotation: whether it became a <mark> (a note marker did not).
    var opened: [Bool] = []
    var tokenizer = HTMLTokenizer(source)
    while let token = tokenizer.next() {
      switch token {
      case .startTag(let tag) where tag.name == HighlightWrappers.element:
        output += source[copied..<tag.range.lowerBound]
        copied = tag.range.upperBound
        switch HighlightWrappers.wrapper({ tag.attribute($0)?.value }) {
        case .note(let note):
          if !tag.selfClosing { opened.append(false) }
          guard note.contains(where: { !$0.isWhitespace }) else { continue }
          switch style {
          case .inline: output += Array("<span class=\"rd-note\">\(Markup.text(note))</span>".utf8)
          case .numbered:
            notes.append(note)
            output += Array(reference(notes.count).utf8)
          }
        case .piece(_, let color):
          output += Array(open(color).utf8)
          if tag.selfClosing { output += Array(close.utf8) } else { opened.append(true) }
        }
        keepApart(&output)
      case .endTag(let name, let range) where name == HighlightWrappers.element:
        output += source[copied..<range.lowerBound]
        copied = range.upperBound
        if opened.popLast() == true { output += Array(close.utf8) }
        keepApart(&output)
      default:
        continue
      }
    }
    output += source[copied...]
    return (String(decoding: output, as: UTF8.self), notes)
  }

  /// A wrapper taken out without a replacement must not join the text around it into markup:
  /// a literal `<` before it would open a tag with the letter after it, and `&amp` a longer
  /// character reference. An empty comment keeps them apart and adds no text.
  private static func keepApart(_ output: inout [UInt8]) {
    guard let last = output.last else { return }
    let isNameByte = { (byte: UInt8) in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "#")
    }
    // The longest character reference is 32 bytes with its `&`.
    let run = output.suffix(40).reversed().prefix(while: isNameByte).count
    if last == UInt8(ascii: "<") || (run < min(40, output.count) && output[output.count - run - 1] == UInt8(ascii: "&"))
    {
      output += Array("<!---->".utf8)
    }
  }

  public static func markTag(_ color: String) -> String { "<mark class=\"rd-highlight rd-\(color)\">" }
}
