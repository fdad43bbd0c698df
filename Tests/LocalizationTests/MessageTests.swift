import Testing

@testable import Localization

/// Message ids as the compiler builds them, translations found and filled, plural forms chosen.
@Suite struct MessageTests {
  @Test func interpolationsBecomeNumberedPlaceholders() {
    let path = "/tmp/x"
    let count = 3
    let message: Message = "no store at \(path) ({braces} stay), \(count) tries"
    #expect(message.id == "no store at {0} ({{braces}} stay), {1} tries")
    #expect(message.arguments == ["/tmp/x", "3"])
    #expect(message.text(in: .english) == "no store at /tmp/x ({braces} stay), 3 tries")
  }

  @Test func aPlainLiteralDoublesItsBraces() {
    let message: Message = "a {literal} brace"
    #expect(message.id == "a {{literal}} brace")
    #expect(tr("a {literal} brace", in: .german) == "a {literal} brace")
  }

  @Test func translationsPutThePlaceholdersInTheirOwnOrder() {
    #expect(Message.filling("{2}.{1}.{0}", with: ["2026", "11", "27"]) == "27.11.2026")
    #expect(Message.filling("{{0}} is {0}", with: ["x"]) == "{0} is x")
    // A placeholder the message does not have stays as written rather than trapping.
    #expect(Message.filling("{3} {x", with: ["a"]) == "{3} {x")
  }

  @Test func germanComesFromTheCatalogAndEnglishIsTheKey() {
    #expect(tr("Only say what would be removed.", in: .german) == "Nur sagen, was entfernt würde.")
    #expect(tr("Only say what would be removed.", in: .english) == "Only say what would be removed.")
    // A message the catalog does not have is shown in English.
    #expect(tr("not in any catalog", in: .german) == "not in any catalog")
  }

  @Test func pluralFormsFollowTheCount() {
    func age(_ days: Int, _ language: Language) -> String {
      tr(one: "\(days) d ago", other: "\(days) d ago", count: days, in: language)
    }
    #expect(age(1, .german) == "vor 1 Tag")
    #expect(age(2, .german) == "vor 2 Tagen")
    #expect(age(0, .german) == "vor 0 Tagen")
    #expect(age(1, .english) == "1 d ago")
    func pruned(_ count: Int) -> String {
      tr(
        one: "pruned \(count) article, \("1 kB"); \(4) left, \("2 kB")",
        other: "pruned \(count) articles, \("1 kB"); \(4) left, \("2 kB")", count: count, in: .english)
    }
    #expect(pruned(1) == "pruned 1 article, 1 kB; 4 left, 2 kB")
    #expect(pruned(2) == "pruned 2 articles, 1 kB; 4 left, 2 kB")
  }
}
