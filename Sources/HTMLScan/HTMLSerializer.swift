/// The HTML fragment serialization algorithm
/// (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments), walking
/// the tree with a stack of its own rather than by recursion.
struct HTMLSerializer {
  let nodes: [HTMLNode]
  let scripting: Bool
  private var out = ""

  init(nodes: [HTMLNode], scripting: Bool) {
    self.nodes = nodes
    self.scripting = scripting
  }

  /// Elements whose text is written as it is, not escaped; noscript too when scripting is on.
  static let rawTextElements: Set<String> = [
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
  ]

  /// The children of `node` (a template's contents for a template), serialized.
  mutating func children(of node: Int) -> String {
    out = ""
    guard nodes.indices.contains(node) else { return out }
    // Each frame is an element whose children are being written and the next child's position;
    // the element's end tag is written when its children run out.
    var stack: [(element: Int?, children: [Int], next: Int)] = [(nil, childList(of: node), 0)]
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].children.count else {
        if let element = stack[top].element, case .element(let e) = nodes[element].kind {
          out += "</\(e.name)>"
        }
        stack.removeLast()
        continue
      }
      let child = stack[top].children[stack[top].next]
      stack[top].next += 1
      guard nodes.indices.contains(child) else { continue }
      let parent = stack[top].element ?? node
      switch nodes[child].kind {
      case .element(let element):
        writeStartTag(element)
        if element.namespace == .html && HTMLElements.isVoid(element.name) { continue }
        let children = childList(of: child)
        if element.namespace == .html && ["pre", "textarea", "listing"].contains(element.name),
          let first = children.first, case .text(let text) = nodes[first].kind, text.utf8.first == 0x0A
        {
          out += "\n"
        }
        stack.append((child, children, 0))
      case .text(let text):
        if case .element(let element) = nodes[parent].kind, element.namespace == .html,
          Self.rawTextElements.contains(element.name) || scripting && element.name == "noscript"
        {
          out += text
        } else {
          HTMLEscape.escape(text, [.angleBrackets, .noBreakSpace], into: &out)
        }
      case .comment(let data): out += "<!--\(data)-->"
      case .doctype(let doctype): out += "<!DOCTYPE \(doctype.name)>"
      case .document: continue
      }
    }
    return out
  }

  private func childList(of node: Int) -> [Int] {
    if case .element(let element) = nodes[node].kind, let contents = element.templateContents,
      nodes.indices.contains(contents)
    {
      return nodes[contents].children
    }
    return nodes[node].children
  }

  private mutating func writeStartTag(_ element: HTMLElement) {
    out += "<"
    out += element.name
    for attribute in element.attributes {
      out += " "
      out += attribute.name
      out += "=\""
      HTMLEscape.escape(attribute.value, [.angleBrackets, .noBreakSpace, .doubleQuote], into: &out)
      out += "\""
    }
    out += ">"
  }
}
