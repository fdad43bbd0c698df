/// The table insertion modes: in table, in table text, in caption, in column group, in table
/// body, in row, in cell; content misplaced in a table is foster-parented before it.
extension TreeBuilder {
  mutating func inTable(_ token: Token) {
    switch token {
    case .text:
      let current = currentNode
      guard namespaces[current] == .html,
        ["table", "tbody", "template", "tfoot", "thead", "tr"].contains(names[current])
      else { return fosterParent(token) }
      pendingTableText = ""
      originalMode = mode
      mode = .inTableText
      process(token)
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "caption":
        clearStack(backTo: ["table", "template", "html"])
        formatting.append(.marker)
        insertElement(tag)
        mode = .inCaption
      case "colgroup":
        clearStack(backTo: ["table", "template", "html"])
        insertElement(tag)
        mode = .inColumnGroup
      case "col":
        clearStack(backTo: ["table", "template", "html"])
        insertElement(named: "colgroup")
        mode = .inColumnGroup
        process(token)
      case "tbody", "tfoot", "thead":
        clearStack(backTo: ["table", "template", "html"])
        insertElement(tag)
        mode = .inTableBody
      case "td", "th", "tr":
        clearStack(backTo: ["table", "template", "html"])
        insertElement(named: "tbody")
        mode = .inTableBody
        process(token)
      case "table":
        guard inScope("table", scope: .table) else { return }
        popUntil("table")
        resetInsertionMode()
        process(token)
      case "style", "script", "template": inHead(token)
      case "input" where Self.isHiddenInput(tag):
        insertElement(tag)
        pop()
      case "form":
        guard !hasOpen("template"), form == nil else { return }
        form = insertElement(tag)
        pop()
      default: fosterParent(token)
      }
    case .endTag(let name):
      switch name {
      case "table":
        guard inScope("table", scope: .table) else { return }
        popUntil("table")
        resetInsertionMode()
      case "body", "caption", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr": return
      case "template": inHead(token)
      default: fosterParent(token)
      }
    case .endOfFile: inBody(token)
    }
  }

  /// In table, "anything else": the in-body rules with foster parenting.
  private mutating func fosterParent(_ token: Token) {
    fosterParenting = true
    inBody(token)
    fosterParenting = false
  }

  /// Pops until the current node is an HTML element called one of `names`.
  mutating func clearStack(backTo names: [String]) {
    while let node = open.last, !(namespaces[node] == .html && names.contains(self.names[node])) { pop() }
  }

  mutating func inTableText(_ token: Token) {
    if case .text(let text) = token {
      pendingTableText += Self.withoutNUL(text)
      return
    }
    let text = Substring(pendingTableText)
    pendingTableText = ""
    if Self.isAllWhitespace(text) {
      insertText(text)
    } else {
      fosterParenting = true
      bodyText(text)
      fosterParenting = false
    }
    mode = originalMode
    process(token)
  }

  mutating func inCaption(_ token: Token) {
    switch token {
    case .endTag("caption"):
      closeCaption()
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      if closeCaption() { process(token) }
    case .endTag("table"):
      if closeCaption() { process(token) }
    case .endTag(let name)
    where ["body", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(name):
      return
    default: inBody(token)
    }
  }

  @discardableResult
  private mutating func closeCaption() -> Bool {
    guard inScope("caption", scope: .table) else { return false }
    generateImpliedEndTags()
    popUntil("caption")
    clearFormattingToMarker()
    mode = .inTable
    return true
  }

  mutating func inColumnGroup(_ token: Token) {
    switch token {
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      insertText(whitespace)
      guard !rest.isEmpty else { return }
      if isHTML(currentNode, "colgroup") {
        pop()
        mode = .inTable
        process(.text(rest))
      } else {
        insertText(Self.whitespaceOnly(rest))  // each other character is ignored
      }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .startTag(let tag) where tag.name == "col":
      insertElement(tag)
      pop()
    case .endTag("colgroup"):
      guard isHTML(currentNode, "colgroup") else { return }
      pop()
      mode = .inTable
    case .endTag("col"): return
    case .startTag(let tag) where tag.name == "template": inHead(token)
    case .endTag("template"): inHead(token)
    case .endOfFile: inBody(token)
    default:
      guard isHTML(currentNode, "colgroup") else { return }
      pop()
      mode = .inTable
      process(token)
    }
  }

  mutating func inTableBody(_ token: Token) {
    switch token {
    case .startTag(let tag) where tag.name == "tr":
      clearStack(backTo: ["tbody", "tfoot", "thead", "template", "html"])
      insertElement(tag)
      mode = .inRow
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearStack(backTo: ["tbody", "tfoot", "thead", "template", "html"])
      insertElement(named: "tr")
      mode = .inRow
      process(token)
    case .endTag(let name) where name == "tbody" || name == "tfoot" || name == "thead":
      guard inScope(name, scope: .table) else { return }
      clearStack(backTo: ["tbody", "tfoot", "thead", "template", "html"])
      pop()
      mode = .inTable
    case .startTag(let tag) where ["caption", "col", "colgroup", "tbody", "tfoot", "thead"].contains(tag.name):
      closeTableBody(token)
    case .endTag("table"):
      closeTableBody(token)
    case .endTag(let name) where ["body", "caption", "col", "colgroup", "html", "td", "th", "tr"].contains(name):
      return
    default: inTable(token)
    }
  }

  private mutating func closeTableBody(_ token: Token) {
    guard inScope("tbody", "thead", "tfoot", scope: .table) else { return }
    clearStack(backTo: ["tbody", "tfoot", "thead", "template", "html"])
    pop()
    mode = .inTable
    process(token)
  }

  mutating func inRow(_ token: Token) {
    switch token {
    case .startTag(let tag) where tag.name == "th" || tag.name == "td":
      clearStack(backTo: ["tr", "template", "html"])
      insertElement(tag)
      mode = .inCell
      formatting.append(.marker)
    case .endTag("tr"):
      closeRow()
    case .startTag(let tag) where ["caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr"].contains(tag.name):
      if closeRow() { process(token) }
    case .endTag("table"):
      if closeRow() { process(token) }
    case .endTag(let name) where name == "tbody" || name == "tfoot" || name == "thead":
      guard inScope(name, scope: .table) else { return }
      if closeRow() { process(token) }
    case .endTag(let name) where ["body", "caption", "col", "colgroup", "html", "td", "th"].contains(name):
      return
    default: inTable(token)
    }
  }

  @discardableResult
  private mutating func closeRow() -> Bool {
    guard inScope("tr", scope: .table) else { return false }
    clearStack(backTo: ["tr", "template", "html"])
    pop()
    mode = .inTableBody
    return true
  }

  mutating func inCell(_ token: Token) {
    switch token {
    case .endTag(let name) where name == "td" || name == "th":
      guard inScope(name, scope: .table) else { return }
      generateImpliedEndTags()
      popUntil(name)
      clearFormattingToMarker()
      mode = .inRow
    case .startTag(let tag)
    where ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"].contains(tag.name):
      guard inScope("td", "th", scope: .table) else { return }
      closeCell()
      process(token)
    case .endTag(let name) where ["body", "caption", "col", "colgroup", "html"].contains(name):
      return
    case .endTag(let name) where ["table", "tbody", "tfoot", "thead", "tr"].contains(name):
      guard inScope(name, scope: .table) else { return }
      closeCell()
      process(token)
    default: inBody(token)
    }
  }

  private mutating func closeCell() {
    generateImpliedEndTags()
    popUntil(oneOf: ["td", "th"])
    clearFormattingToMarker()
    mode = .inRow
  }
}
