import HTMLScan

/// The tree as Go's `golang.org/x/net/html` builds it, which the server's selectors and offsets
/// walk: the same as the standard's but for a template, whose contents are its own children
/// there, where the standard (and `HTMLDocument`) keep them apart in `templateContents`. So text
/// inside a template counts in the offsets of the elements around it.
extension HTMLDocument {
  /// `node`'s children as Go has them.
  func goChildren(of node: Int) -> [Int] {
    if let contents = nodes[node].element?.templateContents { return nodes[contents].children }
    return nodes[node].children
  }

  /// `node`'s parent as Go has it: the template, for a node at the top of its contents.
  func goParent(of node: Int) -> Int? {
    guard let parent = nodes[node].parent else { return nil }
    if case .document = nodes[parent].kind, let template = nodes[parent].parent { return template }
    return parent
  }
}
