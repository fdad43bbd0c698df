import HTMLScan

/// The fake's own reading of highlight ranges, as Readeck's server reads them (see
/// `shared/ref/readeck-highlights.md`): the stored article parsed as a whole document, selectors
/// walked from `body`, offsets counted in code points over an element's text nodes. Written
/// apart from the client's placement code, so that each checks the other.
///
/// A range is kept as two positions in the body's text, counted over all its text nodes in
/// document order: the same count before and after wrappers are written around pieces.
struct ArticleRanges {
  /// Why the server refuses a range (400, with this as the message).
  struct Refusal: Error, Equatable {
    var message: String
  }

  private(set) var document: HTMLDocument
  private let body: Int
  /// The body's text nodes in document order, with the text before each and their own length,
  /// in code points.
  private var texts: [(node: Int, start: Int, length: Int)] = []

  init?(html: String) {
    // Go's html.Parse, which the server uses, has scripting on: a noscript holds one text node.
    document = HTMLDocument(parsing: html, scripting: true)
    guard let body = document.body else { return nil }
    self.body = body
    var total = 0
    for node in Self.descendants(of: body, in: document) {
      guard case .text(let text) = document.nodes[node].kind else { continue }
      let length = text.unicodeScalars.count
      texts.append((node, total, length))
      total += length
    }
  }

  /// The body's text from `start` to `end`.
  func text(_ range: Range<Int>) -> String {
    var pieces = ""
    for text in texts where text.start < range.upperBound && range.lowerBound < text.start + text.length {
      guard case .text(let whole) = document.nodes[text.node].kind else { continue }
      let scalars = Array(whole.unicodeScalars)
      let from = max(range.lowerBound, text.start) - text.start
      let to = min(range.upperBound, text.start + text.length) - text.start
      pieces.unicodeScalars.append(contentsOf: scalars[from..<to])
    }
    return pieces
  }

  /// `text` without the white space around it, as Go's `strings.TrimSpace` leaves it.
  static func trimmed(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { $0 + 1 } ?? start
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }

  /// The range two selectors and offsets give, as the server resolves them.
  func range(startSelector: String, startOffset: Int, endSelector: String, endOffset: Int) throws(Refusal)
    -> Range<Int>
  {
    let start = try position(startSelector, startOffset)
    let end = try position(endSelector, endOffset)
    guard start < end else { throw Refusal(message: "no text in range") }
    return start..<end
  }

  /// A boundary: the element's text nodes are walked, adding their lengths, and the first whose
  /// running total reaches the offset holds it.
  private func position(_ selector: String, _ offset: Int) throws(Refusal) -> Int {
    guard let element = element(at: selector) else { throw Refusal(message: "element \(selector) not found") }
    var total = 0
    let inside = Set(Self.descendants(of: element, in: document))
    for text in texts where inside.contains(text.node) {
      if offset <= total + text.length, offset >= 0 { return text.start + offset - total }
      total += text.length
    }
    throw Refusal(message: "index \(offset) is out of range")
  }

  /// `./` + selector from body: each step `name[i]` the i-th child element of that name.
  private func element(at selector: String) -> Int? {
    var current = body
    for step in selector.split(separator: "/", omittingEmptySubsequences: false) {
      var name = Substring(step)
      var index = 1
      if let open = step.firstIndex(of: "["), step.hasSuffix("]") {
        name = step[..<open]
        guard let number = Int(step[step.index(after: open)..<step.index(before: step.endIndex)]), number >= 1
        else { return nil }
        index = number
      }
      let same = Self.children(of: current, in: document).filter { child in
        if case .element(let element) = document.nodes[child].kind { element.name == name } else { false }
      }
      guard index <= same.count else { return nil }
      current = same[index - 1]
    }
    return current
  }

  /// The article with every piece of each highlight wrapped as the server serves it: an
  /// `rd-annotation` per text piece (the first with the `id`), and a note's empty marker after
  /// the last piece.
  mutating func wrapped(_ highlights: [(highlight: FakeHighlight, range: Range<Int>)]) -> String {
    for text in texts.reversed() {
      let node = text.node
      let pieces = highlights.compactMap { placed -> (FakeHighlight, Range<Int>, first: Bool, last: Bool)? in
        let from = max(placed.range.lowerBound, text.start)
        let to = min(placed.range.upperBound, text.start + text.length)
        guard from < to else { return nil }
        return (
          placed.highlight, (from - text.start)..<(to - text.start), placed.range.lowerBound >= text.start,
          placed.range.upperBound <= text.start + text.length
        )
      }.sorted { $0.1.lowerBound < $1.1.lowerBound }
      guard !pieces.isEmpty, case .text(let whole) = document.nodes[node].kind,
        let parent = document.nodes[node].parent
      else { continue }
      let scalars = Array(whole.unicodeScalars)
      var replacement: [Int] = []
      var at = 0
      func plain(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        replacement.append(add(.text(String(String.UnicodeScalarView(scalars[range]))), parent: parent))
      }
      for (highlight, range, first, last) in pieces {
        plain(at..<range.lowerBound)
        var attributes = [
          HTMLNodeAttribute(name: "data-annotation-id-value", value: highlight.id),
          HTMLNodeAttribute(name: "data-annotation-color", value: highlight.color),
        ]
        if first { attributes.insert(HTMLNodeAttribute(name: "id", value: "annotation-\(highlight.id)"), at: 0) }
        let wrapper = add(
          .element(HTMLElement(name: "rd-annotation", namespace: .html, attributes: attributes)), parent: parent)
        let inner = add(.text(String(String.UnicodeScalarView(scalars[range]))), parent: wrapper)
        document.nodes[wrapper].children = [inner]
        replacement.append(wrapper)
        if last, !highlight.note.isEmpty {
          let marker = HTMLElement(
            name: "rd-annotation", namespace: .html,
            attributes: [
              HTMLNodeAttribute(name: "data-annotation-note", value: ""),
              HTMLNodeAttribute(name: "title", value: highlight.note),
            ])
          replacement.append(add(.element(marker), parent: parent))
        }
        at = range.upperBound
      }
      plain(at..<scalars.count)
      var children = document.nodes[parent].children
      if let index = children.firstIndex(of: node) { children.replaceSubrange(index...index, with: replacement) }
      document.nodes[parent].children = children
      document.nodes[node].parent = nil
    }
    return document.serializeChildren(of: body)
  }

  private mutating func add(_ kind: HTMLNode.Kind, parent: Int) -> Int {
    document.nodes.append(HTMLNode(kind: kind, parent: parent, children: []))
    return document.nodes.count - 1
  }

  /// The nodes below `root` in document order, without recursion (articles can nest deeply).
  private static func descendants(of root: Int, in document: HTMLDocument) -> [Int] {
    var order: [Int] = []
    var stack = Array(children(of: root, in: document).reversed())
    while let node = stack.popLast() {
      order.append(node)
      stack.append(contentsOf: children(of: node, in: document).reversed())
    }
    return order
  }

  /// A node's children as Go's parser makes them, which the server walks: a template's contents
  /// are the template's own children there (the standard keeps them apart, `templateContents`),
  /// so their text counts in offsets and selectors step through them.
  private static func children(of node: Int, in document: HTMLDocument) -> [Int] {
    if let contents = document.nodes[node].element?.templateContents { return document.nodes[contents].children }
    return document.nodes[node].children
  }
}
