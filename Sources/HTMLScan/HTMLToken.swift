/// The namespace a start tag is in, from the open svg and math elements around it.
public enum HTMLNamespace: Sendable, Equatable { case html, svg, mathml }

/// An attribute of a start tag.
public struct HTMLAttribute: Sendable, Equatable {
  /// ASCII-lower-cased, as the tokenizer emits it (`xlink:href`, `data-src`).
  public var name: String
  /// The value with character references decoded by the attribute-value rules; empty for an
  /// attribute the tokenizer was not asked to decode (`HTMLTokenizer(_:valuesOf:)`).
  public var value: String
  /// Where the value is written in the source, between its quotes (if any); nil for an
  /// attribute without a value (`<img ismap>`).
  public var valueRange: Range<Int>?

  public init(name: String, value: String, valueRange: Range<Int>?) {
    self.name = name
    self.value = value
    self.valueRange = valueRange
  }
}

public struct HTMLStartTag: Sendable, Equatable {
  /// ASCII-lower-cased; `image` outside SVG is `img`, as the tree builder makes it.
  public var name: String
  /// In source order; of duplicates only the first.
  public var attributes: [HTMLAttribute]
  public var selfClosing: Bool
  public var namespace: HTMLNamespace
  /// From `<` to `>` inclusive.
  public var range: Range<Int>

  public init(name: String, attributes: [HTMLAttribute], selfClosing: Bool, namespace: HTMLNamespace, range: Range<Int>)
  {
    self.name = name
    self.attributes = attributes
    self.selfClosing = selfClosing
    self.namespace = namespace
    self.range = range
  }

  /// The first attribute called `name`.
  public func attribute(_ name: String) -> HTMLAttribute? {
    let length = name.utf8.count  // free, where a failed comparison of two strings is a call
    return attributes.first { $0.name.utf8.count == length && $0.name == name }
  }
}

/// What `HTMLTokenizer` reads; text, comments and doctypes only when it is asked for them.
public enum HTMLToken: Sendable, Equatable {
  case startTag(HTMLStartTag)
  /// The name ASCII-lower-cased; the range from `<` to `>` inclusive. Attributes of end tags are dropped.
  case endTag(name: String, range: Range<Int>)
  /// Character references decoded as in the data state (in RCDATA too); adjacent text merged.
  case text(String)
  case comment(String)
  /// Boxed: rare, and larger than a start tag, which would make every token larger.
  indirect case doctype(HTMLDoctype)
}

/// A `<!DOCTYPE …>`.
public struct HTMLDoctype: Sendable, Equatable {
  /// ASCII-lower-cased; empty when it has none.
  public var name: String
  /// The quoted identifier after `PUBLIC`, nil when missing.
  public var publicID: String?
  /// The quoted identifier after `SYSTEM` or after the public one, nil when missing.
  public var systemID: String?
  /// Set for a doctype too malformed to be trusted (no name, an identifier missing its quotes,
  /// cut off by the end of the input), which puts a document in quirks mode.
  public var forceQuirks: Bool

  public init(name: String, publicID: String? = nil, systemID: String? = nil, forceQuirks: Bool = false) {
    self.name = name
    self.publicID = publicID
    self.systemID = systemID
    self.forceQuirks = forceQuirks
  }
}
