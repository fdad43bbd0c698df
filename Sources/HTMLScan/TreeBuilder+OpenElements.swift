/// The stack of open elements: pushing and popping (with the counts by name that spare most
/// searches), scopes, implied end tags, and resetting the insertion mode from it.
extension TreeBuilder {
  // MARK: - The stack of open elements

  mutating func push(_ node: Int) {
    open.append(node)
    isOpen[node] = true
    if namespaces[node] == .html { openCounts[names[node], default: 0] += 1 }
  }

  @discardableResult
  mutating func pop() -> Int {
    let node = open.removeLast()
    closed(node)
    return node
  }

  private mutating func closed(_ node: Int) {
    isOpen[node] = false
    guard namespaces[node] == .html else { return }
    openCounts[names[node], default: 1] -= 1
    if hasSelectedContent, names[node] == "option" { optionPopped(node) }
  }

  mutating func removeFromStack(_ node: Int) {
    guard isOpen[node], let index = open.lastIndex(of: node) else { return }
    open.remove(at: index)
    closed(node)
  }

  mutating func replaceOnStack(at index: Int, with node: Int) {
    closed(open[index])
    open[index] = node
    isOpen[node] = true
    if namespaces[node] == .html { openCounts[names[node], default: 0] += 1 }
  }

  mutating func insertOnStack(_ node: Int, at index: Int) {
    open.insert(node, at: index)
    isOpen[node] = true
    if namespaces[node] == .html { openCounts[names[node], default: 0] += 1 }
  }

  /// Whether an HTML element called `name` is open.
  func hasOpen(_ name: String) -> Bool { openCounts[name, default: 0] > 0 }

  func isAnyOpen(_ names: [String]) -> Bool {
    for name in names where hasOpen(name) { return true }
    return false
  }

  /// Pops until an HTML element called `name` has been popped.
  mutating func popUntil(_ name: String) {
    guard hasOpen(name) else { return }
    while let node = open.last {
      pop()
      if isHTML(node, name) { return }
    }
  }

  mutating func popUntil(oneOf names: [String]) {
    guard isAnyOpen(names) else { return }
    while let node = open.last {
      pop()
      if namespaces[node] == .html && names.contains(self.names[node]) { return }
    }
  }

  mutating func popToIndex(_ index: Int) {
    while open.count > index { pop() }
  }

  // MARK: - Scopes

  enum Scope: CaseIterable { case normal, listItem, button, table, select }

  func isBoundary(_ node: Int, of scope: Scope) -> Bool { scopeMasks[node] & Self.bit(scope) != 0 }

  private static func bit(_ scope: Scope) -> UInt8 {
    switch scope {
    case .normal: 1
    case .listItem: 2
    case .button: 4
    case .table: 8
    case .select: 16
    }
  }

  /// The bit of the special category in `scopeMask`.
  private static let specialBit: UInt8 = 32

  /// An element's scope boundaries and whether it is special, as bits worked out once when it is
  /// made: the searches of the stack test a bit per element instead of comparing its name.
  static func scopeMask(_ name: String, _ namespace: HTMLNamespace) -> UInt8 {
    guard !name.isEmpty else { return 0 }
    var mask: UInt8 = isSpecial(name, namespace) ? specialBit : 0
    for scope in Scope.allCases where isBoundary(name, namespace, of: scope) { mask |= bit(scope) }
    return mask
  }

  private static func isBoundary(_ name: String, _ namespace: HTMLNamespace, of scope: Scope) -> Bool {
    switch namespace {
    case .html:
      switch scope {
      case .table: return name == "html" || name == "table" || name == "template"
      case .select: return name != "optgroup" && name != "option"
      case .normal, .listItem, .button:
        switch name {
        // select since the standard's 2025 select parsing: formatting end tags do not reach past it.
        case "applet", "caption", "html", "table", "td", "th", "marquee", "object", "select", "template": return true
        case "ol", "ul": return scope == .listItem
        case "button": return scope == .button
        default: return false
        }
      }
    case .mathml:
      switch scope {
      case .table: return false
      case .select: return true
      default: return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(name)
      }
    case .svg:
      switch scope {
      case .table: return false
      case .select: return true
      default: return name == "foreignObject" || name == "desc" || name == "title"
      }
    }
  }

  /// Whether an HTML element called one of `targets` is in `scope`.
  func inScope(_ targets: String..., scope: Scope = .normal) -> Bool {
    guard isAnyOpen(targets) else { return false }
    for node in open.reversed() {
      if namespaces[node] == .html, targets.contains(names[node]) { return true }
      if isBoundary(node, of: scope) { return false }
    }
    return false
  }

  func nodeInScope(_ target: Int) -> Bool {
    guard isOpen[target] else { return false }
    for node in open.reversed() {
      if node == target { return true }
      if isBoundary(node, of: .normal) { return false }
    }
    return false
  }

  func isSpecial(_ node: Int) -> Bool { scopeMasks[node] & Self.specialBit != 0 }

  private static func isSpecial(_ name: String, _ namespace: HTMLNamespace) -> Bool {
    switch namespace {
    case .html: return Self.specialHTML.contains(name)
    case .mathml: return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(name)
    case .svg: return name == "foreignObject" || name == "desc" || name == "title"
    }
  }

  static let specialHTML: Set<String> = [
    "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br",
    "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset",
    "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
    "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main", "marquee",
    "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param", "plaintext", "pre",
    "script", "search", "section", "select", "source", "style", "summary", "table", "tbody", "td", "template",
    "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
  ]

  // MARK: - Implied end tags

  mutating func generateImpliedEndTags(except excluded: String? = nil, thoroughly: Bool = false) {
    while let node = open.last, namespaces[node] == .html, names[node] != excluded {
      switch names[node] {
      case "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc": pop()
      case "caption", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr":
        guard thoroughly else { return }
        pop()
      default: return
      }
    }
  }

  mutating func closeParagraph() {
    generateImpliedEndTags(except: "p")
    popUntil("p")
  }

  mutating func closeParagraphInButtonScope() {
    if inScope("p", scope: .button) { closeParagraph() }
  }

  // MARK: - Resetting the insertion mode

  mutating func resetInsertionMode() {
    for index in open.indices.reversed() {
      let last = index == 0
      let node = last ? context ?? open[index] : open[index]
      guard namespaces[node] == .html else {
        if last { break }
        continue
      }
      switch names[node] {
      case "td", "th":
        if !last {
          mode = .inCell
          return
        }
      case "tr":
        mode = .inRow
        return
      case "tbody", "thead", "tfoot":
        mode = .inTableBody
        return
      case "caption":
        mode = .inCaption
        return
      case "colgroup":
        mode = .inColumnGroup
        return
      case "table":
        mode = .inTable
        return
      case "template":
        mode = templateModes.last ?? .inBody
        return
      case "head":
        if !last {
          mode = .inHead
          return
        }
      case "body":
        mode = .inBody
        return
      case "frameset":
        mode = .inFrameset
        return
      case "html":
        mode = head == nil ? .beforeHead : .afterHead
        return
      default: break
      }
      if last { break }
    }
    mode = .inBody
  }
}
