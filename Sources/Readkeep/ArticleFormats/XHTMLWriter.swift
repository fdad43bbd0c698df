import Foundation
import HTMLScan

/// Article HTML as the well-formed, valid XHTML an EPUB chapter must be: elements a book can
/// hold with the attributes they may have, every element closed, paragraphs closed where a block
/// starts (as a browser closes them), text escaped. What cannot be carried goes: scripts, forms,
/// embedded documents and SVG with their content, unknown elements as tags only (their text
/// stays), ids (they repeat across articles) and the in-page links that needed them.
struct XHTMLWriter {
  /// The `src` an image gets in the book, nil to leave the image out (alt text stays).
  var imageSource: (String) -> String?

  static let kept: Set<String> = [
    "p", "div", "span", "a", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "code", "pre", "kbd",
    "samp", "var", "blockquote", "q", "cite", "abbr", "dfn", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul",
    "ol", "li", "dl", "dt", "dd", "figure", "figcaption", "img", "table", "thead", "tbody", "tfoot", "tr", "th", "td",
    "caption", "section", "article", "aside", "header", "footer", "main", "address", "del", "ins", "bdi", "wbr",
  ]
  /// Dropped with everything inside.
  static let dropped: Set<String> = [
    "script", "style", "iframe", "frame", "frameset", "object", "applet", "template", "noembed", "noframes", "embed",
    "head", "title", "svg", "math", "form", "select", "textarea", "button", "video", "audio", "canvas", "map",
    "noscript", "portal", "datalist",
  ]
  /// Start tags that close an open paragraph.
  static let closesParagraph: Set<String> = [
    "address", "article", "aside", "blockquote", "div", "dl", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "main", "ol", "p", "pre", "section", "table", "ul",
  ]
  static let phrasing: Set<String> = [
    "span", "a", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "code", "kbd", "samp", "var", "q",
    "cite", "abbr", "dfn", "del", "ins", "bdi",
  ]

  func write(_ html: String) -> String {
    var pass = Pass(imageSource: imageSource, capacity: html.utf8.count)
    for token in HTMLTokenizer(html, text: true) { pass.take(token) }
    return pass.finish()
  }

  /// Of a picture's candidates, the first the book can show without a fallback (not WebP or AVIF).
  static func preferred(_ candidates: [String], _ source: (String) -> String?) -> String? {
    candidates.first { candidate in
      guard let path = source(candidate)?.lowercased() else { return false }
      return path.hasSuffix(".png") || path.hasSuffix(".jpg") || path.hasSuffix(".gif") || path.hasSuffix(".svg")
    } ?? candidates.first
  }

  static func attributes(of tag: HTMLStartTag) -> String {
    var result = ""
    func add(_ name: String, _ value: String) { result += " \(name)=\"\(Self.attribute(value))\"" }
    if let lang = tag.attribute("lang")?.value, Self.isLanguageTag(lang) { add("lang", lang) }
    if let dir = tag.attribute("dir")?.value.lowercased(), dir == "ltr" || dir == "rtl" { add("dir", dir) }
    if let title = tag.attribute("title")?.value, !title.isEmpty { add("title", title) }
    if let classes = tag.attribute("class")?.value.trimmed, !classes.isEmpty { add("class", classes) }
    switch tag.name {
    case "a":
      if let href = tag.attribute("href")?.value.trimmed, Self.isExternalLink(href) { add("href", href) }
    case "td", "th":
      for name in ["colspan", "rowspan"] {
        if let value = tag.attribute(name)?.value, let number = Int(value), number > 0, number < 1000 {
          add(name, String(number))
        }
      }
    case "ol":
      if let value = tag.attribute("start")?.value, let number = Int(value.trimmed) { add("start", String(number)) }
    default:
      break
    }
    return result
  }

  static func isExternalLink(_ href: String) -> Bool {
    let lower = href.lowercased()
    return (lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:"))
      && !href.contains(where: { $0 == " " || $0 == "\\" })
  }

  static func isLanguageTag(_ value: String) -> Bool {
    !value.isEmpty && value.count <= 35
      && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
  }

  /// Text for XML: escaped, and without the characters XML 1.0 forbids.
  static func text(_ value: String) -> String { HTMLEscape.text(allowedInXML(value)) }

  static func attribute(_ value: String) -> String { HTMLEscape.attribute(allowedInXML(value)) }

  /// `value` without the characters XML 1.0 forbids (and the C1 controls); tab, line feed and
  /// carriage return stay.
  private static func allowedInXML(_ value: String) -> String {
    func forbidden(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
        || (0x7F...0x9F).contains(scalar.value) || (0xFFFE...0xFFFF).contains(scalar.value)
    }
    guard value.unicodeScalars.contains(where: forbidden) else { return value }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: value.unicodeScalars.lazy.filter { !forbidden($0) })
    return String(kept)
  }
}
