public import Wire

/// What the written messages take from outside text (an original's headers, the command line)
/// into their header lines. A bare CR, a line feed or another control character in a value would
/// split the header for `msmtp -t` or `sendmail -t`, which then send to whatever the split-off
/// line names; so unstructured text is put on one line, and a recipient must be one address.
public enum HeaderValue {
  /// Whether `scalar` is a control character: C0 (tab, CR and LF among them), DEL, C1, and the
  /// line and paragraph separators, which some readers take for line ends.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// Whether `text` holds a control character (``isControl(_:)``) other than tab, which is white
  /// space to a header and harmless to a terminal.
  public static func hasControl(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains { isControl($0) && $0 != "\t" }
  }

  /// `text` on one line: each run of control characters becomes one space.
  public static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = String.UnicodeScalarView()
    var inRun = false
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        if !inRun { out.append(" ") }
        inRun = true
      } else {
        out.append(scalar)
        inRun = false
      }
    }
    return String(out)
  }

  /// A display name as a header carries it: on one line, without white space around it; nil
  /// when nothing is left.
  public static func displayName(_ name: String?) -> String? {
    guard let name else { return nil }
    let line = singleLine(name).trimmingWhitespace()
    return line.isEmpty ? nil : line
  }

  /// Whether `address` is one mailbox address a header can carry as written: `local@domain`, the
  /// local part a dot-atom or a quoted string without quotes, backslashes, angle brackets or
  /// control characters, the domain dot-separated labels or a `[literal]`. Letters beyond ASCII count as RFC 6532
  /// allows; white space, control characters and the specials that separate addresses do not.
  public static func isAddress(_ address: String) -> Bool {
    // A combining mark first or a prepended mark last would join the `<`, `>`, space or comma
    // written around the address into one character, and it would not read back.
    guard ("<" + address + ">").count == address.count + 2, (" " + address + ",").count == address.count + 2,
      let at = address.lastIndex(of: "@")
    else { return false }
    let local = address[..<at]
    let domain = address[address.index(after: at)...]
    return isLocalPart(local) && isDomain(domain)
  }

  /// The addresses a value given for a header names (`--to`, `--from`, `$EMAIL`), nil unless it
  /// names at least one and each is an address a header can carry (``isAddress(_:)``), on one line.
  public static func addresses(in value: String) -> [MailAddress]? {
    let addresses = AddressList.parse(value)
    guard !hasControl(value), !addresses.isEmpty, addresses.allSatisfy({ isAddress($0.address) }) else { return nil }
    return addresses
  }

  /// A Message-ID, In-Reply-To or References id (without its angle brackets) that can be
  /// written back: visible characters only, no angle brackets.
  public static func isMessageID(_ id: String) -> Bool {
    !id.isEmpty
      && id.unicodeScalars.allSatisfy { !isControl($0) && !$0.properties.isWhitespace && $0 != "<" && $0 != ">" }
  }

  /// A `type/subtype` that can be written into a part's Content-Type as it is.
  static func isMediaType(_ value: String) -> Bool {
    let halves = value.split(separator: "/", omittingEmptySubsequences: false)
    let token = { (half: Substring) in
      !half.isEmpty && half.unicodeScalars.allSatisfy { $0.isASCII && isAtomText($0) && $0 != "/" }
    }
    return halves.count == 2 && token(halves[0]) && token(halves[1])
  }

  private static func isLocalPart(_ local: Substring) -> Bool {
    if local.count >= 2, local.hasPrefix("\""), local.hasSuffix("\"") {
      let inner = local.dropFirst().dropLast()
      return inner.unicodeScalars.allSatisfy { !isControl($0) && !"\"\\<>".unicodeScalars.contains($0) }
    }
    return local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
      !atom.isEmpty && atom.unicodeScalars.allSatisfy { $0.isASCII ? isAtomText($0) : isVisible($0) }
    }
  }

  private static func isDomain(_ domain: Substring) -> Bool {
    if domain.hasPrefix("["), domain.hasSuffix("]"), domain.count >= 3 {
      return domain.dropFirst().dropLast().unicodeScalars.allSatisfy {
        $0.value > 0x20 && $0.value < 0x7F && $0 != "[" && $0 != "]" && $0 != "\\"
      }
    }
    return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      !label.isEmpty
        && label.unicodeScalars.allSatisfy {
          $0.isASCII ? ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") : isVisible($0)
        }
    }
  }

  /// RFC 5322's atext: ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
  private static func isAtomText(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
  }

  /// A character beyond ASCII that shows as itself: not a control, format or separator.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned,
      .privateUse:
      false
    default: true
    }
  }
}
