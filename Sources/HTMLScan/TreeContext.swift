/// The part of tree construction the tokenizer needs to tokenize as a browser does: which
/// namespace a start tag is in (for `HTMLStartTag.namespace`, and for CDATA sections), and which
/// HTML elements switch the tokenizer to RAWTEXT, RCDATA, script data or PLAINTEXT.
///
/// It keeps the stack of open elements in two parts: the SVG and MathML elements, exactly as the
/// foreign-content rules push and pop them, and the HTML elements, approximately: void elements
/// are not pushed, end tags pop to their element within the scope the in-body rules use, and the
/// commonest implied end tags (p, li, dd, dt, table cells and rows, headings) are applied. The
/// HTML part only matters where the two meet: an end tag such as `</div>` that closes an
/// ancestor of an unclosed `<svg>` closes the svg too, and an HTML element open inside
/// `<foreignObject>` makes the tags after it HTML.
struct TreeContext {
  /// The tokenizer states that read an element's content, which start tags switch to;
  /// `cdataSection` only as a place to start (`HTMLTokenizer.init(_:text:state:lastStartTag:buildsTree:)`),
  /// since sections in foreign content are read where they begin.
  enum Content { case data, rcdata, rawText, scriptData, plaintext, cdataSection }

  /// An open element in the SVG or MathML namespace.
  struct ForeignElement {
    enum Kind { case plain, htmlIntegrationPoint, mathMLTextIntegrationPoint, annotationXML }
    var name: String
    /// The name's `HTMLTokenizer.nameKey`, or 0: compared before the name.
    var key: UInt64
    var namespace: HTMLNamespace
    var kind: Kind
    /// How many HTML elements were open when it was pushed: those above that count are inside
    /// it. It never decreases from one foreign element to the next one up.
    var htmlDepth: Int
    /// The `htmlDepth` of the nearest special element at or below this one, -1 if none.
    var specialDepth = -1

    var isIntegrationPoint: Bool { kind == .htmlIntegrationPoint || kind == .mathMLTextIntegrationPoint }
    /// MathML text integration points and annotation-xml, SVG foreignObject, desc and title are in
    /// the "special" category and bound the scopes that end tags search.
    var isSpecial: Bool { kind != .plain }
  }

  struct OpenHTMLElement {
    var name: String
    var info: ElementInfo
  }

  private var foreign: [ForeignElement] = []
  private var html: [OpenHTMLElement] = []
  /// Open `p` elements in `html`, so that most block start tags need no search for one.
  private var openParagraphs = 0

  /// The open HTML elements kept at most; beyond it the oldest half is forgotten.
  private static let htmlLimit = 512
  /// The open foreign elements kept at most; deeper ones are not pushed (as if self-closing).
  private static let foreignLimit = 1024
  /// The open elements an end tag looks through at most.
  private static let searchLimit = 128

  /// Whether the current node is an HTML element (or there is none).
  var currentIsHTML: Bool {
    guard let top = foreign.last else { return true }
    return html.count > top.htmlDepth
  }

  /// CDATA sections are recognised only when the adjusted current node is not an HTML element.
  var allowsCDATA: Bool { !currentIsHTML }

  // MARK: - Start tags

  /// Places a start tag: its name (`image` becomes `img` in HTML), its namespace, and the content
  /// model that follows it (`.data` unless it is an HTML element that switches the tokenizer).
  mutating func startTag(
    _ name: String, key: UInt64?, _ info: ElementInfo, _ attributes: [HTMLAttribute], selfClosing: Bool
  ) -> (name: String, namespace: HTMLNamespace, content: Content) {
    if !currentIsHTML, let current = foreign.last, !current.admitsHTML(name) {
      guard breaksOut(info, attributes) else {
        let namespace = current.namespace
        if !selfClosing { pushForeign(name, key: key, namespace, Self.kind(name, namespace, attributes)) }
        return (name, namespace, .data)
      }
      // While the current node is not an integration point or an HTML element, pop.
      while let top = foreign.last, html.count == top.htmlDepth, !top.isIntegrationPoint { foreign.removeLast() }
    }
    return htmlStartTag(name, key: key, info, selfClosing: selfClosing)
  }

  /// A start tag by the in-body rules.
  private mutating func htmlStartTag(
    _ name: String, key: UInt64?, _ info: ElementInfo, selfClosing: Bool
  ) -> (name: String, namespace: HTMLNamespace, content: Content) {
    if info.flags.isEmpty {
      push(name, info)  // most tags: an element like span or a custom one
      return (name, .html, .data)
    }
    if info.flags.contains(.foreignRoot) {
      if !selfClosing { pushForeign(name, key: key, name == "svg" ? .svg : .mathml, .plain) }
      return (name, name == "svg" ? .svg : .mathml, .data)
    }
    applyImpliedEndTags(info)
    let content: Content =
      if info.flags.contains(.rawText) {
        info.flags.contains(.scriptData) ? .scriptData : .rawText
      } else if info.flags.contains(.rcdata) {
        .rcdata
      } else if info.id == ElementInfo.plaintext {
        .plaintext
      } else {
        .data
      }
    if content == .data && info.flags.isDisjoint(with: [.void, .implicit]) { push(name, info) }
    return (info.id == ElementInfo.image ? "img" : name, .html, content)
  }

  /// The attributes whose values tree construction reads (`encoding` of MathML annotation-xml);
  /// a tokenizer decodes them whatever its caller asked for.
  static let attributeValuesRead: Set<String> = ["encoding"]

  private func breaksOut(_ info: ElementInfo, _ attributes: [HTMLAttribute]) -> Bool {
    if info.flags.contains(.breakout) { return true }
    return info.id == ElementInfo.font
      && attributes.contains { $0.name == "color" || $0.name == "face" || $0.name == "size" }
  }

  /// The end tags a start tag implies: an open p before a block, the previous li, dd or dt,
  /// cells and rows without their end tags, and a heading directly inside a heading.
  private mutating func applyImpliedEndTags(_ info: ElementInfo) {
    if info.flags.contains(.listItem) {
      // li closes an open li; dd and dt close an open dd or dt; address, div and p do not stop the search.
      let closes: (ElementInfo) -> Bool =
        info.id == ElementInfo.li ? { $0.id == ElementInfo.li } : { $0.id == ElementInfo.dd || $0.id == ElementInfo.dt }
      var index = html.count - 1
      while index >= 0 && html.count - index <= Self.searchLimit && !isBlockedByForeign(at: index) {
        let element = html[index].info
        if closes(element) {
          popHTML(to: index)
          break
        }
        if element.flags.contains(.special) && !element.flags.contains(.notBlockingListItems) { break }
        index -= 1
      }
    }
    if info.flags.contains(.closesParagraph) && openParagraphs > 0 { closeParagraph() }
    if info.flags.contains(.heading), let top = html.last, top.info.flags.contains(.heading),
      foreign.last.map({ $0.htmlDepth < html.count }) ?? true
    {
      popHTML(to: html.count - 1)
    }
    if info.flags.contains(.tablePart) {
      // Clear the stack back to the row (for a cell), the table body (for a row) or the table.
      let context: (ElementInfo) -> Bool =
        switch info.id {
        case ElementInfo.td, ElementInfo.th: { $0.id == ElementInfo.tr }
        case ElementInfo.tr: { $0.flags.contains(.tableSection) || $0.id == ElementInfo.table }
        default: { $0.id == ElementInfo.table }
        }
      var index = html.count - 1
      while index >= 0 && html.count - index <= Self.searchLimit && !isBlockedByForeign(at: index) {
        if context(html[index].info) {
          if index + 1 < html.count { popHTML(to: index + 1) }
          break
        }
        if html[index].info.flags.contains(.tableBoundary) { break }
        index -= 1
      }
    }
  }

  private mutating func closeParagraph() {
    if let index = findInScope({ $0.info.id == ElementInfo.p }, boundary: [.scopeBoundary, .buttonBoundary]) {
      popHTML(to: index)
    }
  }

  private mutating func pushForeign(
    _ name: String, key: UInt64?, _ namespace: HTMLNamespace, _ kind: ForeignElement.Kind
  ) {
    guard foreign.count < Self.foreignLimit else { return }
    var element = ForeignElement(name: name, key: key ?? 0, namespace: namespace, kind: kind, htmlDepth: html.count)
    element.specialDepth = element.isSpecial ? html.count : foreign.last?.specialDepth ?? -1
    foreign.append(element)
  }

  private mutating func push(_ name: String, _ info: ElementInfo) {
    if html.count >= Self.htmlLimit {
      // Forget the oldest half; foreign elements keep their place relative to the rest.
      let dropped = Self.htmlLimit / 2
      openParagraphs -= html[..<dropped].lazy.filter { $0.info.id == ElementInfo.p }.count
      html.removeFirst(dropped)
      for index in foreign.indices {
        foreign[index].htmlDepth = max(0, foreign[index].htmlDepth - dropped)
        foreign[index].specialDepth = max(-1, foreign[index].specialDepth - dropped)
      }
    }
    if info.id == ElementInfo.p { openParagraphs += 1 }
    html.append(OpenHTMLElement(name: name, info: info))
  }

  // MARK: - End tags

  mutating func endTag(_ name: String, key: UInt64?, _ info: ElementInfo) {
    if html.isEmpty && foreign.isEmpty { return }
    if currentIsHTML {
      htmlEndTag(name, info)
      return
    }
    if info.id == ElementInfo.p || info.id == ElementInfo.br {
      while let top = foreign.last, html.count == top.htmlDepth, !top.isIntegrationPoint { foreign.removeLast() }
      htmlEndTag(name, info)
      return
    }
    // The foreign-content rules: the nearest open foreign element of that name, unless an HTML
    // element comes first; then the HTML rules.
    let key = key ?? 0
    var index = foreign.count - 1
    while index >= 0 && foreign.count - index <= Self.searchLimit {
      if foreign[index].key == key && (key != 0 || foreign[index].name == name) {
        foreign.removeSubrange(index...)
        return
      }
      if index == 0 || foreign[index].htmlDepth > foreign[index - 1].htmlDepth { break }
      index -= 1
    }
    htmlEndTag(name, info)
  }

  /// An end tag by the in-body rules: pops its element and everything opened inside it, if it is
  /// in scope (elements with scope rules) or no special element comes first (all others).
  private mutating func htmlEndTag(_ name: String, _ info: ElementInfo) {
    // The common case: the current element.
    if let top = html.last, top.info.id == info.id && (info.id != 0 || top.name == name),
      foreign.last.map({ $0.htmlDepth < html.count }) ?? true
    {
      if top.info.id == ElementInfo.p { openParagraphs -= 1 }
      html.removeLast()
      return
    }
    let found: Int?
    if info.id == ElementInfo.p {
      guard openParagraphs > 0 else { return }
      found = findInScope({ $0.info.id == ElementInfo.p }, boundary: [.scopeBoundary, .buttonBoundary])
    } else if info.flags.contains(.heading) {
      found = findInScope({ $0.info.flags.contains(.heading) }, boundary: .scopeBoundary)
    } else if info.id == ElementInfo.li {
      found = findInScope({ $0.info.id == ElementInfo.li }, boundary: [.scopeBoundary, .listBoundary])
    } else if info.flags.contains(.scopedEnd) {
      found = findInScope({ $0.info.id == info.id }, boundary: .scopeBoundary)
    } else if !info.flags.isDisjoint(with: [.void, .implicit]) {
      found = nil
    } else if info.id != 0 {
      // Any other end tag: the nearest element of that name, unless a special one comes first.
      found = findInScope({ $0.info.id == info.id }, boundary: .special)
    } else {
      found = findInScope({ $0.info.id == 0 && $0.name == name }, boundary: .special)
    }
    if let found { popHTML(to: found) }
  }

  /// The index of the nearest open HTML element that `matches`, if none with a `boundary` flag
  /// and no special foreign element comes first.
  private func findInScope(_ matches: (OpenHTMLElement) -> Bool, boundary: ElementInfo.Flags) -> Int? {
    var index = html.count - 1
    while index >= 0 && html.count - index <= Self.searchLimit && !isBlockedByForeign(at: index) {
      let element = html[index]
      if matches(element) { return index }
      if !element.info.flags.isDisjoint(with: boundary) { return nil }
      index -= 1
    }
    return nil
  }

  /// Whether a special foreign element (an integration point, annotation-xml) lies between the
  /// current node and the HTML element at `index`: it bounds every scope. The foreign elements
  /// above that element are those with a greater `htmlDepth`, the top ones.
  private func isBlockedByForeign(at index: Int) -> Bool {
    (foreign.last?.specialDepth ?? -1) > index
  }

  /// Pops the HTML element at `index`, everything above it, and the foreign elements inside them.
  private mutating func popHTML(to index: Int) {
    while html.count > index {
      if html.removeLast().info.id == ElementInfo.p { openParagraphs -= 1 }
    }
    while let top = foreign.last, top.htmlDepth > index { foreign.removeLast() }
  }

  // MARK: - Foreign elements

  private static func kind(
    _ name: String, _ namespace: HTMLNamespace, _ attributes: [HTMLAttribute]
  ) -> ForeignElement.Kind {
    if namespace == .svg {
      return name == "foreignobject" || name == "desc" || name == "title" ? .htmlIntegrationPoint : .plain
    }
    switch name {
    case "mi", "mo", "mn", "ms", "mtext": return .mathMLTextIntegrationPoint
    case "annotation-xml":
      let encoding = String(
        decoding: (attributes.first { $0.name == "encoding" }?.value ?? "").utf8.map {
          $0 &- 0x41 < 26 ? $0 | 0x20 : $0
        }, as: UTF8.self)
      return encoding == "text/html" || encoding == "application/xhtml+xml" ? .htmlIntegrationPoint : .annotationXML
    default: return .plain
    }
  }
}

extension TreeContext.ForeignElement {
  /// Whether a start tag with this element as the current node is processed by the HTML rules.
  func admitsHTML(_ name: String) -> Bool {
    switch kind {
    case .plain: false
    case .htmlIntegrationPoint: true
    case .mathMLTextIntegrationPoint: name != "mglyph" && name != "malignmark"
    case .annotationXML: name == "svg"
    }
  }
}
