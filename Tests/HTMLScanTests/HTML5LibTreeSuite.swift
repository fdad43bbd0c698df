import Foundation

@testable import HTMLScan

/// The html5lib-tests tree-construction suite (MIT; https://github.com/html5lib/html5lib-tests),
/// read where it lies at test time, never copied into the repository; its format is described
/// in its `tree-construction/README.md`.
enum HTML5LibTreeSuite {
  /// The `.dat` files of the folder (not of its `scripted` subfolder, whose cases need a script
  /// engine), each a test argument; `everyFileIsRun` notices a new one.
  static let files = [
    "adoption01.dat", "adoption02.dat", "blocks.dat", "comments01.dat", "doctype01.dat", "domjs-unsafe.dat",
    "entities01.dat", "entities02.dat", "foreign-fragment.dat", "html5test-com.dat", "inbody01.dat", "isindex.dat",
    "main-element.dat", "math.dat", "menuitem-element.dat", "namespace-sensitivity.dat", "noscript01.dat",
    "pending-spec-changes-plain-text-unsafe.dat", "pending-spec-changes.dat", "plain-text-unsafe.dat",
    "quirks01.dat", "ruby.dat", "scriptdata01.dat", "search-element.dat", "svg.dat", "tables01.dat", "template.dat",
    "tests1.dat", "tests10.dat", "tests11.dat", "tests12.dat", "tests14.dat", "tests15.dat", "tests16.dat",
    "tests17.dat", "tests18.dat", "tests19.dat", "tests2.dat", "tests20.dat", "tests21.dat", "tests22.dat",
    "tests23.dat", "tests24.dat", "tests25.dat", "tests26.dat", "tests3.dat", "tests4.dat", "tests5.dat",
    "tests6.dat", "tests7.dat", "tests8.dat", "tests9.dat", "tests_innerHTML_1.dat", "tricky01.dat",
    "void-in-phrasing.dat", "webkit01.dat", "webkit02.dat",
  ]

  /// One case: the input, the fragment context if any, the scripting flag it asks for (nil:
  /// either), and the expected dump without its `| ` prefixes' trailing newline.
  struct Case {
    var data: String
    var fragmentContext: String?
    var scripting: Bool?
    var expected: String
  }

  static func cases(in file: String) throws -> [Case] {
    guard let folder = HTML5LibSuite.treeConstructionFolder else { return [] }
    let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    var cases: [Case] = []
    var index = 0
    while index < lines.count {
      guard lines[index] == "#data" else {
        index += 1
        continue
      }
      index += 1
      var data: [Substring] = []
      while index < lines.count && lines[index] != "#errors" {
        data.append(lines[index])
        index += 1
      }
      var current = Case(data: data.joined(separator: "\n"), fragmentContext: nil, scripting: nil, expected: "")
      while index < lines.count && lines[index] != "#document" {
        switch lines[index] {
        case "#document-fragment":
          index += 1
          current.fragmentContext = index < lines.count ? String(lines[index]) : nil
        case "#script-on": current.scripting = true
        case "#script-off": current.scripting = false
        default: break
        }
        index += 1
      }
      index += 1
      var document: [Substring] = []
      while index < lines.count && lines[index] != "#data" {
        document.append(lines[index])
        index += 1
      }
      // The blank line that separates cases, and the file's final newline.
      while let last = document.last, last.isEmpty { document.removeLast() }
      current.expected = document.joined(separator: "\n")
      cases.append(current)
    }
    return cases
  }

  /// Parses a case as it asks (a document, or a fragment in its context) and dumps the tree.
  static func dump(of test: Case, scripting: Bool) -> String {
    if let context = test.fragmentContext {
      let (name, namespace): (String, HTMLNamespace) =
        if context.hasPrefix("svg ") {
          (String(context.dropFirst(4)), .svg)
        } else if context.hasPrefix("math ") {
          (String(context.dropFirst(5)), .mathml)
        } else {
          (context, .html)
        }
      let document = HTMLDocument(fragment: test.data, context: name, namespace: namespace, scripting: scripting)
      return dump(document, childrenOf: document.fragmentRoot ?? 0)
    }
    let document = HTMLDocument(parsing: test.data, scripting: scripting)
    return dump(document, childrenOf: 0)
  }

  /// The suite's dump of the children of `root`, one line per node, attribute and template
  /// contents; iterative, as trees can be deep.
  static func dump(_ document: HTMLDocument, childrenOf root: Int) -> String {
    var lines: [String] = []
    let nodes = document.nodes
    var stack: [(node: Int, depth: Int)] = nodes[root].children.reversed().map { ($0, 0) }
    while let (node, depth) = stack.popLast() {
      let indent = String(repeating: "  ", count: depth)
      switch nodes[node].kind {
      case .document: lines.append("| \(indent)#document")
      case .doctype(let doctype):
        if !(doctype.publicID ?? "").isEmpty || !(doctype.systemID ?? "").isEmpty {
          lines.append(
            "| \(indent)<!DOCTYPE \(doctype.name) \"\(doctype.publicID ?? "")\" \"\(doctype.systemID ?? "")\">")
        } else {
          lines.append("| \(indent)<!DOCTYPE \(doctype.name)>")
        }
      case .text(let text): lines.append("| \(indent)\"\(text)\"")
      case .comment(let data): lines.append("| \(indent)<!-- \(data) -->")
      case .element(let element):
        let prefix =
          switch element.namespace {
          case .html: ""
          case .svg: "svg "
          case .mathml: "math "
          }
        lines.append("| \(indent)<\(prefix)\(element.name)>")
        let attributes = element.attributes.map { attribute in
          (name: attributeName(attribute.name, foreign: element.namespace != .html), value: attribute.value)
        }
        for attribute in attributes.sorted(by: { Array($0.name.utf16).lexicographicallyPrecedes($1.name.utf16) }) {
          lines.append("| \(indent)  \(attribute.name)=\"\(attribute.value)\"")
        }
        if let contents = element.templateContents {
          lines.append("| \(indent)  content")
          stack.append(contentsOf: nodes[contents].children.reversed().map { ($0, depth + 2) })
        }
        stack.append(contentsOf: nodes[node].children.reversed().map { ($0, depth + 1) })
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The suite's attribute name string: namespaced attributes of foreign elements as
  /// `prefix local`.
  private static func attributeName(_ name: String, foreign: Bool) -> String {
    guard foreign, TreeBuilder.namespacedAttributes.contains(name) else { return name }
    if name == "xmlns" { return "xmlns xmlns" }
    return name.replacingOccurrences(of: ":", with: " ")
  }
}
