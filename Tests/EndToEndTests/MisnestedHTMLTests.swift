import Foundation
import TestSupport
import Testing
import Wire

/// A link left open across a paragraph's end — common in real articles and newsletters, repaired
/// by every browser — through the built tools that turn HTML into text: the search index when
/// the article is stored, `rk-cache text`, and `ail-mail body` and `parse` on an HTML mail.
@Suite struct MisnestedHTMLTests {
  static let html = #"<p>one two three four five <a href="https://example.org/x">link</p><p>next</a> rest</p>"#

  @Test func anArticleIsStoredFoundAndReadAsText() throws {
    let folder = TemporaryFolder.path("misnested-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let html = Self.html.replacingOccurrences(of: "\"", with: "\\\"")
    let article =
      #"{"kind":"article","id":"m1","bookmark":{"title":"Misnested"},"html":"\#(html)","fetched_at":"2026-11-22T00:00:00Z"}"#
    let stored = try run("rk-cache", ["store", "--db", db], stdin: article + "\n")
    #expect(stored.status == 0, "\(stored.stderr)")

    let found = try run("rk-cache", ["search", "--db", db, "rest"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.contains("m1"))

    let text = try run("rk-cache", ["text", "--db", db, "--width", "0", "m1"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("one two three four five link\n\nnext [1] rest\n"))
    #expect(text.stdout.hasSuffix("References:\n[1] https://example.org/x\n"))
  }

  @Test func anHTMLMailIsReadAndParsed() throws {
    let mail = """
      From: news@example.org
      To: reader@example.org
      Subject: Misnested
      Content-Type: text/html; charset=utf-8

      \(Self.html)

      """
    let body = try run("ail-mail", ["body"], stdin: mail)
    #expect(body.status == 0, "\(body.stderr)")
    #expect(body.stdout == "one two three four five link\n\nnext <https://example.org/x> rest\n")

    let parsed = try run("ail-mail", ["parse"], stdin: mail)
    #expect(parsed.status == 0, "\(parsed.stderr)")
    #expect(
      parsed.records(kind: "mail").first?["text"]?.stringValue?.contains("next <https://example.org/x> rest") == true)
  }
}
