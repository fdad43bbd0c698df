/// The adoption agency algorithm: what an end tag of a formatting element does when elements
/// opened after it are still open (`<b><p>x</b>y`).
extension TreeBuilder {
  /// Runs the algorithm for an end tag called `subject`; false when the caller is to act as for
  /// "any other end tag" instead.
  mutating func adoptionAgency(_ subject: String) -> Bool {
    let current = currentNode
    if isHTML(current, subject), formattingIndex(of: current) == nil {
      pop()
      return true
    }
    for _ in 0..<8 {
      guard let formattingElement = lastFormattingElement(named: subject) else { return false }
      guard isOpen[formattingElement], let elementIndex = open.lastIndex(of: formattingElement) else {
        removeFromFormatting(formattingElement)
        return true
      }
      guard nodeInScope(formattingElement) else { return true }
      guard let blockIndex = open[(elementIndex + 1)...].firstIndex(where: isSpecial) else {
        popToIndex(elementIndex)
        removeFromFormatting(formattingElement)
        return true
      }
      let furthestBlock = open[blockIndex]
      let commonAncestor = open[elementIndex - 1]
      var bookmark = formattingIndex(of: formattingElement) ?? formatting.count
      var lastNode = furthestBlock
      var nodeIndex = blockIndex
      var innerLoop = 0
      while true {
        innerLoop += 1
        nodeIndex -= 1
        let node = open[nodeIndex]
        if node == formattingElement { break }
        var entry = formattingIndex(of: node)
        if innerLoop > 3, let index = entry {
          removeFormattingEntry(at: index)
          if index < bookmark { bookmark -= 1 }
          entry = nil
        }
        guard let entry else {
          removeFromStack(node)
          continue
        }
        let replacement = createElement(names[node], namespaces[node], attributes(of: node))
        formatting[entry] = .element(replacement)
        formattingSignatures[replacement] = formattingSignatures[node]
        replaceOnStack(at: nodeIndex, with: replacement)
        if lastNode == furthestBlock { bookmark = entry + 1 }
        detach(lastNode)
        append(lastNode, to: replacement)
        lastNode = replacement
      }
      detach(lastNode)
      insert(lastNode, at: insertionPlace(overriding: commonAncestor))
      let replacement = createElement(
        names[formattingElement], namespaces[formattingElement], attributes(of: formattingElement))
      let children = nodes[furthestBlock].children
      nodes[furthestBlock].children = []
      for child in children { nodes[child].parent = replacement }
      nodes[replacement].children = children
      append(replacement, to: furthestBlock)
      if let index = formattingIndex(of: formattingElement) {
        removeFormattingEntry(at: index)
        if index < bookmark { bookmark -= 1 }
      }
      formattingSignatures[replacement] = formattingSignatures[formattingElement]
      insertFormattingElement(replacement, at: min(bookmark, formatting.count))
      removeFromStack(formattingElement)
      let blockPosition = open.lastIndex(of: furthestBlock) ?? open.count - 1
      insertOnStack(replacement, at: blockPosition + 1)
    }
    return true
  }
}
