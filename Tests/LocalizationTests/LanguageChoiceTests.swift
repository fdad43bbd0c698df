import Testing

@testable import Localization

/// The language an environment asks for, in gettext's POSIX order, without `setlocale`.
@Suite struct LanguageChoiceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    var expected: Language
    var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(environment: [:], expected: .english),
    Case(environment: ["LANG": ""], expected: .english),
    Case(environment: ["LANG": "de_DE.UTF-8"], expected: .german),
    Case(environment: ["LANG": "de_AT.UTF-8"], expected: .german),
    Case(environment: ["LANG": "de"], expected: .german),
    Case(environment: ["LANG": "de_CH@euro"], expected: .german),
    Case(environment: ["LANG": "en_US.UTF-8"], expected: .english),
    Case(environment: ["LANG": "fr_FR.UTF-8"], expected: .english),
    Case(environment: ["LANG": "C.UTF-8"], expected: .english),
    Case(environment: ["LANG": "POSIX"], expected: .english),
    // A name that only starts like German is not German.
    Case(environment: ["LANG": "den_XX"], expected: .english),
    // LANGUAGE beside the C.UTF-8 locale a container has.
    Case(environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"], expected: .german),
    // Its first language the toolbox has.
    Case(environment: ["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], expected: .german),
    Case(environment: ["LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"], expected: .english),
    Case(environment: ["LANGUAGE": "fr:it", "LANG": "de_DE.UTF-8"], expected: .german),
    Case(environment: ["LANGUAGE": "de_AT", "LANG": "en_GB.UTF-8"], expected: .german),
    Case(environment: ["LANGUAGE": "", "LANG": "de_DE.UTF-8"], expected: .german),
    // LC_ALL before LC_MESSAGES before LANG.
    Case(environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], expected: .english),
    Case(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], expected: .german),
    Case(environment: ["LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], expected: .german),
    Case(environment: ["LC_MESSAGES": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], expected: .english),
    Case(environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"], expected: .german),
    // In the C locale LANGUAGE is ignored, as GNU gettext ignores it: LC_ALL=C is English.
    Case(environment: ["LANGUAGE": "de", "LC_ALL": "C"], expected: .english),
    Case(environment: ["LANGUAGE": "de", "LANG": "POSIX"], expected: .english),
    Case(environment: ["LANGUAGE": "de"], expected: .english),
  ]

  @Test(arguments: cases) func choosesTheLanguage(_ choice: Case) {
    #expect(Language(environment: choice.environment) == choice.expected)
  }

  @Test func pluralFormsAreNotOne() {
    for language in Language.allCases {
      #expect([0, 1, 2, 5, 21].map(language.pluralForm) == [1, 0, 1, 1, 1])
    }
  }
}
