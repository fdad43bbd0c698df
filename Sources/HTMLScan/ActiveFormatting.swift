/// The list of active formatting elements: the formatting elements still to be carried into
/// the content after a misnested end tag, with markers where applet, object, marquee, template,
/// captions and cells begin.
extension TreeBuilder {
  /// Pushes a formatting element, first removing the earliest of three identical ones after the
  /// last marker (the Noah's Ark clause), which also keeps the list short for repeated tags.
  mutating func pushFormatting(_ node: Int) {
    let signature = Self.signature(names[node], attributes(of: node))
    formattingSignatures[node] = signature
    // Fewer than three alike in the whole list: none to look for, which keeps many distinct
    // formatting elements (`<b id=1><b id=2>…`) from costing a search each.
    if formattingSignatureCounts[signature, default: 0] >= 3 {
      var identical = 0
      var earliest: Int?
      for index in formatting.indices.reversed() {
        guard case .element(let other) = formatting[index] else { break }
        if formattingSignatures[other] == signature, isSameFormatting(other, node) {
          identical += 1
          earliest = index
        }
      }
      if identical >= 3, let earliest { removeFormattingEntry(at: earliest) }
    }
    insertFormattingElement(node, at: formatting.count)
  }

  mutating func removeFormattingEntry(at index: Int) {
    if case .element(let node) = formatting[index] {
      formattingSignatureCounts[formattingSignatures[node], default: 1] -= 1
    }
    formatting.remove(at: index)
  }

  /// Inserts a formatting element whose `formattingSignatures` entry is set.
  mutating func insertFormattingElement(_ node: Int, at index: Int) {
    formatting.insert(.element(node), at: index)
    formattingSignatureCounts[formattingSignatures[node], default: 0] += 1
  }

  /// A hash of a formatting element's name and attributes (in any order; formatting elements
  /// are all HTML).
  private static func signature(_ name: String, _ attributes: [HTMLNodeAttribute]) -> Int {
    var hasher = Hasher()
    hasher.combine(name)
    var combined = 0
    for attribute in attributes {
      var attributeHasher = Hasher()
      attributeHasher.combine(attribute.name)
      attributeHasher.combine(attribute.value)
      combined ^= attributeHasher.finalize()  // order-independent
    }
    hasher.combine(combined)
    return hasher.finalize() | 1  // never 0, which marks other nodes
  }

  /// Same tag name, namespace and attributes (in any order).
  private func isSameFormatting(_ a: Int, _ b: Int) -> Bool {
    guard names[a] == names[b], namespaces[a] == namespaces[b] else { return false }
    let first = attributes(of: a)
    let second = attributes(of: b)
    guard first.count == second.count else { return false }
    return first.allSatisfy { attribute in second.contains(attribute) }
  }

  mutating func reconstructFormatting() {
    guard let last = formatting.last, case .element(let node) = last, !isOpen[node] else { return }
    var index = formatting.count - 1
    while index > 0, case .element(let previous) = formatting[index - 1], !isOpen[previous] { index -= 1 }
    while index < formatting.count {
      guard case .element(let old) = formatting[index] else { break }
      let element = insertElement(Tag(name: names[old], attributes: attributes(of: old)), namespaces[old])
      formatting[index] = .element(element)
      formattingSignatures[element] = formattingSignatures[old]
      index += 1
    }
  }

  mutating func clearFormattingToMarker() {
    while let entry = formatting.last {
      removeFormattingEntry(at: formatting.count - 1)
      if entry == .marker { return }
    }
  }

  /// The last formatting element called `name` after the last marker.
  func lastFormattingElement(named name: String) -> Int? {
    for entry in formatting.reversed() {
      guard case .element(let node) = entry else { return nil }
      if isHTML(node, name) { return node }
    }
    return nil
  }

  func formattingIndex(of node: Int) -> Int? { formatting.lastIndex(of: .element(node)) }

  mutating func removeFromFormatting(_ node: Int) {
    if let index = formattingIndex(of: node) { removeFormattingEntry(at: index) }
  }
}
