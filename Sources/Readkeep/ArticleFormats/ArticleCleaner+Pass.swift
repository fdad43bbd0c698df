import HTMLScan

extension ArticleCleaner {
  /// One article cleaned, tag by tag: the bytes between tags are copied as they are (`copied`
  /// marks how far), tags are copied, rewritten or dropped, and what a tag opens (a dropped
  /// element's content, a `<noscript>`, a `<picture>`, a leading `<h1>`) is followed here.
  struct Pass {
    private let source: [UInt8]
    private let title: String?
    private let isRealImage: (String) -> Bool
    private var output: [UInt8] = []
    /// How much of `source` is in `output` or dropped.
    private var copied = 0
    /// The dropped element whose content is being skipped, and how deep it is nested in itself.
    private var skipping: (name: String, depth: Int)?
    private var noscriptDepth = 0
    private var pictureDepth = 0
    /// The image an `<img>` outside `<noscript>` showed last: its `<noscript>` copy goes.
    private var lastImage: String?
    /// Whether the article has shown anything before a leading `<h1>` could start.
    private var sawContent = false
    /// The `<h1>` that may only repeat the title: where it starts in the output and the source.
    private var leadingHeading: (outputStart: Int, sourceStart: Int)?
    private var droppedHeading = false

    init(_ source: [UInt8], title: String?, isRealImage: @escaping (String) -> Bool) {
      self.source = source
      self.title = title
      self.isRealImage = isRealImage
      output.reserveCapacity(source.count)
    }

    mutating func run() -> String {
      // A tag cut off by the end of the article is no tag to a browser reading the article alone,
      // but in a page the markup after the article closes it, attributes and all. The bytes that
      // close a tag in any of its states are read after the article, so that such a tag comes as
      // a token and is left out like the browser alone leaves it out.
      var tokenizer = HTMLTokenizer(source + Array("\"'>".utf8))
      while let token = tokenizer.next() {
        switch token {
        case .startTag(let tag) where tag.range.upperBound > source.count: return cutOff(at: tag.range.lowerBound)
        case .endTag(_, let range) where range.upperBound > source.count: return cutOff(at: range.lowerBound)
        case .startTag(let tag): startTag(tag)
        case .endTag(let name, let range): endTag(name, range)
        default: break
        }
      }
      if skipping == nil { copy(upTo: source.count) }
      return String(decoding: output, as: UTF8.self)
    }

    private mutating func cutOff(at start: Int) -> String {
      if skipping == nil { copy(upTo: start) }
      return String(decoding: output, as: UTF8.self)
    }

    private mutating func startTag(_ tag: HTMLStartTag) {
      if var skip = skipping {
        if tag.name == skip.name && !tag.selfClosing && !HTMLElements.isVoid(tag.name) { skip.depth += 1 }
        skipping = skip
        return
      }
      copy(upTo: tag.range.lowerBound)
      if !sawContent, leadingHeading == nil, hasText(0, tag.range.lowerBound) { sawContent = true }
      if dropped.contains(tag.name) {
        copied = tag.range.upperBound
        if !HTMLElements.isVoid(tag.name) && !tag.selfClosing { skipping = (tag.name, 1) }
        return
      }
      if tag.name == "noscript" && tag.namespace == .html {
        noscriptDepth += 1
        copied = tag.range.upperBound
        return
      }
      if tag.name == "picture" && !tag.selfClosing { pictureDepth += 1 }
      if tag.name == "h1", !sawContent, !droppedHeading, leadingHeading == nil, title != nil {
        leadingHeading = (output.count, tag.range.lowerBound)
      }
      if tag.name == "img" || tag.name == "figure", leadingHeading == nil { sawContent = true }
      let result = cleaned(
        tag, source: source, inNoscript: noscriptDepth > 0, inPicture: pictureDepth > 0, lastImage: &lastImage,
        isRealImage)
      if let result { output += result }
      copied = tag.range.upperBound
    }

    private mutating func endTag(_ name: String, _ range: Range<Int>) {
      if var skip = skipping {
        if name == skip.name { skip.depth -= 1 }
        skipping = skip.depth > 0 ? skip : nil
        if skipping == nil { copied = range.upperBound }
        return
      }
      copy(upTo: range.lowerBound)
      if dropped.contains(name) {
        copied = range.upperBound
        return
      }
      if name == "picture" { pictureDepth = max(0, pictureDepth - 1) }
      if name == "noscript" {
        noscriptDepth = max(0, noscriptDepth - 1)
        copied = range.upperBound
        return
      }
      if name == "h1", let heading = leadingHeading { endLeadingHeading(heading, range) }
    }

    /// A leading `<h1>` that says just the title goes, since the page's header shows it.
    private mutating func endLeadingHeading(_ heading: (outputStart: Int, sourceStart: Int), _ range: Range<Int>) {
      leadingHeading = nil
      sawContent = true
      let text = HTMLPlainText.text(
        String(decoding: source[heading.sourceStart..<range.upperBound], as: UTF8.self), layout: .words)
      if let title, text == HTMLPlainText.text(title, layout: .words) {
        output.removeSubrange(heading.outputStart...)
        copied = range.upperBound
        droppedHeading = true
      }
    }

    private mutating func copy(upTo end: Int) {
      if end > copied { output += source[copied..<end] }
      copied = max(copied, end)
    }

    private func hasText(_ start: Int, _ end: Int) -> Bool {
      HTMLPlainText.text(String(decoding: source[start..<end], as: UTF8.self), layout: .words).isEmpty == false
    }
  }
}
