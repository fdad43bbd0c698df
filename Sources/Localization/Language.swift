/// The languages the toolbox speaks, and which one this process speaks.
///
/// The choice is made once, from the environment alone, in the POSIX order of gettext (see
/// ``init(environment:)``): not through `setlocale`, which fails where the locale is not generated
/// (containers, minimal Debian), and not from files beside the binary, which a copied static binary
/// does not have.
public enum Language: String, CaseIterable, Sendable {
  case english = "en"
  case german = "de"

  /// The language of this process, chosen from its environment at first use.
  public static let current = Language(environment: processEnvironment())

  /// The language an environment asks for.
  ///
  /// The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG` (`C` when none is
  /// set). In the `C` and `POSIX` locales (`LC_ALL=C`) the answer is English and `LANGUAGE` is
  /// ignored, as GNU gettext ignores it there: that is the locale scripts set for output they can
  /// rely on. Otherwise the first language of the colon-separated `LANGUAGE` that the toolbox has
  /// wins (`fr:de` is German, `en:de` English), so `LANGUAGE=de` works beside `LANG=C.UTF-8`, the
  /// only locale a container may have; failing that, the locale's own language.
  public init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
    guard !Self.isPOSIXLocale(locale) else {
      self = .english
      return
    }
    let preferences = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init) + [locale]
    self = preferences.lazy.compactMap(Self.init(localeName:)).first ?? .english
  }

  /// `de`, `de_AT.UTF-8`, `de@euro` → German; nil for a language the toolbox does not have.
  init?(localeName: String) {
    let code = localeName.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }
    guard let language = Self(rawValue: code.lowercased()) else { return nil }
    self = language
  }

  /// `C`, `POSIX`, and their forms with a codeset or modifier: `C.UTF-8`'s *messages* are POSIX's
  /// too, but a container's only locale is `C.UTF-8`, so only the bare names silence `LANGUAGE`.
  private static func isPOSIXLocale(_ name: String) -> Bool { name == "C" || name == "POSIX" }

  /// Which plural form of a catalog entry `count` takes: gettext's `plural` expression of the
  /// language's `Plural-Forms` header (`n != 1` for both English and German).
  public func pluralForm(_ count: Int) -> Int {
    switch self {
    case .english, .german: count == 1 ? 0 : 1
    }
  }

  /// What separates whole numbers from their fractions: `371.4 kB`, `371,4 kB`.
  public var decimalSeparator: Character {
    switch self {
    case .english: "."
    case .german: ","
    }
  }
}
