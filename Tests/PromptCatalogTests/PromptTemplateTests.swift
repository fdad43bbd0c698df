import PromptCatalog
import Testing

@Suite struct PromptTemplateTests {
  @Test func placeholdersTakeTheirValues() throws {
    let text = try PromptTemplate.expand(
      "Hallo {{Name}}, {{ Ton }} bitte. {{Größe.x-1_a}}", values: ["Name": "Ada", "Ton": "knapp", "Größe.x-1_a": "ok"])
    #expect(text == "Hallo Ada, knapp bitte. ok")
  }

  @Test func aDefaultFillsInWhenThereIsNoValue() throws {
    #expect(try PromptTemplate.expand("Anrede: {{Anrede|Sie}}.", values: [:]) == "Anrede: Sie.")
    #expect(try PromptTemplate.expand("Anrede: {{Anrede|Sie}}.", values: ["Anrede": "Du"]) == "Anrede: Du.")
    #expect(try PromptTemplate.expand("[{{ Leer | }}]", values: [:]) == "[]")
    #expect(try PromptTemplate.expand("{{x|a b, c}}", values: [:]) == "a b, c")
  }

  @Test func expansionIsOnePassSoValuesAreNeverExpandedAgain() throws {
    let values = ["Betreff": "{{Geheim}} und {{Betreff}}", "Geheim": "42"]
    let text = try PromptTemplate.expand("Betreff: {{Betreff}}", values: values)
    #expect(text == "Betreff: {{Geheim}} und {{Betreff}}")
  }

  @Test func aDefaultIsNotExpandedEither() throws {
    #expect(try PromptTemplate.expand("{{a|{{b}}}}", values: ["b": "B"]) == "{{b}}")
    #expect(try PromptTemplate.expand("{{a|x {b}}", values: ["b": "B"]) == "x {b")
  }

  @Test func missingKeysAreAllNamedSortedAndOnce() {
    #expect(throws: CatalogError.missingVariables(["Anrede", "Name", "Zeit"])) {
      try PromptTemplate.expand("{{Zeit}} {{Name}} {{Anrede}} {{Name}} {{Ton|ok}}", values: [:])
    }
  }

  @Test func missingVariablesMessageNamesEveryKey() {
    let message = CatalogError.missingVariables(["Anrede", "Name"]).description
    #expect(message.contains("{{Anrede}}") && message.contains("{{Name}}") && message.contains("--var"))
  }

  @Test func backslashMakesALiteralOpening() throws {
    #expect(
      try PromptTemplate.expand(#"Schreibe \{{Name}} wörtlich, aber {{Name}}."#, values: ["Name": "Ada"])
        == "Schreibe {{Name}} wörtlich, aber Ada.")
    #expect(try PromptTemplate.expand(#"\{{nichts"#, values: [:]) == "{{nichts")
  }

  @Test(arguments: ["{{}}", "{{ hat Leerzeichen }}", "{{a!}}", "{{offen", "{{zeile\n}}", "{ {x} }", "}}"])
  func bracesThatAreNoPlaceholderStayAsTheyAre(_ text: String) throws {
    #expect(try PromptTemplate.expand(text, values: [:]) == text)
  }

  @Test func tripleBracesKeepTheOuterBraces() throws {
    #expect(try PromptTemplate.expand("{{{x}}}", values: ["x": "1"]) == "{1}")
  }

  @Test func placeholdersAreListedWithTheirDefaults() {
    let found = PromptTemplate.placeholders(in: "{{a}} {{b|B}} \\{{c}}")
    #expect(found == [.init(key: "a", defaultText: nil), .init(key: "b", defaultText: "B")])
  }
}
