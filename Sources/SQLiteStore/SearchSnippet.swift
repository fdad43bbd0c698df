import Foundation
public import GRDB
import GRDBSQLite

/// The snippet of a full-text hit in time that does not grow with the size of its row.
///
/// FTS5's `snippet()` scores a window around every occurrence of the query's terms against every
/// other one: its time grows with the square of a term's occurrences in the row (7 s for "lorem"
/// in an article of 1.2 MB, more than 10 minutes in one of 50 MB). Rows of up to `bound` bytes
/// (every ordinary article or note; at most ~20 ms each) keep FTS5's own snippet; a longer row's
/// snippet is cut here from a bounded window around the first occurrence of a term, in the same
/// form: at most 12 words, terms in `[…]`, `…` where the text goes on. The row's size and its
/// windows are read through SQLite's incremental BLOB I/O: any SQL function of the column
/// (`length`, `substr`) reads all of it first, 0.24 s for 50 MB.
public struct SearchSnippet: Sendable {
  /// The FTS5 table, and the column of its content table (`c4` for the fifth column) that holds
  /// the long text (the article's text, the note's content).
  public let table: String
  public let contentColumn: String

  /// The longest row whose snippet FTS5 makes, in bytes of the long column: an article of 100 kB
  /// of HTML keeps FTS5's snippet; a row of 128 kB of lorem ipsum took it 50 ms.
  public static let bound = 131_072
  /// Words in a snippet, as `snippet(…, 12)`.
  static let words = 12

  public init(table: String, contentColumn: String) {
    self.table = table
    self.contentColumn = contentColumn
  }

  /// The snippet of the hit `rowid` of `query` (the query it was found by, unchanged).
  public func snippet(_ db: Database, rowid: Int64, query: String) throws -> String {
    func fts5() throws -> String {
      try String.fetchOne(
        db,
        sql:
          "SELECT snippet(\(table), -1, '[', ']', '…', \(Self.words)) FROM \(table) WHERE \(table) MATCH ? AND rowid = ?",
        arguments: [query, rowid]) ?? ""
    }
    guard let text = LongText(db, table: table + "_content", column: contentColumn, rowid: rowid) else {
      return try fts5()
    }
    defer { text.close() }
    return text.size > Self.bound ? try longRow(db, text, rowid: rowid, query: query) : try fts5()
  }

  /// A long row's snippet: around the first term in its first `bound` bytes, else around the first
  /// place SQLite's `instr` finds one (a scan of the whole row, in C), else its first words (the
  /// match was in another column, or in a spelling folded differently).
  func longRow(_ db: Database, _ text: LongText, rowid: Int64, query: String) throws -> String {
    let terms = Self.terms(query)
    // The first words first: a term is mostly near the start, and cutting 128 kB into words for
    // nothing costs more than a second short read.
    var head = ""
    for length in [2_000, Self.bound] {
      head = text.read(from: 0, count: length)
      if let snippet = Self.snippet(head, terms: terms, atStart: true, atEnd: false) { return snippet }
    }
    let column = "\(table)_content.\(contentColumn)"
    for term in terms.prefix(4) where !term.text.isEmpty {
      guard
        let position = try Int.fetchOne(
          db, sql: "SELECT instr(CAST(lower(\(column)) AS BLOB), CAST(? AS BLOB)) FROM \(table)_content WHERE id = ?",
          arguments: [term.text, rowid]),
        position > 0
      else { continue }
      let start = max(0, position - 1 - 1_000)
      let window = text.read(from: start, count: 2_500)
      let complete = start + 2_500 >= text.size
      if let snippet = Self.snippet(window, terms: terms, atStart: start == 0, atEnd: complete) { return snippet }
    }
    return Self.opening(head)
  }

  /// A column value read in pieces, without loading it whole.
  struct LongText {
    let size: Int
    private let blob: OpaquePointer

    /// Nil when the row has no such value (NULL, or not text).
    init?(_ db: Database, table: String, column: String, rowid: Int64) {
      var handle: OpaquePointer?
      guard sqlite3_blob_open(db.sqliteConnection, "main", table, column, rowid, 0, &handle) == SQLITE_OK, let handle
      else {
        sqlite3_blob_close(handle)
        return nil
      }
      blob = handle
      size = Int(sqlite3_blob_bytes(handle))
    }

    /// Up to `count` bytes from `offset`, as text; a character cut at either end reads as U+FFFD.
    func read(from offset: Int, count: Int) -> String {
      let length = max(0, min(count, size - offset))
      guard length > 0 else { return "" }
      var bytes = [UInt8](repeating: 0, count: length)
      guard sqlite3_blob_read(blob, &bytes, Int32(length), Int32(offset)) == SQLITE_OK else { return "" }
      return String(decoding: bytes, as: UTF8.self)
    }

    func close() { sqlite3_blob_close(blob) }
  }

  /// A word of the query: its folded text and whether it is a prefix (`swi*`).
  struct Term: Equatable {
    let text: String
    let prefix: Bool
  }

  /// The words of an FTS5 query a snippet marks: bare and quoted words, folded; the operators
  /// (AND, OR, NOT, NEAR) and column names (`title:`) left out.
  static func terms(_ query: String) -> [Term] {
    var terms: [Term] = []
    for (range, text) in tokens(query) {
      let rest = query[range.upperBound...]
      if rest.hasPrefix(":") || ["AND", "OR", "NOT", "NEAR"].contains(text) { continue }
      // `swi*`, and `"swi"*` as ail-log quotes a plain word.
      terms.append(Term(text: fold(text), prefix: rest.hasPrefix("*") || rest.hasPrefix("\"*")))
    }
    return terms
  }

  /// `text` as the index compares it: case and diacritics folded (`unicode61 remove_diacritics 2`).
  static func fold(_ text: String) -> String {
    // Most words are ASCII: lower-cased without Foundation, which costs a microsecond a word.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The words of `text` as unicode61 cuts them: runs of letters, numbers and private-use
  /// characters (and the marks that go with them).
  static func tokens(_ text: String) -> [(Range<String.Index>, String)] {
    var tokens: [(Range<String.Index>, String)] = []
    var start: String.Index?
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index != scalars.endIndex {
      let next = scalars.index(after: index)
      if isWordScalar(scalars[index]) {
        if start == nil { start = index }
      } else if let begun = start {
        tokens.append((begun..<index, String(text[begun..<index])))
        start = nil
      }
      index = next
    }
    if let begun = start { tokens.append((begun..<text.endIndex, String(text[begun...]))) }
    return tokens
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .privateUse, .nonspacingMark, .spacingMark, .enclosingMark:
      true
    default: false
    }
  }

  /// Up to `words` words of `text` from a little before its first term, terms in `[…]`; nil when
  /// no term is in it. `atStart`/`atEnd`: whether `text` begins/ends where the column does; a
  /// window that does not may cut a word at either edge, which is never shown (nil when the
  /// snippet would need it: a larger window is read then).
  static func snippet(_ text: String, terms: [Term], atStart: Bool, atEnd: Bool) -> String? {
    let tokens = tokens(text)
    func matches(_ word: String) -> Bool {
      let folded = fold(word)
      return terms.contains { $0.prefix ? folded.hasPrefix($0.text) : folded == $0.text }
    }
    // A window that starts mid-text may start mid-word: its first word is not counted.
    let first = atStart ? 0 : 1
    guard let hit = tokens.indices.dropFirst(first).first(where: { matches(tokens[$0].1) }) else { return nil }
    let from = max(first, hit - 2)
    let to = min(tokens.count, from + words)
    let last = atEnd ? tokens.count : tokens.count - 1
    guard to <= last else { return nil }
    var out = from > 0 || !atStart ? "…" : ""
    var position = tokens[from].0.lowerBound
    for (range, word) in tokens[from..<to] {
      out += text[position..<range.lowerBound]
      out += matches(word) ? "[" + word + "]" : word
      position = range.upperBound
    }
    return to == tokens.count && atEnd ? out : out + "…"
  }

  /// The first words of a long row, for a hit whose terms it does not show.
  static func opening(_ text: String) -> String {
    let tokens = tokens(text)
    guard let last = tokens.prefix(words).last else { return "" }
    return String(text[..<last.0.upperBound]) + "…"
  }
}
