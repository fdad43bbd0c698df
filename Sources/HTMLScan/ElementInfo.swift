/// What the tree builder knows about an HTML element name: an id for quick comparison (0 for
/// names it has no rules for) and the categories its rules use.
struct ElementInfo {
  struct Flags: OptionSet {
    let rawValue: UInt32
    /// No end tag, not pushed.
    static let void = Flags(rawValue: 1 << 0)
    /// The "special" category: stops the search of an end tag without rules of its own.
    static let special = Flags(rawValue: 1 << 1)
    /// Bounds the default scope (applet, caption, html, table, td, th, marquee, object, template).
    static let scopeBoundary = Flags(rawValue: 1 << 2)
    static let listBoundary = Flags(rawValue: 1 << 3)
    static let buttonBoundary = Flags(rawValue: 1 << 4)
    /// Its start tag closes an open p.
    static let closesParagraph = Flags(rawValue: 1 << 5)
    /// Its end tag closes the element only when it is in scope.
    static let scopedEnd = Flags(rawValue: 1 << 6)
    static let heading = Flags(rawValue: 1 << 7)
    static let rawText = Flags(rawValue: 1 << 8)
    static let rcdata = Flags(rawValue: 1 << 9)
    /// Leaves foreign content.
    static let breakout = Flags(rawValue: 1 << 10)
    /// li, dd, dt.
    static let listItem = Flags(rawValue: 1 << 11)
    /// address, div, p: special, but the search for an li, dd or dt to close passes them.
    static let notBlockingListItems = Flags(rawValue: 1 << 12)
    /// td, th, tr, tbody, thead, tfoot: clears the stack back to its table context.
    static let tablePart = Flags(rawValue: 1 << 13)
    static let tableSection = Flags(rawValue: 1 << 14)
    /// html, table, template: where clearing back to a table context stops.
    static let tableBoundary = Flags(rawValue: 1 << 15)
    /// svg, math.
    static let foreignRoot = Flags(rawValue: 1 << 16)
    /// html, head, body: always open, below everything else; not pushed.
    static let implicit = Flags(rawValue: 1 << 17)
    /// script, with `rawText`: RAWTEXT but for its escaped sections (`<!--<script>…</script>-->`).
    static let scriptData = Flags(rawValue: 1 << 18)
  }

  var id: UInt16
  var flags: Flags

  /// The element called `name`, whose `HTMLTokenizer.nameKey` is `key`.
  static func of(_ name: String, key: UInt64?) -> ElementInfo {
    // Names of up to 8 bytes are looked up by their packed bytes in an open-addressing table: no
    // hashing of strings on the path every tag takes.
    if let key { return lookup(key) }
    return longNames.first { $0.name == name }?.info ?? ElementInfo(id: 0, flags: [])
  }

  /// The element called `name`, for callers without a tokenizer's key (which no name holding
  /// U+0000 has: packed, `br` and `br\0` would be one).
  static func named(_ name: String) -> ElementInfo { of(name, key: name.utf8.contains(0) ? nil : pack(name)) }

  private static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56) }

  private static func lookup(_ key: UInt64) -> ElementInfo {
    var index = slot(key)
    while true {
      let entry = shortNames[index]
      if entry.key == key { return entry.info }
      if entry.key == 0 { return ElementInfo(id: 0, flags: []) }
      index = (index + 1) & 255
    }
  }

  private static func pack(_ name: String) -> UInt64? {
    guard name.utf8.count <= 8 else { return nil }
    return name.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Known names of up to 8 bytes, by packed name, in 256 slots (about 100 used).
  private static let shortNames: [(key: UInt64, info: ElementInfo)] = {
    var slots = [(key: UInt64, info: ElementInfo)](repeating: (0, ElementInfo(id: 0, flags: [])), count: 256)
    for (name, info) in known {
      guard let key = pack(name) else { continue }
      var index = slot(key)
      while slots[index].key != 0 {
        precondition(slots[index].key != key, "\(name) twice")
        index = (index + 1) & 255
      }
      slots[index] = (key, info)
    }
    return slots
  }()

  /// blockquote, figcaption, plaintext.
  private static let longNames = known.filter { pack($0.name) == nil }

  // Ids the rules compare against; they must match the order of `known`.
  static let p: UInt16 = 1, br: UInt16 = 2, li: UInt16 = 3, dd: UInt16 = 4, dt: UInt16 = 5, td: UInt16 = 6
  static let th: UInt16 = 7, tr: UInt16 = 8, table: UInt16 = 9, font: UInt16 = 10, image: UInt16 = 11
  static let plaintext: UInt16 = 12, body: UInt16 = 13, html: UInt16 = 14

  private static let known: [(name: String, info: ElementInfo)] = {
    let names: [(String, Flags)] = [
      ("p", [.special, .closesParagraph, .scopedEnd, .breakout, .notBlockingListItems]),
      ("br", [.void, .special, .breakout]),
      ("li", [.special, .closesParagraph, .listItem, .breakout]),
      ("dd", [.special, .closesParagraph, .listItem, .scopedEnd, .breakout]),
      ("dt", [.special, .closesParagraph, .listItem, .scopedEnd, .breakout]),
      ("td", [.special, .scopeBoundary, .scopedEnd, .tablePart]),
      ("th", [.special, .scopeBoundary, .scopedEnd, .tablePart]),
      ("tr", [.special, .scopedEnd, .tablePart]),
      ("table", [.special, .scopeBoundary, .closesParagraph, .scopedEnd, .breakout, .tableBoundary]),
      ("font", [.scopedEnd]),
      ("image", [.void]),
      ("plaintext", [.special, .closesParagraph]),
      ("body", [.special, .breakout, .implicit]),
      ("html", [.special, .scopeBoundary, .tableBoundary, .implicit]),
      ("svg", [.foreignRoot]), ("math", [.foreignRoot]),
      ("tbody", [.special, .scopedEnd, .tablePart, .tableSection]),
      ("thead", [.special, .scopedEnd, .tablePart, .tableSection]),
      ("tfoot", [.special, .scopedEnd, .tablePart, .tableSection]),
      ("caption", [.special, .scopeBoundary, .scopedEnd]),
      ("colgroup", [.special, .scopedEnd]),
      ("applet", [.special, .scopeBoundary, .scopedEnd]),
      ("marquee", [.special, .scopeBoundary, .scopedEnd]),
      ("object", [.special, .scopeBoundary, .scopedEnd]),
      ("template", [.special, .scopeBoundary, .scopedEnd, .tableBoundary]),
      ("ol", [.special, .closesParagraph, .scopedEnd, .listBoundary, .breakout]),
      ("ul", [.special, .closesParagraph, .scopedEnd, .listBoundary, .breakout]),
      ("button", [.special, .scopedEnd, .buttonBoundary]),
      ("address", [.special, .closesParagraph, .scopedEnd, .notBlockingListItems]),
      ("div", [.special, .closesParagraph, .scopedEnd, .breakout, .notBlockingListItems]),
      ("blockquote", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("center", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("dl", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("listing", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("menu", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("pre", [.special, .closesParagraph, .scopedEnd, .breakout]),
      ("h1", [.special, .closesParagraph, .heading, .breakout]),
      ("h2", [.special, .closesParagraph, .heading, .breakout]),
      ("h3", [.special, .closesParagraph, .heading, .breakout]),
      ("h4", [.special, .closesParagraph, .heading, .breakout]),
      ("h5", [.special, .closesParagraph, .heading, .breakout]),
      ("h6", [.special, .closesParagraph, .heading, .breakout]),
      ("hr", [.void, .special, .closesParagraph, .breakout]),
      ("xmp", [.special, .closesParagraph, .rawText]),
      ("script", [.special, .rawText, .scriptData]), ("style", [.special, .rawText]), ("iframe", [.special, .rawText]),
      ("noembed", [.special, .rawText]), ("noframes", [.special, .rawText]),
      ("title", [.special, .rcdata]), ("textarea", [.special, .rcdata]),
      ("head", [.special, .breakout, .implicit]),
      ("meta", [.void, .special, .breakout]), ("embed", [.void, .special, .breakout]),
      ("img", [.void, .special, .breakout]),
      ("area", [.void, .special]), ("base", [.void, .special]), ("basefont", [.void, .special]),
      ("bgsound", [.void, .special]), ("col", [.void, .special]), ("frame", [.void, .special]),
      ("input", [.void, .special]), ("keygen", [.void, .special]), ("link", [.void, .special]),
      ("param", [.void, .special]), ("source", [.void, .special]), ("track", [.void, .special]),
      ("wbr", [.void, .special]),
      ("frameset", [.special]), ("noscript", [.special]), ("select", [.special]),
      ("article", [.special, .closesParagraph, .scopedEnd]), ("aside", [.special, .closesParagraph, .scopedEnd]),
      ("details", [.special, .closesParagraph, .scopedEnd]), ("dialog", [.closesParagraph, .scopedEnd]),
      ("dir", [.special, .closesParagraph, .scopedEnd]), ("fieldset", [.special, .closesParagraph, .scopedEnd]),
      ("figcaption", [.special, .closesParagraph, .scopedEnd]), ("figure", [.special, .closesParagraph, .scopedEnd]),
      ("footer", [.special, .closesParagraph, .scopedEnd]), ("header", [.special, .closesParagraph, .scopedEnd]),
      ("hgroup", [.special, .closesParagraph, .scopedEnd]), ("main", [.special, .closesParagraph, .scopedEnd]),
      ("nav", [.special, .closesParagraph, .scopedEnd]), ("search", [.special, .closesParagraph, .scopedEnd]),
      ("section", [.special, .closesParagraph, .scopedEnd]), ("summary", [.special, .closesParagraph, .scopedEnd]),
      ("form", [.special, .closesParagraph, .scopedEnd]),
      // Formatting elements: their end tags run the adoption agency, which within scope amounts
      // to popping to them here.
      ("a", [.scopedEnd]), ("code", [.scopedEnd, .breakout]), ("em", [.scopedEnd, .breakout]),
      ("nobr", [.scopedEnd, .breakout]), ("s", [.scopedEnd, .breakout]), ("small", [.scopedEnd, .breakout]),
      ("strike", [.scopedEnd, .breakout]), ("strong", [.scopedEnd, .breakout]), ("tt", [.scopedEnd, .breakout]),
      ("u", [.scopedEnd, .breakout]), ("b", [.scopedEnd, .breakout]), ("big", [.scopedEnd, .breakout]),
      ("i", [.scopedEnd, .breakout]),
      // Breakout tags with no other rules here.
      ("ruby", [.breakout]), ("span", [.breakout]), ("sub", [.breakout]), ("sup", [.breakout]),
      ("var", [.breakout]),
    ]
    return names.enumerated().map { index, element in
      (element.0, ElementInfo(id: UInt16(index + 1), flags: element.1))
    }
  }()
}
