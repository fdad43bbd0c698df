/// The text of an HTML document or fragment, read with `HTMLTokenizer` (so character references,
/// comments, CDATA and the raw text of scripts and styles are what a browser makes of them): the
/// project's one conversion from HTML to text, in the layouts its users need (the search index's
/// words; a mail reader's lines and an article's text, both from ``BlockText``).
public enum HTMLPlainText {
  public enum Layout: Sendable {
    /// The words for a full-text index: one line, every tag, comment and doctype separating words,
    /// scripts and styles dropped, runs of white space (the no-break space too) as one space.
    case words
    /// Text for reading and for a language model: block elements become line breaks, list items
    /// get a dash, links keep their URL (`text <url>`), images their alt text, scripts, styles and
    /// the head are dropped, and white space collapses as a browser collapses it (except inside
    /// `pre`); the text ends with a line break unless it is empty.
    case lines
    /// Text for a person in a terminal (or Markdown with `markdown`): headings, paragraphs
    /// wrapped to `width` columns (none when nil), lists with their markers, quotes marked `> `,
    /// preformatted text verbatim, tables row by row, and links and images as numbered
    /// references (`text [1]`) listed at the end.
    case reading(width: Int?, markdown: Bool)
  }

  /// - Parameter referencesHeading: the line above the references of the reading layout (not in
  ///   Markdown), in the reader's language.
  public static func text(_ html: String, layout: Layout, referencesHeading: String = "References:") -> String {
    switch layout {
    case .words: return words(html)
    case .lines:
      var reader = BlockText(width: nil, style: .lines)
      return reader.render(html)
    case .reading(let width, let markdown):
      var reader = BlockText(width: width, style: markdown ? .markdown : .reading, referencesHeading: referencesHeading)
      return reader.render(html)
    }
  }

  // MARK: - Words

  private static func words(_ html: String) -> String {
    var words = CollapsedWords(capacity: html.utf8.count / 2)
    // The script or style whose end tag ends the text skipped; its own tags separate nothing.
    var skipping: String?
    for token in HTMLTokenizer(html, text: true, valuesOf: []) {
      switch token {
      case .text(let text):
        if skipping == nil { words.append(text) }
      case .startTag(let tag):
        if skipping != nil { continue }
        if tag.name == "script" || tag.name == "style" { skipping = tag.name } else { words.separate() }
      case .endTag(let name, _):
        if let element = skipping {
          if name == element { skipping = nil }
        } else {
          words.separate()
        }
      case .comment, .doctype:
        if skipping == nil { words.separate() }
      }
    }
    return words.string
  }

  /// UTF-8 with runs of white space (ASCII, and the no-break space) written as one space and none
  /// at either end. Written byte by byte into memory of its own, checked for room once per text:
  /// articles of 100 kB and more go through here each time one is stored, and an `Array` append
  /// per byte or per word cost more than the tokenizer.
  private struct CollapsedWords: ~Copyable {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var pendingSpace = false

    init(capacity: Int) { buffer = .allocate(capacity: max(capacity, 64)) }

    deinit { buffer.deallocate() }

    mutating func separate() { pendingSpace = true }

    mutating func append(_ text: String) {
      var text = text
      text.withUTF8 { text in
        // At most every byte of `text` and the space pending before it.
        if count + text.count + 1 > buffer.count { grow(to: count + text.count + 1) }
        let output = buffer.baseAddress!
        var end = count
        var space = pendingSpace
        var index = 0
        while index < text.count {
          let byte = text[index]
          if byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0c || byte == 0x0d {
            space = true
            index += 1
          } else if byte == 0xc2, index + 1 < text.count, text[index + 1] == 0xa0 {  // U+00A0
            space = true
            index += 2
          } else {
            if space && end > 0 {
              output[end] = 0x20
              end += 1
            }
            space = false
            output[end] = byte
            end += 1
            index += 1
          }
        }
        count = end
        pendingSpace = space
      }
    }

    private mutating func grow(to needed: Int) {
      let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(needed, 2 * buffer.count))
      _ = larger.initialize(fromContentsOf: buffer[..<count])
      buffer.deallocate()
      buffer = larger
    }

    var string: String { String(decoding: buffer[..<count], as: UTF8.self) }
  }

}
