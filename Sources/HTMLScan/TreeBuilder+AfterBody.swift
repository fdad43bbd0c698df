/// The insertion modes of templates, of what follows the body, and of framesets.
extension TreeBuilder {
  mutating func inTemplate(_ token: Token) {
    switch token {
    case .text, .comment, .doctype: inBody(token)
    case .startTag(let tag):
      switch tag.name {
      case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
        inHead(token)
      case "caption", "colgroup", "tbody", "tfoot", "thead": switchTemplateMode(to: .inTable, token)
      case "col": switchTemplateMode(to: .inColumnGroup, token)
      case "tr": switchTemplateMode(to: .inTableBody, token)
      case "td", "th": switchTemplateMode(to: .inRow, token)
      default: switchTemplateMode(to: .inBody, token)
      }
    case .endTag("template"): inHead(token)
    case .endTag: return
    case .endOfFile:
      guard hasOpen("template") else {
        stop()
        return
      }
      popUntil("template")
      clearFormattingToMarker()
      if !templateModes.isEmpty { templateModes.removeLast() }
      resetInsertionMode()
      process(token)
    }
  }

  private mutating func switchTemplateMode(to newMode: Mode, _ token: Token) {
    if !templateModes.isEmpty { templateModes.removeLast() }
    templateModes.append(newMode)
    mode = newMode
    process(token)
  }

  mutating func afterBody(_ token: Token) {
    switch token {
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inBody(.text(whitespace)) }
      guard !rest.isEmpty else { return }
      mode = .inBody
      process(.text(rest))
    case .comment(let data): insertComment(data, at: (open[0], nil))
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .endTag("html"):
      if context == nil { mode = .afterAfterBody }
    case .endOfFile: stop()
    default:
      mode = .inBody
      process(token)
    }
  }

  mutating func inFrameset(_ token: Token) {
    switch token {
    case .text(let text): insertText(Self.whitespaceOnly(text))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      switch tag.name {
      case "html": inBody(token)
      case "frameset": insertElement(tag)
      case "frame":
        insertElement(tag)
        pop()
      case "noframes": inHead(token)
      default: return
      }
    case .endTag("frameset"):
      guard open.count > 1 else { return }
      pop()
      if context == nil, !isHTML(currentNode, "frameset") { mode = .afterFrameset }
    case .endTag: return
    case .endOfFile: stop()
    }
  }

  mutating func afterFrameset(_ token: Token) {
    switch token {
    case .text(let text): insertText(Self.whitespaceOnly(text))
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .startTag(let tag) where tag.name == "noframes": inHead(token)
    case .endTag("html"): mode = .afterAfterFrameset
    case .endOfFile: stop()
    default: return
    }
  }

  mutating func afterAfterBody(_ token: Token) {
    switch token {
    case .comment(let data): insertComment(data, at: (0, nil))
    case .doctype: inBody(token)
    case .text(let text):
      let (whitespace, rest) = Self.splitLeadingWhitespace(text)
      if !whitespace.isEmpty { inBody(.text(whitespace)) }
      guard !rest.isEmpty else { return }
      mode = .inBody
      process(.text(rest))
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .endOfFile: stop()
    default:
      mode = .inBody
      process(token)
    }
  }

  mutating func afterAfterFrameset(_ token: Token) {
    switch token {
    case .comment(let data): insertComment(data, at: (0, nil))
    case .doctype: inBody(token)
    case .text(let text):
      let whitespace = Self.whitespaceOnly(text)
      if !whitespace.isEmpty { inBody(.text(whitespace)) }
    case .startTag(let tag) where tag.name == "html": inBody(token)
    case .startTag(let tag) where tag.name == "noframes": inHead(token)
    case .endOfFile: stop()
    default: return
    }
  }
}
