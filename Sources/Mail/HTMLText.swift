import HTMLScan

/// Plain text from an HTML mail body, for reading and for a language model: block elements
/// become line breaks, list items get a dash, links keep their URL (`text <url>`), images their
/// alt text, scripts, styles and the head are dropped, and white space collapses as a browser
/// collapses it (except inside `pre`).
public enum HTMLText {
  private static let blocks: Set<String> = [
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
    "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table",
    "tr", "ul", "center",
  ]
  private static let paragraphs: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol", "pre", "hr"]
  private static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

  public static func text(_ html: String) -> String {
    var renderer = Renderer()
    var hiddenDepth = 0
    var preDepth = 0
    var link: (href: String, textStart: Int)?
    for token in HTMLTokenizer(html, text: true) {
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
          if let alt = tag.attribute("alt")?.value.trimmingWhitespace(), !alt.isEmpty { renderer.text("[\(alt)]", pre: false) }
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
          if shown != open.href && shown != bare { renderer.text(shown.isEmpty ? open.href : " <\(open.href)>", pre: false) }
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
  private struct Renderer {
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
