/// SVG and MathML: the rules for tokens in foreign content, integration points, and the case
/// adjustments of names the tokenizer lower-cased.
extension TreeBuilder {
  /// Whether the tree construction dispatcher sends `token` to the insertion mode rather than to
  /// the foreign-content rules.
  func usesHTMLRules(for token: Token) -> Bool {
    guard let node = adjustedCurrentNode, namespaces[node] != .html else { return true }
    switch token {
    case .startTag(let tag):
      if isMathMLTextIntegrationPoint(node) && tag.name != "mglyph" && tag.name != "malignmark" { return true }
      if namespaces[node] == .mathml && names[node] == "annotation-xml" && tag.name == "svg" { return true }
      return isHTMLIntegrationPoint(node)
    case .text: return isMathMLTextIntegrationPoint(node) || isHTMLIntegrationPoint(node)
    case .endOfFile: return true
    default: return false
    }
  }

  func isMathMLTextIntegrationPoint(_ node: Int) -> Bool {
    guard namespaces[node] == .mathml else { return false }
    switch names[node] {
    case "mi", "mo", "mn", "ms", "mtext": return true
    default: return false
    }
  }

  func isHTMLIntegrationPoint(_ node: Int) -> Bool {
    switch namespaces[node] {
    case .html: return false
    case .svg: return names[node] == "foreignObject" || names[node] == "desc" || names[node] == "title"
    case .mathml:
      guard names[node] == "annotation-xml" else { return false }
      let encoding = attributes(of: node).first { $0.name == "encoding" }?.value.lowercased()
      return encoding == "text/html" || encoding == "application/xhtml+xml"
    }
  }

  /// Start tags that leave foreign content for the HTML rules.
  static let breakingOut: Set<String> = [
    "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
    "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
  ]

  mutating func foreignContent(_ token: Token) {
    switch token {
    case .text(let text):
      var data = text
      if Self.containsNUL(text) {
        data = Substring(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 })))
      }
      insertText(data)
      if framesetOK && text.utf8.contains(where: { $0 != 0 && !Self.isWhitespace($0) }) { framesetOK = false }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      let breaks =
        Self.breakingOut.contains(tag.name)
        || tag.name == "font" && tag.attributes.contains { ["color", "face", "size"].contains($0.name) }
      if breaks {
        leaveForeignContent(token)
        return
      }
      let namespace = adjustedCurrentNode.map { namespaces[$0] } ?? .html
      var adjusted = tag
      if namespace == .svg { adjusted.name = Self.svgTagNames[tag.name] ?? tag.name }
      insertForeignElement(adjusted, namespace)
    case .endTag(let name):
      if name == "br" || name == "p" {
        leaveForeignContent(token)
        return
      }
      foreignEndTag(name)
    case .endOfFile: apply(mode, token)
    }
  }

  private mutating func leaveForeignContent(_ token: Token) {
    while let node = open.last, namespaces[node] != .html, !isMathMLTextIntegrationPoint(node),
      !isHTMLIntegrationPoint(node)
    {
      pop()
    }
    apply(mode, token)
  }

  private mutating func foreignEndTag(_ name: String) {
    var index = open.count - 1
    while index > 0 {
      let node = open[index]
      if Self.asciiLowercased(names[node]) == name {
        popToIndex(index)
        return
      }
      index -= 1
      if namespaces[open[index]] == .html {
        apply(mode, .endTag(name))
        return
      }
    }
  }

  static func asciiLowercased(_ name: String) -> String {
    guard name.utf8.contains(where: { $0 &- 0x41 < 26 }) else { return name }
    return String(decoding: name.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Inserts an SVG or MathML element with its attributes adjusted, popping it at once when self-closing.
  mutating func insertForeignElement(_ tag: Tag, _ namespace: HTMLNamespace) {
    var tag = tag
    let adjustments = namespace == .svg ? Self.svgAttributeNames : Self.mathMLAttributeNames
    for index in tag.attributes.indices {
      if let name = adjustments[tag.attributes[index].name] { tag.attributes[index].name = name }
    }
    insertElement(tag, namespace)
    if tag.selfClosing { pop() }
  }

  /// The XLink, XML and XMLNS attributes that are namespaced on foreign elements; their names
  /// stay qualified (`xlink:href`), and the namespace follows from the prefix.
  static let namespacedAttributes: Set<String> = [
    "xlink:actuate", "xlink:arcrole", "xlink:href", "xlink:role", "xlink:show", "xlink:title", "xlink:type",
    "xml:lang", "xml:space", "xmlns", "xmlns:xlink",
  ]

  static let mathMLAttributeNames = ["definitionurl": "definitionURL"]

  static let svgAttributeNames: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
      "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix",
      "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
      "markerUnits", "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength",
      "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ",
      "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur",
      "requiredExtensions", "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset",
      "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY",
      "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { (asciiLowercased($0), $0) })

  static let svgTagNames: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
      "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
      "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
      "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
      "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
      "radialGradient", "textPath",
    ].map { (asciiLowercased($0), $0) })
}
