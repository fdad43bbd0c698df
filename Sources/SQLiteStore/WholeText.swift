public import Foundation
public import GRDB

/// Text that SQLite keeps to its last character.
///
/// GRDB binds a String as a C string (`sqlite3_bind_text` with length -1) and reads one with
/// `String(cString:)`, so a U+0000 in it ends the value there and the rest is lost without a word.
/// A text holding one is bound as its UTF-8 bytes instead, which the SQL turns back into TEXT
/// (`CAST(? AS TEXT)`: SQLite keeps the length), and a column the SQL hands over as bytes
/// (`CAST(column AS BLOB)`) is read back whole.
public enum WholeText {
  /// The argument for a `CAST(? AS TEXT)` placeholder: the text itself, or its bytes when it holds
  /// a U+0000 (never empty then, so never bound as NULL).
  public static func argument(_ text: String) -> any DatabaseValueConvertible {
    text.utf8.contains(0) ? Data(text.utf8) : text
  }

  /// A column selected as `CAST(column AS BLOB)`, as text.
  public static func text(_ bytes: Data) -> String { String(decoding: bytes, as: UTF8.self) }

  /// `text` for a column derived from a record (a title, the index's words), where U+0000 becomes
  /// U+FFFD, as the HTML standard's parser makes of it: the words after it stay, and the record
  /// itself is kept whole elsewhere.
  public static func shown(_ text: String) -> String {
    text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
  }
}
