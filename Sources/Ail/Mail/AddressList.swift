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
      if address.hasPrefix("@"), let colon = address.lastIndex(of: ":") {
        address = String(address[address.index(after: colon)...])
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

  static func tokenize(_ header: String) -> [Token] {
    var tokens: [Token] = []
    let characters = Array(header)
    var index = 0
    func delimited(until close: Character, nests open: Character? = nil) -> String {
      var text = ""
      var depth = 0
      index += 1
      while index < characters.count {
        let character = characters[index]
        index += 1
        if character == "\\" && index < characters.count {
          text.append(characters[index])
          index += 1
        } else if character == close && depth == 0 {
          return text
        } else {
          if let open, character == open { depth += 1 }
          if character == close { depth -= 1 }
          text.append(character)
        }
      }
      return text
    }
    // Whitespace by property: "\r\n" is one Character, equal to neither "\r" nor "\n". A character
    // that starts with an ASCII scalar is whitespace when that scalar is (as `isWhitespace` has it),
    // which its byte tells: the property look-up for every character was most of the tokenizer's time.
    func isWhitespace(_ character: Character) -> Bool {
      guard let byte = character.utf8.first, byte < 0x80 else { return character.isWhitespace }
      return byte == 0x20 || (0x09...0x0D).contains(byte)
    }
    func isAtomCharacter(_ character: Character) -> Bool {
      switch character {
      case "\"", "(", ")", ",", ";", ":", "<", ">", "@", "[": false
      default: !isWhitespace(character)
      }
    }
    while index < characters.count {
      let character = characters[index]
      switch character {
      case _ where isWhitespace(character): index += 1
      case "\"": tokens.append(.quoted(delimited(until: "\"")))
      case "(": tokens.append(.comment(delimited(until: ")", nests: "(")))
      case "<": tokens.append(.angle(delimited(until: ">")))
      case ",", ";", ":", "@", ">", ")":
        tokens.append(.special(character))
        index += 1
      case "[":
        tokens.append(.atom("[" + delimited(until: "]") + "]"))
      default:
        var atom = ""
        while index < characters.count, isAtomCharacter(characters[index]) {
          atom.append(characters[index])
          index += 1
        }
        if atom.isEmpty {
          index += 1  // a character no case takes (a lone "]"): skip it rather than stall
        } else {
          tokens.append(.atom(atom))
        }
      }
    }
    return tokens
  }
}
