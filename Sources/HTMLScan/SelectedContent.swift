/// A customizable `select`'s `selectedcontent` element mirrors its selected option: when an
/// option is popped from the stack of open elements, and it is its select's selected option,
/// its children are cloned into the selectedcontent (the standard's "maybe clone an option into
/// selectedcontent"). The DOM does this, but a parser that builds the tree must do it too.
///
/// Each option popped looks only at what decides it (the options after it, and those before it
/// back to the nearest that wins over it) and the select's first selectedcontent is remembered,
/// so that a select of many options is not walked again for each one.
extension TreeBuilder {
  mutating func optionPopped(_ option: Int) {
    guard let select = nearestAncestor(of: option, named: "select"), isSelectedOption(option, of: select),
      let selectedContent = firstSelectedContent(of: select)
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

  /// Whether `option` is the select's selected option: the last option with a `selected`
  /// attribute, else the first option that is not disabled (in tree order, leaving out the
  /// options of nested selects).
  private func isSelectedOption(_ option: Int, of select: Int) -> Bool {
    if firstElement(after: option, within: select, where: { isOption($0, with: "selected") }) != nil { return false }
    if hasAttribute(option, "selected") { return true }
    if hasAttribute(option, "disabled") { return false }
    // The first option not disabled, if no option before it is selected or enabled.
    return !anyElement(before: option, within: select) { node in
      isOption(node, with: "selected") || isHTML(node, "option") && !hasAttribute(node, "disabled")
    }
  }

  /// The select's first `selectedcontent` in tree order, as found before unless one was made or
  /// a node moved since.
  private mutating func firstSelectedContent(of select: Int) -> Int? {
    if let known = selectedContents[select], known.generation == selectedContentGeneration { return known.node }
    var found: Int?
    var pending = Array(nodes[select].children.reversed())
    while let node = pending.popLast() {
      guard !names[node].isEmpty else { continue }
      if isHTML(node, "selectedcontent") {
        found = node
        break
      }
      if !isHTML(node, "select") { pending.append(contentsOf: nodes[node].children.reversed()) }
    }
    selectedContents[select] = (selectedContentGeneration, found)
    return found
  }

  private func hasAttribute(_ node: Int, _ name: String) -> Bool { attributes(of: node).contains { $0.name == name } }

  private func isOption(_ node: Int, with attribute: String) -> Bool {
    isHTML(node, "option") && hasAttribute(node, attribute)
  }

  /// The first element after `node` in tree order (its descendants, then what follows it) up to
  /// the end of `root`, that `matches`; the insides of nested selects are left out.
  private func firstElement(after node: Int, within root: Int, where matches: (Int) -> Bool) -> Int? {
    // Pushed so that they pop in tree order: the later siblings of the outermost ancestor below
    // root last, the node's own children first.
    var pending: [Int] = []
    var chain: [Int] = []
    var current = node
    while current != root, let parent = nodes[current].parent {
      chain.append(current)
      current = parent
    }
    for link in chain.reversed() {
      guard let parent = nodes[link].parent, let index = nodes[parent].children.lastIndex(of: link) else { continue }
      pending.append(contentsOf: nodes[parent].children[(index + 1)...].reversed())
    }
    pending.append(contentsOf: nodes[node].children.reversed())
    while let next = pending.popLast() {
      guard !names[next].isEmpty else { continue }
      if matches(next) { return next }
      if !isHTML(next, "select") { pending.append(contentsOf: nodes[next].children.reversed()) }
    }
    return nil
  }

  /// Whether an element before `node` in tree order within `root` (an ancestor below root, or
  /// inside an earlier sibling of it or of an ancestor) `matches`; the nearest are looked at
  /// first, so the search usually stops at the option just before.
  private func anyElement(before node: Int, within root: Int, where matches: (Int) -> Bool) -> Bool {
    var current = node
    while current != root, let parent = nodes[current].parent {
      if current != node, matches(current) { return true }
      if let index = nodes[parent].children.lastIndex(of: current) {
        for sibling in nodes[parent].children[..<index].reversed() {
          var pending = [sibling]
          while let next = pending.popLast() {
            guard !names[next].isEmpty else { continue }
            if matches(next) { return true }
            if !isHTML(next, "select") { pending.append(contentsOf: nodes[next].children) }
          }
        }
      }
      current = parent
    }
    return false
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
