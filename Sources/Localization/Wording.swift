/// A text that reaches people and records both: an error's reason shown on standard error in the
/// user's language and written into a record (`"reason"`, `"error"`) in English, which never changes
/// with the locale.
///
/// It is rendered in every language when it is made, `Wording { tr("timed out", in: $0) }`, so
/// that it can travel inside an error (as a case's payload) and still be read in either language
/// later; a nested reason is rendered in the same language: `Wording { tr("server unreachable:
/// \(detail.text(in: $0))", in: $0) }`. Text that is no message of ours (a server's words, a
/// system error) is `Wording(verbatim:)`, the same in every language. Two wordings are equal when
/// their English is.
public struct Wording: Hashable, Sendable, CustomStringConvertible {
  /// The text in each language, in the order of `Language.allCases`.
  private let texts: [String]

  /// Renders `text` in every language.
  public init(_ text: (Language) -> String) {
    texts = Language.allCases.map(text)
  }

  /// Text that is the same in every language.
  public init(verbatim text: String) {
    texts = Language.allCases.map { _ in text }
  }

  /// The text in `language` (by default the process's).
  public func text(in language: Language = .current) -> String {
    texts[Language.allCases.firstIndex(of: language) ?? 0]
  }

  /// The English text, for records: the same under every locale.
  public var english: String { text(in: .english) }

  /// The text in the process's language, for people.
  public var description: String { text() }

  public static func == (lhs: Wording, rhs: Wording) -> Bool { lhs.english == rhs.english }
  public func hash(into hasher: inout Hasher) { hasher.combine(english) }
}
