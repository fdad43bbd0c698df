/// Splits an mbox stream into messages, line by line, holding one message at a time.
///
/// A message starts at a `From ` line at the start of the file or after an empty line (so a
/// stray unescaped `From ` inside a paragraph does not split a message). The empty line before a
/// separator belongs to the separator. `>From `, `>>From `, … lose one `>` (mboxrd quoting,
/// which also reads mboxo files right in all but a rare case). Lines come without their line
/// break; messages come out with `\n` line breaks.
public struct MboxSplitter {
  private var message: [UInt8] = []
  private var started = false
  private var previousBlank = true
  private var heldBlank = false
  /// Whether text came before the first `From ` line (the input may not be an mbox).
  public private(set) var sawTextBeforeFirstSeparator = false

  public init() {}

  /// Feeds one line; returns the message it completed, if it is a separator after one.
  public mutating func feed(_ line: UnsafeRawBufferPointer) -> [UInt8]? {
    let isSeparator = line.starts(with: "From ".utf8) && previousBlank
    defer { previousBlank = line.isEmpty }
    if isSeparator {
      let completed = started ? message : nil
      message.removeAll(keepingCapacity: true)
      heldBlank = false
      started = true
      return completed
    }
    if !started {
      if line.isEmpty { return nil }
      sawTextBeforeFirstSeparator = true
      started = true
    }
    if heldBlank {
      message.append(UInt8(ascii: "\n"))
      heldBlank = false
    }
    if line.isEmpty {
      heldBlank = true
      return nil
    }
    var body = line[...]
    if body.first == UInt8(ascii: ">"), body.drop(while: { $0 == UInt8(ascii: ">") }).starts(with: "From ".utf8) {
      body = body.dropFirst()
    }
    message.append(contentsOf: body)
    message.append(UInt8(ascii: "\n"))
    return nil
  }

  /// The last message, once the input has ended.
  public mutating func finish() -> [UInt8]? {
    guard started else { return nil }
    started = false
    return message
  }
}

/// The messages of a Maildir (`cur/` and `new/`, not `tmp/`), in file name order, which is
/// delivery order for the names Maildir writers choose.
public enum Maildir {
  /// - Parameter listing: the names in a folder, nil when it does not exist.
  /// - Returns: nil when the folder has neither `cur/` nor `new/`.
  public static func messagePaths(in directory: String, listing: (String) -> [String]?) -> [String]? {
    var paths: [String] = []
    var isMaildir = false
    for folder in ["cur", "new"] {
      let base = directory.hasSuffix("/") ? directory + folder : directory + "/" + folder
      guard let names = listing(base) else { continue }
      isMaildir = true
      paths += names.filter { !isHidden(Substring($0)) }.sorted().map { base + "/" + $0 }
    }
    return isMaildir ? paths : nil
  }

  /// The flags in a file name's `:2,FLAGS` info (`S` seen, `R` replied, `F` flagged, `T` trashed, `D` draft).
  public static func flags(of path: String) -> String? {
    let name = path.unicodeScalars.split(separator: "/").last.map(Substring.init) ?? ""
    return MaildirName(name).flagLetters.map(String.init)
  }

  /// A name the kernel's listing hides: its first byte is a dot, whatever mark follows it.
  static func isHidden(_ name: Substring) -> Bool { name.utf8.first == UInt8(ascii: ".") }
}
