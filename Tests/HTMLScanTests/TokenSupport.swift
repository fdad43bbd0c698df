import Testing

@testable import HTMLScan

/// A token in the compact form the tables are written in, html5lib-tests style. Attributes are
/// name, value pairs in source order; ranges and namespaces are checked by their own tests.
enum T: Equatable, Sendable, CustomStringConvertible {
  case s(String, [String] = [], selfClosing: Bool = false)
  case e(String)
  case t(String)
  case c(String)
  case d(String)

  init(_ token: HTMLToken) {
    switch token {
    case .startTag(let tag):
      self = .s(tag.name, tag.attributes.flatMap { [$0.name, $0.value] }, selfClosing: tag.selfClosing)
    case .endTag(let name, _): self = .e(name)
    case .text(let text): self = .t(text)
    case .comment(let text): self = .c(text)
    case .doctype(let doctype): self = .d(doctype.name)
    }
  }

  var description: String {
    switch self {
    case .s(let name, let attributes, let selfClosing):
      "s(\(name.debugDescription), \(attributes)\(selfClosing ? ", selfClosing" : ""))"
    case .e(let name): "e(\(name.debugDescription))"
    case .t(let text): "t(\(text.debugDescription))"
    case .c(let text): "c(\(text.debugDescription))"
    case .d(let name): "d(\(name.debugDescription))"
    }
  }
}

/// One table row: the input and the tokens a browser's tokenizer makes of it.
struct Case: CustomTestStringConvertible, Sendable {
  var input: String
  var expected: [T]
  init(_ input: String, _ expected: [T]) {
    self.input = input
    self.expected = expected
  }
  var testDescription: String { input.debugDescription }
}

func allTokens(_ html: String, text: Bool = true) -> [HTMLToken] {
  var tokenizer = HTMLTokenizer(html, text: text)
  var tokens: [HTMLToken] = []
  while let token = tokenizer.next() { tokens.append(token) }
  return tokens
}

func tokens(_ html: String) -> [T] { allTokens(html).map(T.init) }

/// The start tags of `html` with their namespaces, as `name:namespace`.
func startTags(_ html: String) -> [String] {
  allTokens(html, text: false).compactMap { token in
    guard case .startTag(let tag) = token else { return nil }
    return "\(tag.name):\(tag.namespace)"
  }
}

/// SplitMix64, so that a failure of a randomised test can be reproduced from its seed.
struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
