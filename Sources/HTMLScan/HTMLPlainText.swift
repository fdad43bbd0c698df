/// The text of an HTML document or fragment, read with `HTMLTokenizer` (so character references,
/// comments, CDATA and the raw text of scripts and styles are what a browser makes of them), in
/// one of two layouts for two purposes.
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
  }

  public static func text(_ html: String, layout: Layout) -> String {
    switch layout {
    case .words: words(html)
    case .lines: lines(html)
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

  // MARK: - Lines

  private static let blocks: Set<String> = [
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
    "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
    "table",
    "tr", "ul", "center",
  ]
  private static let paragraphs: Set<String> = [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol", "pre", "hr",
  ]
  private static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

  private static func lines(_ html: String) -> String {
    var renderer = Lines()
    var hiddenDepth = 0
    var preDepth = 0
    var link: (href: String, textStart: Int)?
    for token in HTMLTokenizer(html, text: true, valuesOf: ["alt", "href"]) {
      switch token {
      case .startTag(let tag):
        if hidden.contains(tag.name) {
          if !tag.selfClosing { hiddenDepth += 1 }
          continue
        }
        guard hiddenDepth == 0 else { continue }
        switch tag.name {
        case "br": renderer.lineBreak()
        case "li":
          renderer.block(blank: false)
          renderer.word("- ")
        case "img":
          if let alt = tag.attribute("alt")?.value.trimmingWhitespace(), !alt.isEmpty {
            renderer.text("[\(alt)]", pre: false)
          }
        case "a":
          if let href = tag.attribute("href")?.value.trimmingWhitespace(), !href.isEmpty, !href.hasPrefix("#"),
            !href.lowercased().hasPrefix("javascript:")
          {
            link = (href, renderer.count)
          }
        case "td", "th": renderer.cellBreak()
        default:
          if blocks.contains(tag.name) { renderer.block(blank: paragraphs.contains(tag.name)) }
          if tag.name == "pre" { preDepth += 1 }
        }
      case .endTag(let name, _):
        if hidden.contains(name) {
          hiddenDepth = max(0, hiddenDepth - 1)
          continue
        }
        guard hiddenDepth == 0 else { continue }
        if name == "a", let open = link {
          let shown = renderer.textSince(open.textStart)
          let bare = open.href.hasPrefix("mailto:") ? String(open.href.dropFirst(7)) : open.href
          if shown != open.href && shown != bare {
            renderer.text(shown.isEmpty ? open.href : " <\(open.href)>", pre: false)
          }
          link = nil
        }
        if name == "pre" { preDepth = max(0, preDepth - 1) }
        if blocks.contains(name) { renderer.block(blank: paragraphs.contains(name)) }
      case .text(let text):
        if hiddenDepth == 0 { renderer.text(text, pre: preDepth > 0) }
      case .comment, .doctype:
        break
      }
    }
    return renderer.finish()
  }

  /// Output with pending breaks: a break is written only when text follows, so empty blocks and
  /// trailing breaks leave nothing behind.
  private struct Lines {
    var output = ""
    var pendingBreaks = 0
    var pendingSpace = false
    /// Where the output ends now, for ``textSince(_:)``.
    var count: Int { output.utf8.count }

    mutating func block(blank: Bool) { pendingBreaks = max(pendingBreaks, blank ? 2 : 1) }
    mutating func lineBreak() {
      pendingBreaks += 1
      pendingSpace = false
    }
    mutating func cellBreak() { if pendingBreaks == 0 && !output.isEmpty && output.last != "\n" { word("\t") } }

    mutating func word(_ text: String) {
      flushBreaks()
      output += text
      pendingSpace = false
    }

    mutating func text(_ text: String, pre: Bool) {
      if pre {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          if index > 0 { lineBreak() }
          if !line.isEmpty { word(String(line)) }
        }
        return
      }
      for scalar in text.unicodeScalars {
        if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}" {
          if !output.isEmpty && pendingBreaks == 0 { pendingSpace = true }
        } else {
          flushBreaks()
          if pendingSpace && output.last != "\n" && output.last != "\t" { output.append(" ") }
          pendingSpace = false
          output.unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
        }
      }
    }

    func textSince(_ start: Int) -> String {
      String(decoding: output.utf8.dropFirst(start), as: UTF8.self).trimmingWhitespace()
    }

    private mutating func flushBreaks() {
      guard pendingBreaks > 0 else { return }
      if !output.isEmpty {
        while output.last == " " { output.removeLast() }
        let existing = output.reversed().prefix { $0 == "\n" }.count
        output += String(repeating: "\n", count: max(0, min(pendingBreaks, 2) - existing))
      }
      pendingBreaks = 0
      pendingSpace = false
    }

    func finish() -> String {
      var result = output
      while result.last == " " || result.last == "\n" { result.removeLast() }
      return result.isEmpty ? result : result + "\n"
    }
  }
}

extension StringProtocol {
  /// Without the Unicode white space at either end.
  fileprivate func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(self[first..<scalars.index(after: last)])
  }
}
