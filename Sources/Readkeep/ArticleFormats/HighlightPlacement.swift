import HTMLScan
public import OfflineStore

/// Finding a quote in a cached article and computing the selectors Readeck's server applies
/// (../shared/ref/readeck-highlights.md): the article without its highlight wrappers parsed as a
/// whole HTML document (HTMLDocument, the standard's tree construction, so `tbody` and implied
/// ends count as the server counts them; a template's contents as its children, as Go's parser
/// has them), each boundary's text node's parent as the element, its path from `body` counting
/// same-name element siblings, offsets in code points over the element's text nodes.
///
/// The quote is matched with white space runs as one space and typographic quotes as straight
/// ones, on both sides, so a quote copied from a page, a terminal or a book matches; where text
/// meets across a block's edge (two table cells, a paragraph's end) without white space in the
/// markup, a space in the quote matches, as a reader sees one there (and a quote without it
/// still matches when nothing else does).
public struct HighlightPlacement: Sendable {
  /// Why a quote cannot be highlighted.
  public enum Problem: Error, Sendable, Equatable {
    /// The quote has no letters to look for.
    case emptyQuote
    case notFound
    /// Found more than once: each occurrence's surroundings, in order (`…before quote after…`).
    case ambiguous([String])
    /// `--occurrence` beyond the occurrences there are.
    case noSuchOccurrence(given: Int, found: Int)
    /// It touches text already highlighted (by the highlight of this id).
    case overlaps(id: String)
    /// Text outside any element of the body, which no selector can name.
    case outsideElements
    /// The article nests deeper than Go's parser takes (`HTMLDocument.exceedsGoNestingLimit`):
    /// the server cannot parse it, so it places no highlight in it.
    case nestedTooDeeply
  }

  let document: HTMLDocument
  private let body: Int?
  /// The body's text nodes in document order, those inside templates too (Go's parser makes
  /// them ordinary text, so the server counts them): node, code points before it, its scalars,
  /// whether a block's edge lies between it and the one before, and whether a reader sees it.
  let texts: [TextNode]

  struct TextNode: Sendable {
    var node: Int
    var start: Int
    var scalars: [Unicode.Scalar]
    var afterBlockEdge: Bool
    /// False inside a template, whose contents no browser shows: a quote is not looked for there.
    var isShown: Bool
  }
  /// The highlights already in the article, by id, where their pieces lie.
  public let highlighted: [(id: String, range: Range<Int>)]

  /// `html` is the article as the server serves it, its highlights wrapped.
  public init(html: String) {
    let bare = Self.unwrapped(html)
    // Go's parser, which the server uses, runs with scripting on: a noscript is one text node.
    document = HTMLDocument(parsing: bare, scripting: true)
    body = document.body
    texts = Self.texts(of: document)
    highlighted = bare == html ? [] : Self.wrappedRanges(html, expecting: texts.flatMap(\.scalars))
  }

  /// The anchor of `quote` (of its `occurrence`th match, 1-based, when given), refused when it
  /// touches a highlight the article wraps (unless `expected` hides it: its deletion goes first)
  /// or one the store placed itself (`expected.placed`: queued, or pushed since the fetch).
  public func place(
    _ quote: String, occurrence: Int? = nil, besides expected: ArticleHighlights = ArticleHighlights()
  ) throws(Problem) -> HighlightAnchor {
    let wanted = Self.normalized(quote.unicodeScalars.enumerated().map { ($0.element, $0.offset) }).scalars.trimmed
    guard !wanted.isEmpty else { throw .emptyQuote }
    guard !document.exceedsGoNestingLimit else { throw .nestedTooDeeply }
    // As a reader sees it first; then as the markup runs on, for a quote copied without the space.
    var seen = Self.normalized(readable(spacedAtEdges: true))
    var matches = Self.occurrences(of: wanted, in: seen.scalars)
    if matches.isEmpty {
      seen = Self.normalized(readable(spacedAtEdges: false))
      matches = Self.occurrences(of: wanted, in: seen.scalars)
    }
    guard !matches.isEmpty else { throw .notFound }
    let (scalars, origin) = seen
    let index: Int
    if let occurrence {
      guard (1...matches.count).contains(occurrence) else {
        throw .noSuchOccurrence(given: occurrence, found: matches.count)
      }
      index = occurrence - 1
    } else {
      guard matches.count == 1 else {
        throw .ambiguous(matches.map { Self.surroundings(of: $0..<($0 + wanted.count), in: scalars) })
      }
      index = 0
    }
    let start = origin[matches[index]]
    let end = origin[matches[index] + wanted.count - 1] + 1
    let range = start..<end
    let present =
      highlighted.filter { !expected.hidden.contains($0.id) } + expected.placed.map { ($0.id, $0.range) }
    if let taken = present.first(where: { $0.range.overlaps(range) }) {
      throw .overlaps(id: taken.id)
    }
    return try anchor(range)
  }

  /// The body's text, with a space where a block's edge parts two words when `spacedAtEdges`,
  /// each scalar with its position in the body's text (a space put in takes the position of the
  /// text after it).
  private func readable(spacedAtEdges: Bool) -> [(scalar: Unicode.Scalar, position: Int)] {
    var text: [(scalar: Unicode.Scalar, position: Int)] = []
    for node in texts where node.isShown {
      if spacedAtEdges, node.afterBlockEdge, let last = text.last, !last.scalar.properties.isWhitespace,
        let first = node.scalars.first, !first.properties.isWhitespace
      {
        text.append((" ", node.start))
      }
      text.append(contentsOf: node.scalars.enumerated().map { ($0.element, node.start + $0.offset) })
    }
    return text
  }

  /// The selectors and offsets of a span of the body's text.
  private func anchor(_ range: Range<Int>) throws(Problem) -> HighlightAnchor {
    // The start in the node its first code point is in, the end in the node its last one is in.
    guard let first = texts.lastIndex(where: { $0.start <= range.lowerBound }),
      let last = texts.firstIndex(where: { $0.start + $0.scalars.count >= range.upperBound }),
      let (startSelector, startBase) = boundary(texts[first].node),
      let (endSelector, endBase) = boundary(texts[last].node)
    else { throw .outsideElements }
    var text = String.UnicodeScalarView()
    for piece in texts[first...last] {
      let from = max(range.lowerBound, piece.start) - piece.start
      let to = min(range.upperBound, piece.start + piece.scalars.count) - piece.start
      if from < to { text.append(contentsOf: piece.scalars[from..<to]) }
    }
    return HighlightAnchor(
      startSelector: startSelector, startOffset: startBase + range.lowerBound - texts[first].start,
      endSelector: endSelector, endOffset: endBase + range.upperBound - texts[last].start,
      text: String(text).trimmingWhiteSpace, range: range)
  }

  /// The path of a text node's parent from `body`, and the code points of that parent's text
  /// nodes before it; nil when the parent is `body` itself or outside it.
  private func boundary(_ textNode: Int) -> (String, Int)? {
    guard let parent = document.goParent(of: textNode), parent != body else { return nil }
    var steps: [String] = []
    var element = parent
    while element != body {
      guard case .element(let tag) = document.nodes[element].kind, let up = document.goParent(of: element) else {
        return nil
      }
      let before = document.goChildren(of: up).prefix { $0 != element }.count { sibling in
        if case .element(let other) = document.nodes[sibling].kind { other.name == tag.name } else { false }
      }
      steps.append("\(tag.name)[\(before + 1)]")
      element = up
    }
    var base = 0
    var stack = Array(document.goChildren(of: parent).reversed())
    while let node = stack.popLast(), node != textNode {
      if case .text(let text) = document.nodes[node].kind { base += text.unicodeScalars.count }
      stack.append(contentsOf: document.goChildren(of: node).reversed())
    }
    return (steps.reversed().joined(separator: "/"), base)
  }

  private static func texts(of document: HTMLDocument) -> [TextNode] {
    guard let body = document.body else { return [] }
    var texts: [TextNode] = []
    var total = 0
    var edge = false
    // Each element is visited twice, entering and leaving, to see the edges of blocks.
    var stack = document.goChildren(of: body).reversed().map { (node: $0, leaving: false, shown: true) }
    while let (node, leaving, shown) = stack.popLast() {
      switch document.nodes[node].kind {
      case .text(let text):
        let scalars = Array(text.unicodeScalars)
        texts.append(TextNode(node: node, start: total, scalars: scalars, afterBlockEdge: edge, isShown: shown))
        total += scalars.count
        edge = false
      case .element(let element):
        if !inline.contains(element.name) { edge = true }
        if !leaving {
          stack.append((node, true, shown))
          let inside = shown && element.templateContents == nil
          stack.append(contentsOf: document.goChildren(of: node).reversed().map { ($0, false, inside) })
        }
      default:
        break
      }
    }
    return texts
  }

  /// Elements that run on within a line; any other element's edge parts the text around it.
  private static let inline: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd",
    "label", "mark", "nobr", "q", HighlightWrappers.element, "s", "samp", "small", "span", "strike", "strong", "sub",
    "sup",
    "time", "tt", "u", "var", "wbr",
  ]

  /// The highlights' ranges in the article as served: the text inside each wrapper, counted
  /// over the same text as the bare article's. Empty when the wrapped parse's text differs from
  /// the bare one's (a wrapper moved by the parser, as one around white space in a table row
  /// is), since then positions cannot be compared: the server still refuses an overlap.
  private static func wrappedRanges(_ html: String, expecting bare: [Unicode.Scalar]) -> [(
    id: String, range: Range<Int>
  )] {
    let document = HTMLDocument(parsing: html, scripting: true)
    var text: [Unicode.Scalar] = []
    guard let body = document.body else { return [] }
    var ranges: [(id: String, range: Range<Int>)] = []
    var total = 0
    var stack: [(node: Int, highlight: String?)] = document.goChildren(of: body).reversed().map { ($0, nil) }
    while let (node, highlight) = stack.popLast() {
      var inside = highlight
      switch document.nodes[node].kind {
      case .text(let piece):
        text.append(contentsOf: piece.unicodeScalars)
        let length = piece.unicodeScalars.count
        if let id = highlight, length > 0 {
          if let last = ranges.last, last.id == id, last.range.upperBound == total {
            ranges[ranges.count - 1].range = last.range.lowerBound..<(total + length)
          } else {
            ranges.append((id, total..<(total + length)))
          }
        }
        total += length
      case .element(let element) where element.name == HighlightWrappers.element:
        if case .piece(let id?, _) = HighlightWrappers.wrapper(element.attribute) { inside = id }
      default:
        break
      }
      stack.append(contentsOf: document.goChildren(of: node).reversed().map { ($0, inside) })
    }
    return text == bare ? ranges : []
  }

  /// The scalars with each run of white space as one space and typographic quotes straight,
  /// and for each the position of the scalar it came from.
  static func normalized(_ scalars: [(scalar: Unicode.Scalar, position: Int)]) -> (
    scalars: [Unicode.Scalar], origin: [Int]
  ) {
    var out: [Unicode.Scalar] = []
    var origin: [Int] = []
    out.reserveCapacity(scalars.count)
    origin.reserveCapacity(scalars.count)
    for (scalar, position) in scalars {
      if scalar.properties.isWhitespace {
        if out.last != " " {
          out.append(" ")
          origin.append(position)
        }
        continue
      }
      switch scalar {
      case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{00AB}", "\u{00BB}", "\u{2033}": out.append("\"")
      case "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2039}", "\u{203A}", "\u{2032}": out.append("'")
      default: out.append(scalar)
      }
      origin.append(position)
    }
    return (out, origin)
  }

  private static func occurrences(of wanted: [Unicode.Scalar], in text: [Unicode.Scalar]) -> [Int] {
    guard wanted.count <= text.count else { return [] }
    var found: [Int] = []
    var at = 0
    while at + wanted.count <= text.count {
      if text[at] == wanted[0], text[at..<(at + wanted.count)].elementsEqual(wanted) {
        found.append(at)
        at += wanted.count
      } else {
        at += 1
      }
    }
    return found
  }

  /// Up to 30 code points either side of a match, the match in «…».
  private static func surroundings(of match: Range<Int>, in text: [Unicode.Scalar]) -> String {
    let before = text[max(0, match.lowerBound - 30)..<match.lowerBound]
    let after = text[match.upperBound..<min(text.count, match.upperBound + 30)]
    var view = String.UnicodeScalarView()
    if match.lowerBound > 30 { view.append("…") }
    view.append(contentsOf: before)
    view.append("«")
    view.append(contentsOf: text[match])
    view.append("»")
    view.append(contentsOf: after)
    if match.upperBound + 30 < text.count { view.append("…") }
    return String(view).trimmingWhiteSpace
  }
}

extension Array where Element == Unicode.Scalar {
  fileprivate var trimmed: [Unicode.Scalar] {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { $0 + 1 } ?? start
    return start < end ? Array(self[start..<end]) : []
  }
}

extension String {
  var trimmingWhiteSpace: String {
    let scalars = Array(unicodeScalars)
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { $0 + 1 } ?? start
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }
}
