import HTMLScan

extension XHTMLWriter {
  /// One article's tokens written as XHTML, token by token: the output so far, the elements it
  /// has left open (closed when the article ends), the dropped element being skipped and the
  /// `<picture>` being read.
  struct Pass {
    let imageSource: (String) -> String?
    private var output = ""
    private var open: [String] = []
    private var skipping: (name: String, depth: Int)?
    /// The candidates of the <picture> being read: the image it shows is chosen from its
    /// sources and its <img> at its end tag.
    private var picture: [String]?
    private var pictureAlt = ""

    init(imageSource: @escaping (String) -> String?, capacity: Int) {
      self.imageSource = imageSource
      output.reserveCapacity(capacity)
    }

    mutating func take(_ token: HTMLToken) {
      switch token {
      case .startTag(let tag): startTag(tag)
      case .endTag(let name, _): endTag(name)
      case .text(let text): if skipping == nil { output += XHTMLWriter.text(text) }
      case .comment, .doctype: break
      }
    }

    /// The XHTML, every element closed.
    mutating func finish() -> String {
      close(to: 0)
      return output
    }

    private mutating func startTag(_ tag: HTMLStartTag) {
      if var skip = skipping {
        if tag.name == skip.name && !tag.selfClosing { skip.depth += 1 }
        skipping = skip
        return
      }
      if XHTMLWriter.dropped.contains(tag.name) || tag.namespace != .html {
        // A void element (embed, frame) has no end tag to wait for.
        if !tag.selfClosing && tag.namespace == .html && !HTMLElements.isVoid(tag.name) { skipping = (tag.name, 1) }
        return
      }
      switch tag.name {
      case "picture": picture = []
      case "source":
        if picture != nil, let srcset = tag.attribute("srcset")?.value {
          picture? += Srcset.parse(srcset).map(\.url)
        }
      case "img": img(tag)
      default: element(tag)
      }
    }

    private mutating func img(_ tag: HTMLStartTag) {
      let candidates =
        [tag.attribute("src")?.value ?? ""] + Srcset.parse(tag.attribute("srcset")?.value ?? "").map(\.url)
      let alt = tag.attribute("alt")?.value ?? ""
      if picture != nil {
        picture? += candidates
        pictureAlt = alt
      } else if let chosen = candidates.first(where: { imageSource($0) != nil }) {
        image(chosen, alt: alt)
      } else if !alt.isEmpty {
        output += XHTMLWriter.text("[\(alt)]")
      }
    }

    /// A kept element's start tag, after closing what a browser closes before it.
    private mutating func element(_ tag: HTMLStartTag) {
      guard XHTMLWriter.kept.contains(tag.name) else { return }
      if XHTMLWriter.closesParagraph.contains(tag.name) { closeParagraph() }
      switch tag.name {
      case "li": closeSibling(["li"], within: ["ul", "ol"])
      case "dt", "dd": closeSibling(["dt", "dd"], within: ["dl"])
      case "tr": closeSibling(["tr", "td", "th"], within: ["table", "thead", "tbody", "tfoot"])
      case "td", "th": closeSibling(["td", "th"], within: ["tr", "table"])
      case "thead", "tbody", "tfoot": closeSibling(["thead", "tbody", "tfoot", "tr", "td", "th"], within: ["table"])
      default: break
      }
      output += "<" + tag.name + XHTMLWriter.attributes(of: tag)
      if HTMLElements.isVoid(tag.name) {
        output += "/>"
      } else {
        output += ">"
        open.append(tag.name)
      }
    }

    private mutating func endTag(_ name: String) {
      if var skip = skipping {
        if name == skip.name { skip.depth -= 1 }
        skipping = skip.depth > 0 ? skip : nil
        return
      }
      if name == "picture", let candidates = picture {
        picture = nil
        if let chosen = XHTMLWriter.preferred(candidates.filter { imageSource($0) != nil }, imageSource) {
          image(chosen, alt: pictureAlt)
        } else if !pictureAlt.isEmpty {
          output += XHTMLWriter.text("[\(pictureAlt)]")
        }
        return
      }
      if name == "p", !open.contains("p") {
        output += "<p></p>"  // as a browser reads a stray </p>
        return
      }
      if let index = open.lastIndex(of: name) { close(to: index) }
    }

    private mutating func close(to index: Int) {
      while open.count > index { output += "</\(open.removeLast())>" }
    }

    /// Only a paragraph the inline elements still open sit in, as the tree builder closes it.
    private mutating func closeParagraph() {
      if let index = open.lastIndex(of: "p"), open[(index + 1)...].allSatisfy(XHTMLWriter.phrasing.contains) {
        close(to: index)
      }
    }

    private mutating func closeSibling(_ names: Set<String>, within boundaries: Set<String>) {
      for index in open.indices.reversed() {
        if boundaries.contains(open[index]) { return }
        if names.contains(open[index]) {
          close(to: index)
          return
        }
      }
    }

    private mutating func image(_ source: String, alt: String) {
      if let src = imageSource(source) {
        output += "<img src=\"\(XHTMLWriter.attribute(src))\" alt=\"\(XHTMLWriter.attribute(alt))\"/>"
      } else if !alt.isEmpty {
        output += XHTMLWriter.text("[\(alt)]")
      }
    }
  }
}
