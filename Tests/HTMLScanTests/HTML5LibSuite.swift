import Foundation
import Testing

@testable import HTMLScan

/// The html5lib-tests tokenizer suite (MIT; https://github.com/html5lib/html5lib-tests), read
/// where it lies at test time, never copied into the repository; its format is described in its
/// `tokenizer/README.md`.
enum HTML5LibSuite {
  /// The files the suite holds, each a test argument; `everyFileIsRun` notices a new one.
  static let files = [
    "contentModelFlags.test", "domjs.test", "entities.test", "escapeFlag.test", "namedEntities.test",
    "numericEntities.test", "pendingSpecChanges.test", "test1.test", "test2.test", "test3.test", "test4.test",
    "unicodeChars.test", "unicodeCharsProblematic.test", "xmlViolation.test",
  ]

  /// The `tokenizer` folder: `$HTML5LIB_TESTS` (the html5lib-tests folder or its `tokenizer`
  /// folder; `tree-construction` is found beside it), else `shared/html5lib-tests/tokenizer`
  /// beside this file's package folder or any folder above it, as in the team's layout (/work/shared beside /work/<worktree>). Nil when
  /// neither is there; when the variable is set, it is used even if wrong, so that a run that
  /// was pointed at the suite fails rather than skips.
  static let folder: URL? = {
    if let path = ProcessInfo.processInfo.environment["HTML5LIB_TESTS"], !path.isEmpty {
      let given = URL(fileURLWithPath: path)
      let nested = given.appendingPathComponent("tokenizer")
      return isDirectory(nested) ? nested : given
    }
    // Resolved, so that a package whose sources are symbolic links finds the suite beside the real ones.
    var folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
      folder = folder.deletingLastPathComponent()
      let candidate = folder.appendingPathComponent("shared/html5lib-tests/tokenizer")
      if isDirectory(candidate) { return candidate }
    }
    return nil
  }()

  /// The `tree-construction` folder beside `tokenizer`: its inputs exercise misnested markup.
  /// Like `folder`, used even when missing if `$HTML5LIB_TESTS` is set, so that a run pointed at
  /// the suite fails rather than skips its tree-construction half.
  static var treeConstructionFolder: URL? {
    guard let tree = folder?.deletingLastPathComponent().appendingPathComponent("tree-construction") else {
      return nil
    }
    let pointed = ProcessInfo.processInfo.environment["HTML5LIB_TESTS"].map { !$0.isEmpty } ?? false
    return pointed || isDirectory(tree) ? tree : nil
  }

  /// The `#data` of every test in the `.dat` files of `tree-construction` (their format is in that
  /// folder's README): the lines between `#data` and the next section.
  static func treeConstructionInputs() throws -> [String] {
    guard let tree = treeConstructionFolder else { return [] }
    var inputs: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: tree.path).sorted() where file.hasSuffix(".dat") {
      let text = try String(contentsOf: tree.appendingPathComponent(file), encoding: .utf8)
      var data: [Substring]?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == "#data" {
          data = []
        } else if line.hasPrefix("#"), let lines = data {
          inputs.append(lines.joined(separator: "\n"))
          data = nil
        } else {
          data?.append(line)
        }
      }
    }
    return inputs
  }

  static let skipReason: Comment = """
    html5lib-tests not found: set HTML5LIB_TESTS to its folder, or put it at shared/html5lib-tests beside a \
    folder above the package
    """

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The cases of one file; xmlViolation.test keeps them under another key.
  static func cases(in file: String) throws -> [HTML5LibCase] {
    guard let folder else { return [] }
    let data = try Data(contentsOf: folder.appendingPathComponent(file))
    let decoded = try JSONDecoder().decode(HTML5LibFile.self, from: data)
    return decoded.tests ?? decoded.xmlViolationTests ?? []
  }
}

struct HTML5LibFile: Decodable {
  var tests: [HTML5LibCase]?
  var xmlViolationTests: [HTML5LibCase]?
}

/// One test: an input, the states to start in, and the tokens expected (parse errors are not
/// compared, so they are not read).
struct HTML5LibCase: Decodable {
  var description: String
  var input: String
  var output: [[JSONValue]]
  var initialStates: [String]?
  var lastStartTag: String?
  var doubleEscaped: Bool?

  /// The input as the tokenizer is to see it: with `doubleEscaped`, `\uHHHH` unescaped; nil when
  /// that leaves a lone surrogate, which no String holds.
  var unescapedInput: String? { doubleEscaped == true ? Self.unescape(input) : input }

  /// The expected tokens, adjacent characters coalesced; nil for a token the README does not
  /// describe or a string that does not unescape.
  var expectedTokens: [SuiteToken]? {
    var tokens: [SuiteToken] = []
    for token in output {
      guard let parsed = SuiteToken(token, unescape: doubleEscaped == true ? Self.unescape : { $0 }) else {
        return nil
      }
      tokens.append(parsed)
    }
    return SuiteToken.coalesced(tokens)
  }

  /// `\uHHHH` as the UTF-16 code unit it names, the rest as it is; surrogate pairs written as
  /// two escapes join. Nil when a surrogate is left alone.
  static func unescape(_ string: String) -> String? {
    let units = Array(string.utf16)
    var out: [UTF16.CodeUnit] = []
    out.reserveCapacity(units.count)
    var i = 0
    while i < units.count {
      if units[i] == 0x5C, i + 5 < units.count, units[i + 1] == 0x75, let value = hex(units[i + 2..<i + 6]) {
        out.append(value)
        i += 6
      } else {
        out.append(units[i])
        i += 1
      }
    }
    return String(validating: out, as: UTF16.self)
  }

  private static func hex(_ digits: ArraySlice<UTF16.CodeUnit>) -> UTF16.CodeUnit? {
    var value: UTF16.CodeUnit = 0
    for digit in digits {
      guard let nibble = Int(String(UnicodeScalar(UInt8(truncatingIfNeeded: digit))), radix: 16), digit < 0x80 else {
        return nil
      }
      value = value << 4 | UTF16.CodeUnit(nibble)
    }
    return value
  }
}

/// The JSON values a token array holds: strings, null, booleans and attribute objects.
enum JSONValue: Decodable, Equatable {
  case string(String)
  case bool(Bool)
  case null
  case object([String: String])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else {
      self = .object(try container.decode([String: String].self))
    }
  }
}

/// A token in the suite's terms, which `HTMLToken`s are converted to for comparison.
enum SuiteToken: Equatable, CustomStringConvertible {
  case doctype(name: String?, publicID: String?, systemID: String?, correct: Bool)
  /// Attributes sorted by name, so that source order does not matter but duplicates would.
  case startTag(String, [Attribute], selfClosing: Bool)
  case endTag(String)
  case comment(String)
  case character(String)

  struct Attribute: Equatable, CustomStringConvertible {
    var name: String
    var value: String
    var description: String { "\(name.debugDescription)=\(value.debugDescription)" }
  }

  /// From the README's token forms.
  init?(_ json: [JSONValue], unescape: (String) -> String?) {
    func string(_ index: Int) -> String?? {
      guard index < json.count else { return .none }
      switch json[index] {
      case .string(let value): return unescape(value).map { .some($0) }
      case .null: return .some(nil)
      default: return .none
      }
    }
    guard case .string(let kind) = json.first else { return nil }
    switch kind {
    case "DOCTYPE":
      guard json.count == 5, let name = string(1), let publicID = string(2), let systemID = string(3),
        case .bool(let correct) = json[4]
      else { return nil }
      self = .doctype(name: name, publicID: publicID, systemID: systemID, correct: correct)
    case "StartTag":
      guard json.count == 3 || json.count == 4, let name = string(1) ?? nil, case .object(let attributes) = json[2]
      else { return nil }
      var list: [Attribute] = []
      for (key, value) in attributes {
        guard let key = unescape(key), let value = unescape(value) else { return nil }
        list.append(Attribute(name: key, value: value))
      }
      let selfClosing = json.count == 4 ? json[3] == .bool(true) : false
      self = .startTag(name, Self.sorted(list), selfClosing: selfClosing)
    case "EndTag":
      guard json.count == 2, let name = string(1) ?? nil else { return nil }
      self = .endTag(name)
    case "Comment":
      guard json.count == 2, let data = string(1) ?? nil else { return nil }
      self = .comment(data)
    case "Character":
      guard json.count == 2, let data = string(1) ?? nil else { return nil }
      self = .character(data)
    default:
      return nil
    }
  }

  init(_ token: HTMLToken) {
    switch token {
    case .startTag(let tag):
      self = .startTag(
        tag.name, Self.sorted(tag.attributes.map { Attribute(name: $0.name, value: $0.value) }),
        selfClosing: tag.selfClosing)
    case .endTag(let name, _): self = .endTag(name)
    case .text(let text): self = .character(text)
    case .comment(let text): self = .comment(text)
    case .doctype(let doctype):
      // A doctype name is never empty when present: the name state starts with a character.
      self = .doctype(
        name: doctype.name.isEmpty ? nil : doctype.name, publicID: doctype.publicID, systemID: doctype.systemID,
        correct: !doctype.forceQuirks)
    }
  }

  /// By name, keeping the order of equal names (stable), so that duplicates stay visible.
  private static func sorted(_ attributes: [Attribute]) -> [Attribute] {
    attributes.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
  }

  /// Adjacent character tokens as one, as the suite writes them.
  static func coalesced(_ tokens: [SuiteToken]) -> [SuiteToken] {
    var out: [SuiteToken] = []
    for token in tokens {
      if case .character(let more) = token, case .character(let text)? = out.last {
        out[out.count - 1] = .character(text + more)
      } else {
        out.append(token)
      }
    }
    return out
  }

  var description: String {
    switch self {
    case .doctype(let name, let publicID, let systemID, let correct):
      "DOCTYPE(\([name, publicID, systemID].map { $0?.debugDescription ?? "null" }.joined(separator: ", ")), \(correct))"
    case .startTag(let name, let attributes, let selfClosing):
      "StartTag(\(name.debugDescription), \(attributes)\(selfClosing ? ", selfClosing" : ""))"
    case .endTag(let name): "EndTag(\(name.debugDescription))"
    case .comment(let data): "Comment(\(data.debugDescription))"
    case .character(let data): "Character(\(data.debugDescription))"
    }
  }
}
