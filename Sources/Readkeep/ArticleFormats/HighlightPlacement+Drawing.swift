import HTMLScan
public import OfflineStore

extension StoredArticle {
  /// The HTML with its highlights as the store knows them: those it placed itself wrapped where
  /// they lie, those edited since the fetch in their new look, those deleted left out; in
  /// Readeck's wrappers, so that page, text and book read it as they read the server's.
  public var htmlWithHighlights: String { HighlightPlacement.drawing(highlights, in: html) }
}

extension HighlightPlacement {
  /// `html` with `expected` drawn in: the article parsed as the server parses it (the wrappers
  /// taken out), every highlight wrapped again as the server wraps it (a piece per text node,
  /// the first with the id, the note marker after the last), and serialized, as the server
  /// serializes its tree. The HTML as it is when nothing differs, or when the wrapped highlights
  /// cannot be told apart; a placed highlight whose text is no longer where the store put it is
  /// left out.
  public static func drawing(_ expected: ArticleHighlights, in html: String) -> String {
    drawn(expected, in: html).html
  }

  /// ``drawing(_:in:)``, and whether it drew every highlight the server holds that it was to
  /// draw: when not, only fetching the article again shows them (`rk-cache ids --stale`). A
  /// highlight still queued here is not counted, as the server does not have it.
  public static func drawn(_ expected: ArticleHighlights, in html: String) -> (html: String, complete: Bool) {
    guard !expected.isEmpty else { return (html, true) }
    let placement = HighlightPlacement(html: html)
    let looks = HighlightWrappers.shown(in: html)
    guard looks.isEmpty || !placement.highlighted.isEmpty, !placement.document.exceedsGoNestingLimit,
      let body = placement.document.body
    else { return (html, false) }
    var changed = false
    var drawn: [Drawn] = placement.highlighted.compactMap { wrapped in
      let look = looks[wrapped.id] ?? .init(color: nil, note: nil)
      let now = expected.hidden.contains(wrapped.id) ? nil : expected.restyled[wrapped.id] ?? look
      if now != look { changed = true }
      return now.map { Drawn(id: wrapped.id, range: wrapped.range, shown: $0) }
    }
    let text = placement.texts.flatMap(\.scalars)
    var complete = true
    for placed in expected.placed {
      guard placed.range.lowerBound >= 0, placed.range.upperBound <= text.count,
        !drawn.contains(where: { $0.range.overlaps(placed.range) }),
        String(String.UnicodeScalarView(text[placed.range])).trimmingWhiteSpace == placed.text
      else {
        if !OfflineStore.isLocalHighlightID(placed.id) { complete = false }
        continue
      }
      drawn.append(Drawn(id: placed.id, range: placed.range, shown: placed.shown))
      changed = true
    }
    guard changed else { return (html, complete) }
    drawn.sort { $0.range.lowerBound < $1.range.lowerBound }
    var document = placement.document
    var wrapper = Wrapping(drawn: drawn)
    for node in placement.texts where node.isShown && Self.isWrappable(node, in: document) {
      wrapper.wrap(node, in: &document)
    }
    wrapper.addNotes(to: &document)
    let head = document.nodes[0].children.lazy.flatMap { document.nodes[$0].children }
      .first { document.nodes[$0].element?.isHTML("head") == true }
    return ((head.map(document.serializeChildren(of:)) ?? "") + document.serializeChildren(of: body), complete)
  }

  /// The article without its highlight wrappers and note markers, as the server reads it.
  static func unwrapped(_ html: String) -> String {
    HighlightMarkup.rewrite(html, notes: .numbered, open: { _ in "" }, close: "", reference: { _ in "" }).html
  }

  struct Drawn {
    var id: String
    var range: Range<Int>
    var shown: HighlightWrappers.Shown
  }

  /// Puts the wrappers into the tree, a text node at a time.
  struct Wrapping {
    let drawn: [Drawn]
    /// Ids whose first piece is wrapped, and each highlight's last wrapper so far.
    var started = Set<String>()
    var last: [String: Int] = [:]

    init(drawn: [Drawn]) { self.drawn = drawn }

    /// Replaces `node` by its pieces: the text outside highlights as text, each piece inside
    /// one in a wrapper of its own.
    mutating func wrap(_ node: TextNode, in document: inout HTMLDocument) {
      let span = node.start..<(node.start + node.scalars.count)
      let inside = drawn.filter { $0.range.overlaps(span) }
      guard !inside.isEmpty, let parent = document.nodes[node.node].parent else { return }
      var pieces: [Int] = []
      var at = span.lowerBound
      func text(_ range: Range<Int>) -> String {
        String(
          String.UnicodeScalarView(
            node.scalars[(range.lowerBound - span.lowerBound)..<(range.upperBound - span.lowerBound)]))
      }
      func add(_ kind: HTMLNode.Kind, under parent: Int) -> Int {
        document.nodes.append(HTMLNode(kind: kind, parent: parent))
        return document.nodes.count - 1
      }
      for highlight in inside {
        let from = max(highlight.range.lowerBound, span.lowerBound)
        let to = min(highlight.range.upperBound, span.upperBound)
        if at < from { pieces.append(add(.text(text(at..<from)), under: parent)) }
        let first = started.insert(highlight.id).inserted
        let attributes = HighlightWrappers.pieceAttributes(id: highlight.id, color: highlight.shown.color, first: first)
        let wrapper = add(.element(HTMLElement(name: HighlightWrappers.element, attributes: attributes)), under: parent)
        let piece = add(.text(text(from..<to)), under: wrapper)
        document.nodes[wrapper].children = [piece]
        pieces.append(wrapper)
        last[highlight.id] = wrapper
        at = to
      }
      if at < span.upperBound { pieces.append(add(.text(text(at..<span.upperBound)), under: parent)) }
      document.nodes[node.node].parent = nil
      let position = document.nodes[parent].children.firstIndex(of: node.node)!
      document.nodes[parent].children.replaceSubrange(position...position, with: pieces)
    }

    /// A note marker after the last wrapper of each highlight with a note (once, though the
    /// highlight's wrapped pieces may have come as several ranges).
    func addNotes(to document: inout HTMLDocument) {
      var noted = Set<String>()
      for highlight in drawn where noted.insert(highlight.id).inserted {
        guard let note = highlight.shown.note, let wrapper = last[highlight.id],
          let parent = document.nodes[wrapper].parent
        else { continue }
        let attributes = HighlightWrappers.noteAttributes(note)
        document.nodes.append(
          HTMLNode(kind: .element(HTMLElement(name: HighlightWrappers.element, attributes: attributes)), parent: parent)
        )
        let position = document.nodes[parent].children.firstIndex(of: wrapper)!
        document.nodes[parent].children.insert(document.nodes.count - 1, at: position + 1)
      }
    }
  }

  private static let rawText: Set<String> = [
    "script", "style", "noscript", "xmp", "iframe", "noembed", "noframes", "plaintext", "textarea", "title",
  ]

  /// Table parts, whose own text is only the white space between their rows and cells.
  private static let tableParts: Set<String> = ["table", "thead", "tbody", "tfoot", "tr"]

  /// Whether a text node may take a wrapper: HTML text a reader sees, not the raw text of a
  /// script, style or noscript, nor text inside SVG or MathML, nor the white space between a
  /// table's cells (a wrapper there is moved out in front of the table by the next parse).
  private static func isWrappable(_ node: TextNode, in document: HTMLDocument) -> Bool {
    guard let parent = document.nodes[node.node].parent, let element = document.nodes[parent].element else {
      return false
    }
    if tableParts.contains(element.name), node.scalars.allSatisfy(\.properties.isWhitespace) { return false }
    return element.namespace == .html && !rawText.contains(element.name)
  }
}
