/// The insertion modes before the body: initial, before html, before head, in head, in head
/// noscript, after head; and text, which reads RCDATA, RAWTEXT and script data.
extension TreeBuilder {
  mutating func initial(_ token: Token) {
    switch token {
    case .text(let text):
      let rest = Self.splitLeadingWhitespace(text).rest
      guard !rest.isEmpty else { return }
      quirks = true  // no doctype
      mode = .beforeHTML
      process(.text(rest))
    case .comment(let data): insertComment(data, at: (0, nil))
    case .doctype(let doctype):
      insert(makeNode(.doctype(doctype)), at: (0, nil))
      quirks = QuirksMode.isQuirks(doctype)
      mode = .beforeHTML
    default:
      quirks = true
      mode = .beforeHTML
      process(token)
    }
  }

  mutating func beforeHTML(_ token: Token) {
    switch token {
    case .doctype: return
    case .comment(let data): insertComment(data, at: (0, nil))
    case .text(let text):
      let rest = Self.splitLeadingWhitespace(text).rest
      guard !rest.isEmpty else { return }
      createRoot([])
      process(.text(rest))
    case .startTag(let tag) where tag.name == "html":
      createRoot(tag.attributes)
    case .endTag(let name) where !["head", "body", "html", "br"].contains(name):
      return
    default:
      createRoot([])
      process(token)
    }
  }

  private mutating func createRoot(_ attributes: [HTMLNodeAttribute]) {
    let root = createElement("html", .html, attributes)
    append(root, to: 0)
    push(root)
    mode = .beforeHead
  }

  mutating func beforeHead(_ token: Token) {
    switch token {
    case .text(let text):
      let rest = Self.splitLeadingWhitespace(text).rest
      guard !rest.isEmpty else { return }
      head = insertElement(named: "head")
      mode = .inHead
      process(.text(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .startTag(let tag) where tag.name == "head":
      head = insertElement(tag)
      mode = .inHead
    case .endTag(let name) where !["head", "body", "html", "br"].contains(name):
      return
    default:
      head = insertElement(named: "head")
      mode = .inHead
      process(token)
    }
  }

  mutating func inHead(_ token: Token) {
    switch token {
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      insertText(whitespace)
      guard !rest.isEmpty else { return }
      leaveHead(.text(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBody(token)
      case "base", "basefont", "bgsound", "link", "meta":
        insertElement(tag)
        pop()
      case "title": parseText(tag, .rcdata)
      case "noframes", "style": parseText(tag, .rawText)
      case "noscript":
        if scripting {
          parseText(tag, .rawText)
        } else {
          insertElement(tag)
          mode = .inHeadNoscript
        }
      case "script": parseText(tag, .scriptData)
      case "template":
        insertElement(tag)
        formatting.append(.marker)
        framesetOK = false
        mode = .inTemplate
        templateModes.append(.inTemplate)
      case "head": return
      default: leaveHead(token)
      }
    case .endTag(let name):
      switch name {
      case "head":
        pop()
        mode = .afterHead
      case "body", "html", "br": leaveHead(token)
      case "template": endTemplate()
      default: return
      }
    case .endOfFile: leaveHead(token)
    }
  }

  private mutating func leaveHead(_ token: Token) {
    pop()
    mode = .afterHead
    process(token)
  }

  /// The generic raw text and RCDATA element parsing algorithms, and script elements'.
  mutating func parseText(_ tag: Tag, _ content: TreeContext.Content) {
    insertElement(tag)
    contentSwitch = (content, tag.name)
    originalMode = mode
    mode = .text
  }

  mutating func endTemplate() {
    guard hasOpen("template") else { return }
    generateImpliedEndTags(thoroughly: true)
    popUntil("template")
    clearFormattingToMarker()
    if !templateModes.isEmpty { templateModes.removeLast() }
    resetInsertionMode()
  }

  mutating func inHeadNoscript(_ token: Token) {
    switch token {
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBody(token)
      case "basefont", "bgsound", "link", "meta", "noframes", "style": inHead(token)
      case "head", "noscript": return
      default: leaveNoscript(token)
      }
    case .endTag(let name):
      switch name {
      case "noscript":
        pop()
        mode = .inHead
      case "br": leaveNoscript(token)
      default: return
      }
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inHead(.text(whitespace)) }
      guard !rest.isEmpty else { return }
      leaveNoscript(.text(rest))
    case .comment: inHead(token)
    case .endOfFile: leaveNoscript(token)
    }
  }

  private mutating func leaveNoscript(_ token: Token) {
    pop()
    mode = .inHead
    process(token)
  }

  mutating func afterHead(_ token: Token) {
    switch token {
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      insertText(whitespace)
      guard !rest.isEmpty else { return }
      startBody(.text(rest))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBody(token)
      case "body":
        insertElement(tag)
        framesetOK = false
        mode = .inBody
      case "frameset":
        insertElement(tag)
        mode = .inFrameset
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        guard let head else { return }
        push(head)
        inHead(token)
        removeFromStack(head)
      case "head": return
      default: startBody(token)
      }
    case .endTag(let name):
      switch name {
      case "template": inHead(token)
      case "body", "html", "br": startBody(token)
      default: return
      }
    case .endOfFile: startBody(token)
    }
  }

  private mutating func startBody(_ token: Token) {
    insertElement(named: "body")
    mode = .inBody
    process(token)
  }

  mutating func text(_ token: Token) {
    switch token {
    case .text(let text): insertText(text)
    case .endOfFile:
      pop()
      mode = originalMode
      process(token)
    case .endTag:
      pop()
      mode = originalMode
    default: return
    }
  }
}
