/// A customizable `select`'s `selectedcontent` element mirrors its selected option: when an
/// option is popped from the stack of open elements, and it is its select's selected option,
/// its children are cloned into the selectedcontent (the standard's "maybe clone an option into
/// selectedcontent"). The DOM does this, but a parser that builds the tree must do it too.
extension TreeBuilder {
  mutating func optionPopped(_ option: Int) {
    guard let select = nearestAncestor(of: option, named: "select"),
      selectedOption(of: select) == option,
      let selectedContent = descendants(of: select).first(where: { isHTML($0, "selectedcontent") })
    else { return }
    for child in nodes[selectedContent].children { nodes[child].parent = nil }
    nodes[selectedContent].children = []
    for child in nodes[option].children { append(clone(child), to: selectedContent) }
  }

  private func nearestAncestor(of node: Int, named name: String) -> Int? {
    var ancestor = nodes[node].parent
    while let current = ancestor {
      if isHTML(current, name) { return current }
      ancestor = nodes[current].parent
    }
    return nil
  }

  /// The last option with a `selected` attribute, else the first option that is not disabled.
  private func selectedOption(of select: Int) -> Int? {
    let options = descendants(of: select).filter { isHTML($0, "option") }
    if let selected = options.last(where: { node in attributes(of: node).contains { $0.name == "selected" } }) {
      return selected
    }
    return options.first { node in !attributes(of: node).contains { $0.name == "disabled" } }
  }

  /// The element descendants of `root` in tree order, leaving out those of nested selects.
  private func descendants(of root: Int) -> [Int] {
    var found: [Int] = []
    var pending = Array(nodes[root].children.reversed())
    while let node = pending.popLast() {
      guard !names[node].isEmpty else { continue }
      found.append(node)
      if !isHTML(node, "select") { pending.append(contentsOf: nodes[node].children.reversed()) }
    }
    return found
  }

  /// A deep copy of `node`, without parent.
  private mutating func clone(_ node: Int) -> Int {
    let copy = makeNode(nodes[node].kind, name: names[node], namespace: namespaces[node])
    var pending = [(original: node, copy: copy)]
    while let (original, parentCopy) = pending.popLast() {
      for child in nodes[original].children {
        let childCopy = makeNode(nodes[child].kind, name: names[child], namespace: namespaces[child])
        append(childCopy, to: parentCopy)
        pending.append((child, childCopy))
      }
    }
    return copy
  }
}
