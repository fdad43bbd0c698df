/// A document (or fragment) as a browser's HTML parser builds it: the standard's tree
/// construction (`TreeBuilder`) over `HTMLTokenizer`, held to html5lib-tests' tree-construction
/// suite (Tests/HTMLScanTests/HTML5LibTreeConstructionTests.swift).
///
/// Nodes live in one array and refer to each other by index, so that a tree of any depth is
/// walked, edited and serialized without recursion.
public struct HTMLDocument: Sendable {
  /// Every node made; `nodes[0]` is the document. A node removed from the tree stays here with parent nil.
  public var nodes: [HTMLNode]
  /// For a fragment (`init(fragment:context:namespace:scripting:)`), the `html` element whose
  /// children are the fragment's nodes; nil for a whole document.
  public var fragmentRoot: Int?
  /// Whether the doctype (or its absence) put the document in quirks mode.
  public var isQuirksMode: Bool
  /// Whether it was parsed with scripting enabled, which makes `noscript` raw text: serializing
  /// then writes a noscript's text as it is.
  public var scripting: Bool
  /// Whether the markup nests deeper than Go's `golang.org/x/net/html` allows: its stack of open
  /// elements would have grown past 512, where Go's parser refuses the whole document (so
  /// Readeck's server places no highlight in it). Past that depth this parse closes the deepest
  /// element before opening the next, so the tree stops deepening and every search stays bounded;
  /// the tree past that depth is not the standard's (a table or column group closed that way can
  /// leave its insertion mode without its element, and what follows may be dropped), which is
  /// why a caller that must agree with the server refuses such a document.
  public var exceedsGoNestingLimit: Bool

  /// Parses a whole document (scripting disabled unless `scripting`), as a browser does.
  public init(parsing html: String, scripting: Bool = false) {
    var builder = TreeBuilder(scripting: scripting)
    builder.run(html)
    nodes = builder.nodes
    fragmentRoot = nil
    isQuirksMode = builder.quirks
    self.scripting = scripting
    exceedsGoNestingLimit = builder.reachedOpenElementLimit
  }

  /// Parses `html` as the children of a `context` element (a lower-case local name in
  /// `namespace`; SVG names as written, such as `foreignObject`), by the standard's fragment
  /// parsing algorithm, as `innerHTML` does. The context element is made (it is in `nodes`,
  /// without parent) but is not part of the tree.
  public init(fragment html: String, context: String, namespace: HTMLNamespace = .html, scripting: Bool = false) {
    var builder = TreeBuilder(scripting: scripting)
    let root = builder.startFragment(context: context, namespace: namespace)
    builder.run(html)
    nodes = builder.nodes
    fragmentRoot = root
    isQuirksMode = false
    self.scripting = scripting
    exceedsGoNestingLimit = builder.reachedOpenElementLimit
  }

  /// The `body` element (the html element's first body child), if any.
  public var body: Int? {
    guard let html = nodes[0].children.first(where: { nodes[$0].element?.isHTML("html") == true }) else { return nil }
    return nodes[html].children.first { nodes[$0].element?.isHTML("body") == true }
  }

  /// The HTML fragment serialization algorithm over the children of `node` (escaping of text and attribute values, void elements, raw-text elements, the leading newline rule for pre/textarea/listing); iterative, not recursive.
  public func serializeChildren(of node: Int) -> String {
    var serializer = HTMLSerializer(nodes: nodes, scripting: scripting)
    return serializer.children(of: node)
  }
}

public struct HTMLNode: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// The document, and also the fragment that holds a template's contents
    /// (`HTMLElement.templateContents`).
    case document
    case doctype(HTMLDoctype)
    case element(HTMLElement)
    case text(String)
    case comment(String)
  }

  public var kind: Kind
  public var parent: Int?
  public var children: [Int]

  public init(kind: Kind, parent: Int? = nil, children: [Int] = []) {
    self.kind = kind
    self.parent = parent
    self.children = children
  }

  /// The element, when the node is one.
  public var element: HTMLElement? {
    if case .element(let element) = kind { return element }
    return nil
  }
}

public struct HTMLElement: Sendable, Equatable {
  /// The local name: lower case for HTML; SVG names case-adjusted (`foreignObject`).
  public var name: String
  public var namespace: HTMLNamespace
  /// In source order, duplicates dropped; foreign attributes keep their adjusted names.
  public var attributes: [HTMLNodeAttribute]
  /// For an HTML `template`, the node (of kind `.document`) holding its contents: the template's
  /// own `children` stay empty, as in the DOM. That node's parent is the template, though it is
  /// not among the template's children.
  public var templateContents: Int?

  public init(
    name: String, namespace: HTMLNamespace = .html, attributes: [HTMLNodeAttribute] = [], templateContents: Int? = nil
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.templateContents = templateContents
  }

  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Whether this is the HTML element called `name`.
  public func isHTML(_ name: String) -> Bool { namespace == .html && self.name == name }
}

public struct HTMLNodeAttribute: Sendable, Equatable {
  /// As written, lower case; on SVG and MathML elements the case-adjusted name (`viewBox`), and
  /// for the XLink, XML and XMLNS attributes the qualified name (`xlink:href`, `xml:lang`, `xmlns`).
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
