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
    var output = ""
    output.reserveCapacity(html.utf8.count)
    var open: [String] = []
    var skipping: (name: String, depth: Int)?
    // The <picture> being read: the image it shows is chosen from its sources and its <img>.
    var picture: [String]?
    var pictureAlt = ""

    func close(to index: Int) {
      while open.count > index { output += "</\(open.removeLast())>" }
    }
    func closeParagraph() {
      // Only a paragraph the inline elements still open sit in, as the tree builder closes it.
      if let index = open.lastIndex(of: "p"), open[(index + 1)...].allSatisfy(Self.phrasing.contains) {
        close(to: index)
      }
    }
    func closeSibling(_ names: Set<String>, within boundaries: Set<String>) {
      for index in open.indices.reversed() {
        if boundaries.contains(open[index]) { return }
        if names.contains(open[index]) {
          close(to: index)
          return
        }
      }
    }
    func image(_ source: String, alt: String) {
      if let src = imageSource(source) {
        output += "<img src=\"\(Self.attribute(src))\" alt=\"\(Self.attribute(alt))\"/>"
      } else if !alt.isEmpty {
        output += Self.text("[\(alt)]")
      }
    }

    for token in HTMLTokenizer(html, text: true) {
      switch token {
      case .startTag(let tag):
        if var skip = skipping {
          if tag.name == skip.name && !tag.selfClosing { skip.depth += 1 }
          skipping = skip
          continue
        }
        if Self.dropped.contains(tag.name) || tag.namespace != .html {
          if !tag.selfClosing && tag.namespace == .html { skipping = (tag.name, 1) }
          continue
        }
        if tag.name == "picture" {
          picture = []
          continue
        }
        if tag.name == "source" {
          if picture != nil, let srcset = tag.attribute("srcset")?.value {
            picture? += Srcset.parse(srcset).map(\.url)
          }
          continue
        }
        if tag.name == "img" {
          let candidates =
            [tag.attribute("src")?.value ?? ""] + Srcset.parse(tag.attribute("srcset")?.value ?? "").map(\.url)
          let alt = tag.attribute("alt")?.value ?? ""
          if picture != nil {
            picture? += candidates
            pictureAlt = alt
          } else if let chosen = candidates.first(where: { imageSource($0) != nil }) {
            image(chosen, alt: alt)
          } else if !alt.isEmpty {
            output += Self.text("[\(alt)]")
          }
          continue
        }
        guard Self.kept.contains(tag.name) else { continue }
        if Self.closesParagraph.contains(tag.name) { closeParagraph() }
        switch tag.name {
        case "li": closeSibling(["li"], within: ["ul", "ol"])
        case "dt", "dd": closeSibling(["dt", "dd"], within: ["dl"])
        case "tr": closeSibling(["tr", "td", "th"], within: ["table", "thead", "tbody", "tfoot"])
        case "td", "th": closeSibling(["td", "th"], within: ["tr", "table"])
        case "thead", "tbody", "tfoot": closeSibling(["thead", "tbody", "tfoot", "tr", "td", "th"], within: ["table"])
        default: break
        }
        output += "<" + tag.name + attributes(of: tag)
        if HTMLElements.isVoid(tag.name) {
          output += "/>"
        } else {
          output += ">"
          open.append(tag.name)
        }
      case .endTag(let name, _):
        if var skip = skipping {
          if name == skip.name { skip.depth -= 1 }
          skipping = skip.depth > 0 ? skip : nil
          continue
        }
        if name == "picture", let candidates = picture {
          picture = nil
          if let chosen = Self.preferred(candidates.filter { imageSource($0) != nil }, imageSource) {
            image(chosen, alt: pictureAlt)
          } else if !pictureAlt.isEmpty {
            output += Self.text("[\(pictureAlt)]")
          }
          continue
        }
        if name == "p", !open.contains("p") {
          output += "<p></p>"  // as a browser reads a stray </p>
          continue
        }
        if let index = open.lastIndex(of: name) { close(to: index) }
      case .text(let text):
        if skipping == nil { output += Self.text(text) }
      case .comment, .doctype:
        break
      }
    }
    close(to: 0)
    return output
  }

  /// Of a picture's candidates, the first the book can show without a fallback (not WebP or AVIF).
  static func preferred(_ candidates: [String], _ source: (String) -> String?) -> String? {
    candidates.first { candidate in
      guard let path = source(candidate)?.lowercased() else { return false }
      return path.hasSuffix(".png") || path.hasSuffix(".jpg") || path.hasSuffix(".gif") || path.hasSuffix(".svg")
    } ?? candidates.first
  }

  private func attributes(of tag: HTMLStartTag) -> String {
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
