import Testing

@testable import Localization

/// The extraction reads what the compiler builds: each sample below is scanned from its source text
/// and compared with the id of the same literal compiled.
@Suite struct MessageScannerTests {
  private func scan(_ source: String) -> [ExtractedMessage] { MessageScanner.scan(source, file: "F.swift").messages }

  @Test func plainLiteralWithEscapesAndBraces() {
    let compiled: Message = "say \"hi\"\tto {you} \u{E9}\\"
    let found = scan(#"x = tr("say \"hi\"\tto {you} \u{E9}\\")"#)
    #expect(found.map(\.id) == [compiled.id])
  }

  @Test func interpolationsWithNestedLiteralsAndParentheses() {
    let name: String? = nil
    let compiled: Message = "no \(name ?? "store") at \(String(3 * (1 + 2))) now"
    let found = scan(#"diagnostics.error(tr("no \(name ?? "store") at \(String(3 * (1 + 2))) now"))"#)
    #expect(found.map(\.id) == [compiled.id])
    #expect(compiled.id == "no {0} at {1} now")
  }

  @Test func multiLineLiteralWithContinuations() {
    let value = 1
    let compiled: Message = """
      First line \
      continued, \(value).

      Second paragraph.
      """
    let source =
      "    tr(\n      \"\"\"\n      First line \\\n      continued, \\(value).\n\n      Second paragraph.\n      \"\"\")"
    #expect(scan(source).map(\.id) == [compiled.id])
    #expect(compiled.id == "First line continued, {0}.\n\nSecond paragraph.")
  }

  @Test func pluralsAndTranslatorComments() {
    let source = """
      // An ordinary comment.
      // TRANSLATORS: what was removed;
      // {1} is a size.
      let text = tr(one: "pruned \\(n) article, \\(size)", other: "pruned \\(n) articles, \\(size)", count: n)
      """
    let found = scan(source)
    #expect(found.map(\.id) == ["pruned {0} article, {1}"])
    #expect(found.map(\.plural) == ["pruned {0} articles, {1}"])
    #expect(found.first?.comments == ["TRANSLATORS: what was removed;", "{1} is a size."])
    #expect(found.first?.location == "F.swift:4")
  }

  @Test func commentsOtherLiteralsAndDeclarationsAreNotCalls() {
    let source = #"""
      /// Use it as `tr("in a doc comment")`.
      /* tr("in a block comment") */
      let a = "tr(\"in a literal\")"
      let b = #"tr("in a raw literal")"#
      public func tr(_ message: Message) -> String { message.id }
      let c = x.tr("a method of something else")
      let d = attr("another function")
      let e = tr("the one call")
      """#
    #expect(scan(source).map(\.id) == ["the one call"])
  }

  @Test func aCallWithoutALiteralIsAFailure() {
    let result = MessageScanner.scan("let m = message\nprint(tr(m))", file: "F.swift")
    #expect(result.messages == [])
    #expect(result.failures.count == 1)
    #expect(result.failures.first?.hasPrefix("F.swift:2:") == true)
  }
}

/// The catalog file format: what is written reads back the same, long and multi-line strings too.
@Suite struct POFileTests {
  @Test func writtenCatalogsReadBack() throws {
    let long = String(repeating: "a long sentence ", count: 12) + "\"quoted\"\n\nand a second paragraph."
    let file = POFile(
      header: "Language: de\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
      entries: [
        POEntry(extractedComments: ["TRANSLATORS: a note"], id: "plain", translations: ["schlicht"]),
        POEntry(translatorComments: ["checked"], flags: ["python-brace-format"], id: long, translations: [long]),
        POEntry(id: "{0} day", plural: "{0} days", translations: ["{0} Tag", "{0} Tage"]),
      ])
    let text = file.text
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 79 })
    #expect(try POFile(parsing: text) == file)
  }
}
