/// Tree construction as the HTML standard describes it
/// (https://html.spec.whatwg.org/multipage/parsing.html#tree-construction), with the parsing of
/// `select` as the standard has had it since 2025 (no "in select" insertion modes).
///
/// It drives its tokenizer (`HTMLTokenizer(drivenByTreeBuilder:)`) as the standard does: the
/// content model after title, textarea, script, style and the like, and CDATA sections only in
/// foreign content. Scripts are never run. Parse errors are not reported.
///
/// No step recurses with the depth of the tree, and the searches of the stack of open elements
/// that most tags make are cut short by counts of the open elements by name. The stack holds at
/// most `openElementLimit` elements (Go's limit; see `insertElement`), so that the searches the
/// standard makes at every tag (scopes, the list item's) cost a bounded time whatever the markup.
struct TreeBuilder {
  enum Mode {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable, inTableText
    case inCaption, inColumnGroup, inTableBody, inRow, inCell, inTemplate, afterBody, inFrameset, afterFrameset
    case afterAfterBody, afterAfterFrameset
  }

  struct Tag {
    var name: String
    var attributes: [HTMLNodeAttribute] = []
    var selfClosing = false
  }

  enum Token {
    case startTag(Tag)
    case endTag(String)
    case text(Substring)
    case comment(String)
    case doctype(HTMLDoctype)
    case endOfFile
  }

  enum FormattingEntry: Equatable {
    case marker
    case element(Int)
  }

  var nodes = [HTMLNode(kind: .document)]
  /// Each node's local name (empty for nodes that are not elements) and namespace, apart from
  /// `nodes` so that the many checks of names do not copy elements.
  var names = [""]
  var namespaces = [HTMLNamespace.html]
  /// Whether each node is on the stack of open elements.
  var isOpen = [false]
  /// Each node's `scopeMask`: the scopes it bounds and whether it is special.
  var scopeMasks: [UInt8] = [0]
  /// For formatting elements, a hash of name and attributes, so that the Noah's Ark clause
  /// compares integers before elements; 0 for other nodes.
  var formattingSignatures = [0]
  /// How many entries of the list of active formatting elements have each signature.
  var formattingSignatureCounts: [Int: Int] = [:]
  /// The stack of open elements, by node.
  var open: [Int] = []
  /// How many HTML elements of each name are open: a search for one that is not open is skipped.
  var openCounts: [String: Int] = [:]
  var formatting: [FormattingEntry] = []
  var mode = Mode.initial
  var originalMode = Mode.initial
  var templateModes: [Mode] = []
  var head: Int?
  var form: Int?
  var framesetOK = true
  var fosterParenting = false
  /// Set after `pre`, `listing` and `textarea`: a newline that comes next is dropped.
  var skipsNewline = false
  var pendingTableText = ""
  var quirks = false
  let scripting: Bool
  /// The context element of the fragment parsing algorithm; nil for a whole document.
  var context: Int?
  /// The state the tokenizer is to switch to after the token just processed, with the last start tag.
  var contentSwitch: (content: TreeContext.Content, lastStartTag: String)?
  var stopped = false
  /// Whether `process` is running, and the token its rules asked to reprocess.
  private var isDispatching = false
  private var reprocessed: Token?
  /// Whether a `selectedcontent` element was made: only then do options popped need cloning.
  var hasSelectedContent = false
  /// Each select's first `selectedcontent` as last found, with the `selectedContentGeneration`
  /// it was found in: a select's options then need no search of it each.
  var selectedContents: [Int: (generation: Int, node: Int?)] = [:]
  /// Changes whenever a select's first `selectedcontent` may have changed: one is made, or a node
  /// is moved.
  var selectedContentGeneration = 0
  /// The names of the attributes of the `html` and `body` elements, once a second start tag of
  /// theirs has added to them: each adds only the names not there yet.
  var mergedAttributeNames: [Int: Set<String>] = [:]

  /// The most elements the stack of open elements holds: Go's `golang.org/x/net/html` (since
  /// v0.45.0, October 2025; Readeck's server parses with it) refuses a document whose stack would
  /// grow past 512 ("open stack of elements exceeds 512 nodes"); browsers stop nesting near there.
  static let openElementLimit = 512
  /// Whether the stack would have grown past `openElementLimit`: Go's parser refuses the document.
  var reachedOpenElementLimit = false

  init(scripting: Bool) {
    self.scripting = scripting
  }

  // MARK: - Running

  /// Sets up the fragment parsing algorithm for a `context` element; returns the root element
  /// whose children will be the fragment.
  mutating func startFragment(context name: String, namespace: HTMLNamespace) -> Int {
    let context = createElement(name, namespace, [])
    self.context = context
    let root = createElement("html", .html, [])
    append(root, to: 0)
    push(root)
    if namespace == .html && name == "selectedcontent" { hasSelectedContent = true }
    if namespace == .html && name == "template" { templateModes.append(.inTemplate) }
    resetInsertionMode()
    if namespace == .html {
      // No start tag has been emitted, so no end tag is appropriate: the last start tag is empty.
      switch name {
      case "title", "textarea": contentSwitch = (.rcdata, "")
      case "style", "xmp", "iframe", "noembed", "noframes": contentSwitch = (.rawText, "")
      case "script": contentSwitch = (.scriptData, "")
      case "noscript" where scripting: contentSwitch = (.rawText, "")
      case "plaintext": contentSwitch = (.plaintext, "")
      default: break
      }
    }
    return root
  }

  mutating func run(_ html: String) {
    var tokenizer = HTMLTokenizer(drivenByTreeBuilder: html)
    while true {
      if let change = contentSwitch {
        tokenizer.switchContent(to: change.content, lastStartTag: change.lastStartTag)
        contentSwitch = nil
      }
      // Closures and `??` here would capture (copy) the whole builder in a debug build.
      if let node = adjustedCurrentNode {
        tokenizer.setAllowsCDATA(namespaces[node] != .html)
      } else {
        tokenizer.setAllowsCDATA(false)
      }
      guard let token = tokenizer.next() else { break }
      process(Self.token(token))
      if stopped { return }
    }
    process(.endOfFile)
  }

  private static func token(_ token: HTMLToken) -> Token {
    switch token {
    case .startTag(let tag):
      .startTag(
        Tag(
          name: tag.name, attributes: tag.attributes.map { HTMLNodeAttribute(name: $0.name, value: $0.value) },
          selfClosing: tag.selfClosing))
    case .endTag(let name, _): .endTag(name)
    case .text(let text): .text(Substring(text))
    case .comment(let data): .comment(data)
    case .doctype(let doctype): .doctype(doctype)
    }
  }

  /// Processes a token, or, from within the rules, reprocesses one: the rules "reprocess" only
  /// as their last step, so a token to reprocess is kept and taken up by the outermost call, which
  /// keeps the call depth bounded where a chain of reprocessing is as long as the stack is deep
  /// (the end of the file inside nested templates).
  mutating func process(_ token: Token) {
    if isDispatching {
      reprocessed = token
      return
    }
    isDispatching = true
    var next: Token? = token
    while let token = next {
      reprocessed = nil
      dispatch(token)
      next = reprocessed
    }
    isDispatching = false
  }

  /// The tree construction dispatcher: the insertion mode's rules, or those for foreign content.
  private mutating func dispatch(_ token: Token) {
    var token = token
    if skipsNewline {
      skipsNewline = false
      if case .text(let text) = token, text.utf8.first == 0x0A {
        let rest = text.dropFirst()
        if rest.isEmpty { return }
        token = .text(rest)
      }
    }
    if usesHTMLRules(for: token) { apply(mode, token) } else { foreignContent(token) }
  }

  /// Processes `token` by the rules of `mode` (which need not be the current insertion mode).
  mutating func apply(_ mode: Mode, _ token: Token) {
    switch mode {
    case .initial: initial(token)
    case .beforeHTML: beforeHTML(token)
    case .beforeHead: beforeHead(token)
    case .inHead: inHead(token)
    case .inHeadNoscript: inHeadNoscript(token)
    case .afterHead: afterHead(token)
    case .inBody: inBody(token)
    case .text: text(token)
    case .inTable: inTable(token)
    case .inTableText: inTableText(token)
    case .inCaption: inCaption(token)
    case .inColumnGroup: inColumnGroup(token)
    case .inTableBody: inTableBody(token)
    case .inRow: inRow(token)
    case .inCell: inCell(token)
    case .inTemplate: inTemplate(token)
    case .afterBody: afterBody(token)
    case .inFrameset: inFrameset(token)
    case .afterFrameset: afterFrameset(token)
    case .afterAfterBody: afterAfterBody(token)
    case .afterAfterFrameset: afterAfterFrameset(token)
    }
  }

  // MARK: - Nodes

  var currentNode: Int { open.isEmpty ? 0 : open[open.count - 1] }

  /// The context element while only the root is open in a fragment, else the current node.
  var adjustedCurrentNode: Int? {
    if open.count == 1, let context { return context }
    return open.isEmpty ? nil : open[open.count - 1]
  }

  func isHTML(_ node: Int, _ name: String) -> Bool {
    // Not `&&`, whose autoclosure would copy the builder in a debug build.
    guard namespaces[node] == .html else { return false }
    return names[node] == name
  }

  mutating func makeNode(_ kind: HTMLNode.Kind, name: String = "", namespace: HTMLNamespace = .html) -> Int {
    nodes.append(HTMLNode(kind: kind))
    names.append(name)
    namespaces.append(namespace)
    isOpen.append(false)
    scopeMasks.append(Self.scopeMask(name, namespace))
    formattingSignatures.append(0)
    return nodes.count - 1
  }

  mutating func createElement(_ name: String, _ namespace: HTMLNamespace, _ attributes: [HTMLNodeAttribute]) -> Int {
    let element = makeNode(
      .element(HTMLElement(name: name, namespace: namespace, attributes: attributes)), name: name, namespace: namespace)
    if namespace == .html && name == "selectedcontent" {
      hasSelectedContent = true
      selectedContentGeneration += 1
    }
    if namespace == .html && name == "template" {
      let contents = makeNode(.document)
      nodes[contents].parent = element
      nodes[element].kind = .element(
        HTMLElement(name: name, namespace: namespace, attributes: attributes, templateContents: contents))
    }
    return element
  }

  func templateContents(of node: Int) -> Int? { nodes[node].element?.templateContents }

  func attributes(of node: Int) -> [HTMLNodeAttribute] { nodes[node].element?.attributes ?? [] }

  mutating func append(_ node: Int, to parent: Int) {
    nodes[node].parent = parent
    nodes[parent].children.append(node)
  }

  /// Removes `node` from its parent's children, if it has a parent.
  mutating func detach(_ node: Int) {
    guard let parent = nodes[node].parent else { return }
    selectedContentGeneration += 1
    if let index = nodes[parent].children.lastIndex(of: node) { nodes[parent].children.remove(at: index) }
    nodes[node].parent = nil
  }

  /// A place to insert at: inside `parent`, before its child `before` or at the end.
  typealias Place = (parent: Int, before: Int?)

  /// The appropriate place for inserting a node, with foster parenting.
  func insertionPlace(overriding override: Int? = nil) -> Place {
    var target = currentNode
    if let override { target = override }
    var place: Place = (target, nil)
    if fosterParenting, namespaces[target] == .html {
      switch names[target] {
      case "table", "tbody", "tfoot", "thead", "tr": place = fosterPlace()
      default: break
      }
    }
    if isHTML(place.parent, "template"), let contents = templateContents(of: place.parent) { place.parent = contents }
    return place
  }

  private func fosterPlace() -> Place {
    let lastTemplate = open.lastIndex { isHTML($0, "template") }
    let lastTable = open.lastIndex { isHTML($0, "table") }
    if let lastTemplate, lastTable.map({ lastTemplate > $0 }) ?? true { return (open[lastTemplate], nil) }
    guard let lastTable else { return (open[0], nil) }
    let table = open[lastTable]
    if let parent = nodes[table].parent { return (parent, table) }
    return (open[lastTable - 1], nil)
  }

  mutating func insert(_ node: Int, at place: Place) {
    nodes[node].parent = place.parent
    if let before = place.before, let index = nodes[place.parent].children.lastIndex(of: before) {
      nodes[place.parent].children.insert(node, at: index)
    } else {
      nodes[place.parent].children.append(node)
    }
  }

  /// Inserts an element for `tag` in `namespace` at the appropriate place and pushes it. With
  /// the stack full (`openElementLimit`), the current node is closed first, so that the new
  /// element goes beside it and the tree stops deepening there. Past the limit the tree is no
  /// longer the standard's (see `HTMLDocument.exceedsGoNestingLimit`), but it never traps or hangs.
  @discardableResult
  mutating func insertElement(_ tag: Tag, _ namespace: HTMLNamespace = .html) -> Int {
    if open.count >= Self.openElementLimit {
      reachedOpenElementLimit = true
      pop()
    }
    let place = insertionPlace()
    let element = createElement(tag.name, namespace, tag.attributes)
    insert(element, at: place)
    push(element)
    return element
  }

  @discardableResult
  mutating func insertElement(named name: String) -> Int { insertElement(Tag(name: name)) }

  mutating func insertText(_ text: Substring) {
    guard !text.isEmpty else { return }
    let place = insertionPlace()
    if place.parent == 0 { return }  // no text in a document
    // Read in place: a copy of the children would make the append below copy them all.
    var previous: Int?
    if let before = place.before, let index = nodes[place.parent].children.lastIndex(of: before) {
      if index > 0 { previous = nodes[place.parent].children[index - 1] }
    } else {
      previous = nodes[place.parent].children.last
    }
    if let previous, case .text(var data) = nodes[previous].kind {
      nodes[previous].kind = .document  // leaves `data` the only reference, so that it grows in place
      data += text
      nodes[previous].kind = .text(data)
      return
    }
    insert(makeNode(.text(String(text))), at: place)
  }

  mutating func insertComment(_ data: String, at place: Place? = nil) {
    let comment = makeNode(.comment(data))
    if let place { insert(comment, at: place) } else { insert(comment, at: insertionPlace()) }
  }

  /// Adds the attributes the element does not have yet (a second `<html>` or `<body>` tag), in
  /// a time of their own count, however many the element has gathered.
  mutating func addMissingAttributes(_ attributes: [HTMLNodeAttribute], to node: Int) {
    guard !attributes.isEmpty, case .element(var element) = nodes[node].kind else { return }
    // Taken out of the table and the node, so that the set and the list are changed in place.
    var present = mergedAttributeNames.removeValue(forKey: node) ?? Set(element.attributes.map(\.name))
    nodes[node].kind = .document
    for attribute in attributes where present.insert(attribute.name).inserted { element.attributes.append(attribute) }
    nodes[node].kind = .element(element)
    mergedAttributeNames[node] = present
  }
}
