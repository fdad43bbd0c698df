public import Wire

/// RFC 5322 address lists (§3.4) as mail readers take them: `Name <a@b>`, `"Doe, J." <a@b>`,
/// bare `a@b`, the obsolete `a@b (Name)`, groups (`team: a@b, c@d;`, members flattened), routes
/// (`<@relay:a@b>`), comments anywhere. Display names have their encoded words decoded, also
/// inside quoted strings, which many mailers write.
public enum AddressList {
  public static func parse(_ header: String) -> [MailAddress] {
    var addresses: [MailAddress] = []
    var current: [Token] = []
    // Whether `current` holds an angle address; searching it at every ":" was quadratic.
    var currentHasAngle = false
    for token in tokenize(header) {
      switch token {
      case .special(","), .special(";"):
        if let address = mailbox(current) { addresses.append(address) }
        current = []
        currentHasAngle = false
      case .special(":") where !currentHasAngle:
        current = []  // a group's name
      default:
        current.append(token)
        if token.isAngle { currentHasAngle = true }
      }
    }
    if let address = mailbox(current) { addresses.append(address) }
    return addresses
  }

  enum Token: Equatable {
    case atom(String)
    case quoted(String)
    case comment(String)
    case angle(String)
    case special(Character)

    var isAngle: Bool { if case .angle = self { true } else { false } }
  }

  private static func mailbox(_ tokens: [Token]) -> MailAddress? {
    if let angleIndex = tokens.firstIndex(where: \.isAngle), case .angle(var address) = tokens[angleIndex] {
      // An obsolete route (`@relay1,@relay2:user@host`) goes.
      let scalars = address.unicodeScalars
      if scalars.first == "@", let colon = scalars.lastIndex(of: ":") {
        address = String(scalars[scalars.index(after: colon)...])
      }
      address = address.trimmingWhitespace()
      guard !address.isEmpty else { return nil }
      let name = phrase(tokens[..<angleIndex])
      return MailAddress(name: name.isEmpty ? nil : name, address: address)
    }
    var address = ""
    var comment: String?
    for token in tokens {
      switch token {
      case .atom(let text): address += text
      case .quoted(let text): address += "\"\(text)\""
      case .special(let character): address.append(character)
      case .comment(let text): comment = text
      case .angle: break
      }
    }
    guard !address.isEmpty else { return nil }
    let name = comment.map { EncodedWords.decode($0).trimmingWhitespace() }
    return MailAddress(name: name?.isEmpty == false ? name : nil, address: address)
  }

  /// A display name: words joined by single spaces; runs of unquoted words are decoded together,
  /// so the space between two encoded words disappears as RFC 2047 wants.
  private static func phrase(_ tokens: ArraySlice<Token>) -> String {
    var pieces: [String] = []
    var run: [String] = []
    func endRun() {
      if !run.isEmpty { pieces.append(EncodedWords.decode(run.joined(separator: " "))) }
      run = []
    }
    for token in tokens {
      switch token {
      case .atom(let text): run.append(text)
      case .special(let character): run.append(String(character))
      case .quoted(let text):
        endRun()
        pieces.append(EncodedWords.decode(text))
      case .comment, .angle: break
      }
    }
    endRun()
    return pieces.joined(separator: " ").trimmingWhitespace()
  }

  /// Delimiters are looked for among Unicode scalars, as mail readers and servers read them: a
  /// combining mark after `"` or a Prepend character before `<` joins it into one `Character`,
  /// and must not hide it (nor may `"\r\n"` being one `Character`).
  static func tokenize(_ header: String) -> [Token] {
    var tokens: [Token] = []
    let scalars = Array(header.unicodeScalars)
    var index = 0
    func delimited(until close: Unicode.Scalar, nests open: Unicode.Scalar? = nil) -> String {
      var text = String.UnicodeScalarView()
      var depth = 0
      index += 1
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == "\\" && index < scalars.count {
          text.append(scalars[index])
          index += 1
        } else if scalar == close && depth == 0 {
          return String(text)
        } else {
          if let open, scalar == open { depth += 1 }
          if scalar == close { depth -= 1 }
          text.append(scalar)
        }
      }
      return String(text)
    }
    // The property look-up for every scalar was most of the tokenizer's time: ASCII needs none.
    func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
      guard scalar.isASCII else { return scalar.properties.isWhitespace }
      return scalar == " " || (0x09...0x0D).contains(scalar.value)
    }
    func isAtomScalar(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "\"", "(", ")", ",", ";", ":", "<", ">", "@", "[": false
      default: !isWhitespace(scalar)
      }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case _ where isWhitespace(scalar): index += 1
      case "\"": tokens.append(.quoted(delimited(until: "\"")))
      case "(": tokens.append(.comment(delimited(until: ")", nests: "(")))
      case "<": tokens.append(.angle(delimited(until: ">")))
      case ",", ";", ":", "@", ">", ")":
        tokens.append(.special(Character(scalar)))
        index += 1
      case "[":
        tokens.append(.atom("[" + delimited(until: "]") + "]"))
      default:
        var atom = String.UnicodeScalarView()
        while index < scalars.count, isAtomScalar(scalars[index]) {
          atom.append(scalars[index])
          index += 1
        }
        if atom.isEmpty {
          index += 1  // a scalar no case takes (a lone "]"): skip it rather than stall
        } else {
          tokens.append(.atom(String(atom)))
        }
      }
    }
    return tokens
  }
}
