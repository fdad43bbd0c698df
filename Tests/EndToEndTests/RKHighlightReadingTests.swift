import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Highlights made on the server, as its article HTML carries them (rd-annotation wrappers, one
/// highlight across a table's cells, one in a list item with non-ASCII letters and an entity,
/// notes as empty markers), shown by the built tools: page in Chromium, text, epub (epubcheck).
@Suite(.serialized) struct RKHighlightReadingTests {
  static let token = "rdk-highlight-reading"
  static let id = "Hh1Hh2Hh3Hh4Hh5Hh6Hh7H"

  static let article = """
    <section><p>See <a href="https://example.org/more">more</a>. Before <rd-annotation data-annotation-id-value="a1" id="annotation-a1" \
    data-annotation-color="yellow">the marked words</rd-annotation><rd-annotation data-annotation-note \
    title="Why it matters &amp; more"></rd-annotation> after.</p>
    <table><tbody><tr><td><rd-annotation data-annotation-id-value="a2" id="annotation-a2" \
    data-annotation-color="red">left cell</rd-annotation></td><td><rd-annotation \
    data-annotation-id-value="a2" data-annotation-color="red">right cell</rd-annotation></td></tr></tbody></table>
    <ul><li>Im <rd-annotation data-annotation-id-value="a3" id="annotation-a3" data-annotation-color="blue">\
    Grünen &ndash; draußen</rd-annotation><rd-annotation data-annotation-note title="Notiz: schön"></rd-annotation></li></ul>
    </section>
    """

  func withArticle(_ body: (_ db: String, _ folder: String, _ fake: FakeReadeck) async throws -> Void) async throws {
    let folder = TemporaryFolder.path("rk-highlight-reading")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let bookmark = FakeBookmark(
      id: Self.id, title: "Marked up", url: "https://example.org/marked", created: Date(), articleHTML: Self.article)
    try await withReadeck([bookmark], token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all"], environment: ["READECK_TOKEN": Self.token])
      #expect(try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout).status == 0)
      try await body(db, folder, fake)
    }
  }

  /// Notes are [n1], [n2] …, apart from the links' references [1], [2] …
  @Test func textMarksTheHighlightsAndNumbersTheNotesApartFromTheLinks() async throws {
    try await withArticle { db, _, _ in
      let text = try run("rk-cache", ["text", "--db", db, "--width", "0", Self.id]).stdout
      #expect(text.contains("See more [1]. Before ==the marked words==[n1] after."), "\(text)")
      #expect(text.contains("==left cell==") && text.contains("==right cell=="))
      #expect(text.contains("Im ==Grünen – draußen==[n2]"))
      #expect(
        text.contains("Notes\n") && text.contains("[n1] Why it matters & more\n")
          && text.contains("[n2] Notiz: schön"))
      #expect(text.contains("References:\n[1] https://example.org/more"), "\(text)")
      #expect(!text.contains("rd-annotation") && !text.contains("<"))
    }
  }

  @Test func textHeadsItsNotesAndReferencesInGermanUnderAGermanLocale() async throws {
    try await withArticle { db, _, _ in
      let text = try run(
        "rk-cache", ["text", "--db", db, "--width", "0", Self.id], environment: ["LANG": "de_DE.UTF-8"]
      ).stdout
      #expect(text.contains("Notizen\n-------\n\n[n1] Why it matters & more"), "\(text)")
      #expect(text.contains("Verweise:\n[1] https://example.org/more"), "\(text)")
      #expect(!text.contains("Notes\n") && !text.contains("References:"))
    }
  }

  @Test(.needsEpubcheck) func theBookHasMarksAndFootnotesAndPassesEpubcheck() async throws {
    try await withArticle { db, folder, _ in
      let book = folder + "/marked.epub"
      #expect(try run("rk-cache", ["epub", "--db", db, Self.id, "-o", book]).status == 0)
      let check = try run("/usr/bin/java", ["-jar", "/usr/bin/epubcheck", book])
      #expect(check.status == 0 && !check.stdout.contains("ERROR"), "epubcheck: \(check.stdout)\(check.stderr)")
      let chapter = try firstChapter(of: book)
      #expect(chapter.contains("<mark class=\"rd-highlight rd-yellow\">the marked words</mark>"))
      #expect(chapter.components(separatedBy: "<mark class=\"rd-highlight rd-red\">").count == 3)
      #expect(chapter.contains("<aside epub:type=\"footnote\" id=\"rd-note-1-1\">"))
      #expect(chapter.contains("Why it matters &amp; more") && chapter.contains("Notiz: schön"))
      #expect(!chapter.contains("rd-annotation"))
    }
  }

  @Test(.needsChromium) func thePageShowsEachHighlightInItsColourAndTheNotesBesideThem() async throws {
    try await withArticle { db, folder, fake in
      #expect(try run("rk-cache", ["page", "--db", db, Self.id, "-o", folder + "/p.html"]).status == 0)
      let wrapper = """
        <!DOCTYPE html><html><body><pre id="out">pending</pre><iframe src="p.html" width="1000" height="700"></iframe>
        <script>
        window.addEventListener('load', () => {
          const doc = document.querySelector('iframe').contentDocument;
          const lines = [];
          for (const mark of doc.querySelectorAll('mark')) {
            lines.push('mark|' + mark.textContent + '|' + getComputedStyle(mark).backgroundColor);
          }
          for (const note of doc.querySelectorAll('.rd-note')) {
            lines.push('note|' + note.textContent + '|' + (note.offsetWidth > 0));
          }
          document.getElementById('out').textContent = lines.join('\\n');
        });
        </script></body></html>
        """
      try wrapper.write(toFile: folder + "/check.html", atomically: true, encoding: .utf8)
      let dom = try RKCachePageBrowserTests.chromium(
        ["--dump-dom", "file://\(folder)/check.html"], proxy: fake.baseURL, folder: folder)
      let out =
        dom.stdout.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
      let lines = out.split(separator: "\n").map(String.init)
      #expect(lines.contains("mark|the marked words|rgb(255, 241, 168)"), "\(out)")
      #expect(lines.filter { $0.hasSuffix("|rgb(255, 201, 201)") }.count == 2, "both cells red: \(out)")
      #expect(lines.contains("mark|Grünen – draußen|rgb(200, 225, 255)"), "\(out)")
      #expect(lines.contains("note|Why it matters &amp; more|true"), "\(out)")
      #expect(lines.contains("note|Notiz: schön|true"), "\(out)")
    }
  }
}
