import Localization
import Wire

/// U+0000 in a note's text, which the store refuses instead of losing what follows it: GRDB binds
/// and reads every String as a C string, so "before\0after" would be kept as "before" without a
/// word. A note is text the user typed or piped; a NUL in it means binary input (a file piped by
/// mistake), which the user can see and fix, so it is refused (status 65) rather than kept.
enum NulCharacter {
  /// The 1-based line of `text` holding its first U+0000, or nil when it has none.
  static func line(in text: String) -> Int? {
    var line = 1
    for byte in text.utf8 {
      if byte == 0 { return line }
      if byte == UInt8(ascii: "\n") { line += 1 }
    }
    return nil
  }

  /// Where a U+0000 was found.
  enum Place {
    case content(line: Int)
    case title, category, tag
    case version(Int)
    case standardInput(line: Int)
    case file(String, line: Int)
  }

  /// The one wording of the refusal, one whole message for each place.
  static func message(at place: Place) -> String {
    switch place {
    case .content(let line):
      tr("the content's line \(line): a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .title: tr("the title: a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .category: tr("the category: a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .tag: tr("a tag: a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .version(let version):
      tr("version \(version): a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .standardInput(let line):
      tr("standard input, line \(line): a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    case .file(let path, let line):
      tr("\(path), line \(line): a NUL character (U+0000); a note holds text only (tr -d '\\000' removes it)")
    }
  }

  /// The refusal for the first field of an entry holding U+0000, or nil.
  static func problem(title: String, content: String, category: String?, tags: [String]) -> String? {
    if let line = line(in: content) { return message(at: .content(line: line)) }
    let fields: [(Place, String)] = [(.title, title), (.category, category ?? "")] + tags.map { (.tag, $0) }
    if let (place, _) = fields.first(where: { line(in: $0.1) != nil }) { return message(at: place) }
    return nil
  }
}

extension NoteLog {
  /// Throws `invalid` (status 65) when the text of `entry` holds U+0000.
  static func checkText(_ entry: LogEntry) throws {
    if let problem = NulCharacter.problem(
      title: entry.title, content: entry.content, category: entry.category, tags: entry.tags)
    {
      throw LogError.invalid(problem)
    }
    for version in entry.versions ?? [] where NulCharacter.line(in: version.content) != nil {
      throw LogError.invalid(NulCharacter.message(at: .version(version.version)))
    }
  }

  /// The line of standard input (`path` nil) or a file holding U+0000, for a command that read it:
  /// the message names the input and the line, before anything is written.
  public static func checkRead(_ text: String, from path: String? = nil) throws {
    if let line = NulCharacter.line(in: text) {
      throw LogError.invalid(NulCharacter.message(at: path.map { .file($0, line: line) } ?? .standardInput(line: line)))
    }
  }
}

extension NoteLog.Draft {
  /// Why the store would refuse this draft's text (a U+0000 in it), or nil: a filed record is
  /// rejected by its line before it joins a batch.
  public var textProblem: String? {
    NulCharacter.problem(title: title, content: content, category: category, tags: tags)
  }
}
