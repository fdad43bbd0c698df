/// The "in body" insertion mode, which most other modes defer to.
extension TreeBuilder {
  static let closesParagraph: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
    "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
    "summary", "ul",
  ]

  /// End tags that close their element when it is in scope, with the implied end tags.
  static let closedInScope: Set<String> = [
    "address", "article", "aside", "blockquote", "button", "center", "details", "dialog", "dir", "div", "dl",
    "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main", "menu", "nav", "ol", "pre",
    "search", "section", "select", "summary", "ul",
  ]

  static let formattingNames: Set<String> = [
    "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
  ]

  static let headings = ["h1", "h2", "h3", "h4", "h5", "h6"]

  mutating func inBody(_ token: Token) {
    switch token {
    case .text(let text): bodyText(text)
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag): bodyStartTag(tag)
    case .endTag(let name): bodyEndTag(name)
    case .endOfFile:
      if !templateModes.isEmpty { inTemplate(token) } else { stop() }
    }
  }

  /// Stops parsing: everything open is popped (which clones a selected option into its select's
  /// `selectedcontent`).
  mutating func stop() {
    while !open.isEmpty { pop() }
    stopped = true
  }

  mutating func bodyText(_ text: Substring) {
    let text = Self.withoutNUL(text)
    guard !text.isEmpty else { return }
    reconstructFormatting()
    insertText(text)
    if framesetOK && !Self.isAllWhitespace(text) { framesetOK = false }
  }

  private var isSelectFragment: Bool {
    guard let context else { return false }
    return isHTML(context, "select")
  }

  // The cases follow the standard's order.
  mutating func bodyStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case "html":
      guard !hasOpen("template") else { return }
      addMissingAttributes(tag.attributes, to: open[0])
    case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
      inHead(.startTag(tag))
    case "body":
      guard open.count > 1, isHTML(open[1], "body"), !hasOpen("template") else { return }
      framesetOK = false
      addMissingAttributes(tag.attributes, to: open[1])
    case "frameset":
      guard open.count > 1, isHTML(open[1], "body"), framesetOK else { return }
      detach(open[1])
      popToIndex(1)
      insertElement(tag)
      mode = .inFrameset
    case _ where Self.closesParagraph.contains(name):
      closeParagraphInButtonScope()
      insertElement(tag)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      closeParagraphInButtonScope()
      if namespaces[currentNode] == .html, Self.headings.contains(names[currentNode]) { pop() }
      insertElement(tag)
    case "pre", "listing":
      closeParagraphInButtonScope()
      insertElement(tag)
      skipsNewline = true
      framesetOK = false
    case "form":
      let inTemplate = hasOpen("template")
      guard form == nil || inTemplate else { return }
      closeParagraphInButtonScope()
      let element = insertElement(tag)
      if !inTemplate { form = element }
    case "li":
      framesetOK = false
      closeListItem(["li"])
      closeParagraphInButtonScope()
      insertElement(tag)
    case "dd", "dt":
      framesetOK = false
      closeListItem(["dd", "dt"])
      closeParagraphInButtonScope()
      insertElement(tag)
    case "plaintext":
      closeParagraphInButtonScope()
      insertElement(tag)
      contentSwitch = (.plaintext, name)
    case "button":
      if inScope("button") {
        generateImpliedEndTags()
        popUntil("button")
      }
      reconstructFormatting()
      insertElement(tag)
      framesetOK = false
    case "a":
      if let a = lastFormattingElement(named: "a") {
        if !adoptionAgency("a") { anyOtherEndTag("a") }
        removeFromFormatting(a)
        removeFromStack(a)
      }
      reconstructFormatting()
      pushFormatting(insertElement(tag))
    case "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u":
      reconstructFormatting()
      pushFormatting(insertElement(tag))
    case "nobr":
      reconstructFormatting()
      if inScope("nobr") {
        if !adoptionAgency("nobr") { anyOtherEndTag("nobr") }
        reconstructFormatting()
      }
      pushFormatting(insertElement(tag))
    case "applet", "marquee", "object":
      reconstructFormatting()
      insertElement(tag)
      formatting.append(.marker)
      framesetOK = false
    case "table":
      if !quirks { closeParagraphInButtonScope() }
      insertElement(tag)
      framesetOK = false
      mode = .inTable
    case "area", "br", "embed", "img", "keygen", "wbr":
      reconstructFormatting()
      insertElement(tag)
      pop()
      framesetOK = false
    case "input":
      guard !isSelectFragment else { return }
      if inScope("select") { popUntil("select") }
      reconstructFormatting()
      insertElement(tag)
      pop()
      if !Self.isHiddenInput(tag) { framesetOK = false }
    case "param", "source", "track":
      insertElement(tag)
      pop()
    case "hr":
      closeParagraphInButtonScope()
      if inScope("select") { generateImpliedEndTags() }
      insertElement(tag)
      pop()
      framesetOK = false
    case "image":
      var img = tag
      img.name = "img"
      process(.startTag(img))
    case "textarea":
      if inScope("select") { popUntil("select") }
      insertElement(tag)
      skipsNewline = true
      contentSwitch = (.rcdata, name)
      originalMode = mode
      framesetOK = false
      mode = .text
    case "xmp":
      closeParagraphInButtonScope()
      reconstructFormatting()
      framesetOK = false
      parseText(tag, .rawText)
    case "iframe":
      framesetOK = false
      parseText(tag, .rawText)
    case "noembed":
      parseText(tag, .rawText)
    case "noscript" where scripting:
      parseText(tag, .rawText)
    case "select":
      guard !isSelectFragment else { return }
      if inScope("select") {
        popUntil("select")
        return
      }
      reconstructFormatting()
      insertElement(tag)
      framesetOK = false
    case "option":
      if inScope("select") {
        generateImpliedEndTags(except: "optgroup")
      } else if isHTML(currentNode, "option") {
        pop()
      }
      reconstructFormatting()
      insertElement(tag)
    case "optgroup":
      if inScope("select") {
        generateImpliedEndTags()
      } else if isHTML(currentNode, "option") {
        pop()
      }
      reconstructFormatting()
      insertElement(tag)
    case "rb", "rtc":
      if inScope("ruby") { generateImpliedEndTags() }
      insertElement(tag)
    case "rp", "rt":
      if inScope("ruby") { generateImpliedEndTags(except: "rtc") }
      insertElement(tag)
    case "math":
      reconstructFormatting()
      insertForeignElement(tag, .mathml)
    case "svg":
      reconstructFormatting()
      insertForeignElement(tag, .svg)
    case "caption", "col", "colgroup", "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr":
      return
    default:
      reconstructFormatting()
      insertElement(tag)
    }
  }

  static func isHiddenInput(_ tag: Tag) -> Bool {
    guard let type = tag.attributes.first(where: { $0.name == "type" })?.value else { return false }
    return type.lowercased() == "hidden"
  }

  /// The search an li, dd or dt start tag makes for an open one to close.
  private mutating func closeListItem(_ targets: [String]) {
    guard isAnyOpen(targets) else { return }  // the search could only end at a special element
    for node in open.reversed() {
      if namespaces[node] == .html && targets.contains(names[node]) {
        let name = names[node]
        generateImpliedEndTags(except: name)
        popUntil(name)
        return
      }
      if isSpecial(node), !isHTML(node, "address"), !isHTML(node, "div"), !isHTML(node, "p") { return }
    }
  }

  mutating func bodyEndTag(_ name: String) {
    switch name {
    case "template": inHead(.endTag(name))
    case "body":
      guard inScope("body") else { return }
      mode = .afterBody
    case "html":
      guard inScope("body") else { return }
      mode = .afterBody
      process(.endTag(name))
    case _ where Self.closedInScope.contains(name):
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
    case "form":
      if hasOpen("template") {
        guard inScope("form") else { return }
        generateImpliedEndTags()
        popUntil("form")
      } else {
        let node = form
        form = nil
        guard let node, nodeInScope(node) else { return }
        generateImpliedEndTags()
        removeFromStack(node)
      }
    case "p":
      if !inScope("p", scope: .button) { insertElement(named: "p") }
      closeParagraph()
    case "li":
      guard inScope("li", scope: .listItem) else { return }
      generateImpliedEndTags(except: "li")
      popUntil("li")
    case "dd", "dt":
      guard inScope(name) else { return }
      generateImpliedEndTags(except: name)
      popUntil(name)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      guard inScope("h1", "h2", "h3", "h4", "h5", "h6") else { return }
      generateImpliedEndTags()
      popUntil(oneOf: Self.headings)
    case _ where Self.formattingNames.contains(name):
      if !adoptionAgency(name) { anyOtherEndTag(name) }
    case "applet", "marquee", "object":
      guard inScope(name) else { return }
      generateImpliedEndTags()
      popUntil(name)
      clearFormattingToMarker()
    case "br":
      bodyStartTag(Tag(name: "br"))
    default:
      anyOtherEndTag(name)
    }
  }

  /// "Any other end tag" in body: the nearest open element of that name, unless a special
  /// element comes first.
  mutating func anyOtherEndTag(_ name: String) {
    guard hasOpen(name) else { return }  // the search could only end at a special element
    for index in open.indices.reversed() {
      let node = open[index]
      if isHTML(node, name) {
        generateImpliedEndTags(except: name)
        popToIndex(index)
        return
      }
      if isSpecial(node) { return }
    }
  }
}
