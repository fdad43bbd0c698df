import Foundation
import TestSupport
import Testing

/// `rk-cache` under a German locale: its summaries, errors, tables and help in German, its records
/// (stdout of list, search, pending, stats --json) byte for byte the same as under English.
@Suite struct RKCacheGermanTests {
  /// A German desktop, and a container whose only locale is C.UTF-8 with LANGUAGE=de.
  static let germanLocales = [["LANG": "de_DE.UTF-8"], ["LANGUAGE": "de", "LANG": "C.UTF-8"]]

  /// Two articles (one of about 1.3 kB, so that sizes show a decimal) and a complete sync, stored
  /// in English (`english`) and under `locale` (`german`), each in a store of its own.
  private func withStores(
    locale: [String: String], _ body: (_ english: String, _ german: String, _ storedInGerman: ToolRun) throws -> Void
  ) throws {
    let folder = TemporaryFolder.path("rk-cache-de")
    defer { TemporaryFolder.remove(folder) }
    let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 45)
    let input = [
      #"{"kind":"article","id":"a1","bookmark":{"title":"Erster Artikel","site_name":"example.org"},"html":"<p>\#(long)</p>","fetched_at":"2026-11-20T09:00:00Z"}"#,
      #"{"kind":"article","id":"a2","bookmark":{"title":"Zweiter Artikel"},"html":"<p>kurz</p>","fetched_at":"2026-11-20T09:00:01Z"}"#,
      #"{"kind":"sync_summary","server":"http://127.0.0.1:1","requested":2,"fetched":2,"skipped":0,"failed":[],"complete":true,"started_at":"2026-11-20T09:00:00Z","ended_at":"2026-11-20T10:00:00Z"}"#,
    ].joined(separator: "\n")
    let (english, german) = (folder + "/en.sqlite", folder + "/de.sqlite")
    let storedInEnglish = try run("rk-cache", ["store", "--db", english], stdin: input)
    #expect(storedInEnglish.status == 0, "\(storedInEnglish.stderr)")
    #expect(storedInEnglish.stderr == "rk-cache: stored 2, updated 0\n")
    let storedInGerman = try run("rk-cache", ["store", "--db", german], environment: locale, stdin: input)
    #expect(storedInGerman.status == 0, "\(storedInGerman.stderr)")
    try body(english, german, storedInGerman)
  }

  @Test(arguments: germanLocales) func storeSummaryAndStatsAreGerman(locale: [String: String]) throws {
    try withStores(locale: locale) { english, german, stored in
      #expect(stored.stderr == "rk-cache: 2 gespeichert, 0 aktualisiert\n", "\(stored.stderr)")
      #expect(stored.stdout.isEmpty)

      let stats = try run("rk-cache", ["stats", "--db", german], environment: locale)
      #expect(stats.status == 0, "\(stats.stderr)")
      let lines = stats.stdout.split(separator: "\n").map(String.init)
      // "2 Artikel, 1,3 kB": the German plural and a decimal comma.
      #expect(lines.first?.contains(/^2 Artikel, \d+,\d kB$/) == true, "\(stats.stdout)")
      #expect(lines.contains("0 Bild-Blobs, 0 B"), "\(stats.stdout)")
      // The age in German, the time itself as it is stored.
      #expect(
        lines.contains { $0.hasPrefix("letzter Abgleich: vor ") && $0.hasSuffix(" (2026-11-20T10:00:00Z)") },
        "\(stats.stdout)")
      #expect(lines.contains("0 Änderungen warten auf rk-push"), "\(stats.stdout)")
      #expect(lines.contains("größte:"), "\(stats.stdout)")
      let englishStats = try run("rk-cache", ["stats", "--db", english])
      #expect(englishStats.stdout.hasPrefix("2 articles, "), "\(englishStats.stdout)")
      #expect(englishStats.stdout.contains("0 changes pending for rk-push"))

      // What programs read is the same in every language.
      let json = try run("rk-cache", ["stats", "--db", german, "--json"], environment: locale)
      #expect(json.stdout == (try run("rk-cache", ["stats", "--db", german, "--json"])).stdout)
      let list = try run("rk-cache", ["list", "--db", german], environment: locale)
      #expect(list.status == 0)
      #expect(list.stdout == (try run("rk-cache", ["list", "--db", german])).stdout)
      #expect(list.records(kind: "cache_entry").count == 2)
    }
  }

  @Test(arguments: germanLocales) func anEmptySearchAndTheTablesAreGerman(locale: [String: String]) throws {
    try withStores(locale: locale) { _, german, _ in
      let none = try run("rk-cache", ["search", "--db", german, "zyxwv", "--format", "table"], environment: locale)
      #expect(none.status == 0, "\(none.stderr)")
      #expect(none.stdout == "keine Treffer\n", "\(none.stdout)")
      #expect(try run("rk-cache", ["search", "--db", german, "zyxwv", "--format", "table"]).stdout == "no matches\n")

      // Records: the same hits, the same bytes.
      let hits = try run("rk-cache", ["search", "--db", german, "Lorem"], environment: locale)
      #expect(hits.records(kind: "search_hit").count == 1)
      #expect(hits.stdout == (try run("rk-cache", ["search", "--db", german, "Lorem"])).stdout)
      // A query that is not FTS5 syntax: the note in German, the hits the same.
      let odd = try run("rk-cache", ["search", "--db", german, "\"Lorem"], environment: locale)
      #expect(odd.status == 0)
      #expect(odd.stderr.contains("stattdessen nach der Phrase"), "\(odd.stderr)")
      #expect(odd.stdout == (try run("rk-cache", ["search", "--db", german, "\"Lorem"])).stdout)

      let table = try run("rk-cache", ["search", "--db", german, "Lorem", "--format", "table"], environment: locale)
      #expect(table.stdout.hasPrefix("ID  TITEL"), "\(table.stdout)")
      #expect(table.stdout.contains("AUSSCHNITT"))

      _ = try run("rk-cache", ["mark", "--db", german, "a1", "--archive", "--favorite", "--progress", "40"])
      let listed = try run("rk-cache", ["list", "--db", german, "--format", "table"], environment: locale)
      let rows = listed.stdout.split(separator: "\n").map(String.init)
      #expect(rows.first?.contains(/^ID +GESPEICHERT +GRÖSSE +STATUS +TITEL$/) == true, "\(listed.stdout)")
      // The date as Germans write it, the size with a decimal comma, the state in German.
      #expect(
        rows.contains {
          $0.contains(/^a1 +\d\d\.\d\d\.\d{4} \d\d:\d\d +\d+,\d kB +archiviert,Favorit,40%\* +Erster Artikel$/)
        },
        "\(listed.stdout)")
    }
  }

  @Test(arguments: germanLocales) func markAndPendingAreGerman(locale: [String: String]) throws {
    try withStores(locale: locale) { _, german, _ in
      let marked = try run("rk-cache", ["mark", "--db", german, "a1", "a2", "--archive"], environment: locale)
      #expect(marked.status == 0, "\(marked.stderr)")
      #expect(
        marked.stderr == "rk-cache: für rk-push in die Warteschlange gestellt: 2 Lesezeichen\n", "\(marked.stderr)")

      let pending = try run("rk-cache", ["pending", "--db", german], environment: locale)
      let englishPending = try run("rk-cache", ["pending", "--db", german])
      #expect(pending.stdout == englishPending.stdout)
      #expect(pending.records(kind: "change").count == 2)

      let missing = try run("rk-cache", ["mark", "--db", german, "a1", "nope", "--favorite"], environment: locale)
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("Fehler: nicht im Speicher: nope; nichts wurde geändert"), "\(missing.stderr)")
      let noChange = try run("rk-cache", ["mark", "--db", german, "a1"], environment: locale)
      #expect(noChange.status == 64)
      #expect(noChange.stderr.contains("keine Änderung: --archive, --unarchive"), "\(noChange.stderr)")

      // --drop writes the dropped change as the record "pending" showed, and says so in German.
      let dropped = try run("rk-cache", ["pending", "--db", german, "--drop", "a1"], environment: locale)
      #expect(dropped.status == 0, "\(dropped.stderr)")
      #expect(dropped.stdout == englishPending.stdout.split(separator: "\n")[0] + "\n")
      #expect(
        dropped.stderr == "rk-cache: a1 verworfen: is_archived; die gespeicherten Werte sind wieder die des Servers\n",
        "\(dropped.stderr)")
      let again = try run("rk-cache", ["pending", "--db", german, "--drop", "a1"], environment: locale)
      #expect(again.status == 1)
      #expect(again.stdout.isEmpty)
      #expect(again.stderr.contains("Fehler: nichts wartet: a1"), "\(again.stderr)")
      let field = try run(
        "rk-cache", ["pending", "--db", german, "--drop", "a2", "--field", "labels"], environment: locale)
      #expect(field.status == 1)
      #expect(field.stderr.contains("nichts wartet für labels: a2"), "\(field.stderr)")
    }
  }

  @Test(arguments: germanLocales) func aMissingStoreOrArticleKeepsItsStatus(locale: [String: String]) throws {
    let missing = TemporaryFolder.path("rk-cache-de-missing") + "/cache.sqlite"
    let german = try run("rk-cache", ["list", "--db", missing], environment: locale)
    let english = try run("rk-cache", ["list", "--db", missing])
    #expect(german.status == 66)
    #expect(german.status == english.status)
    #expect(german.stdout.isEmpty && english.stdout.isEmpty)
    #expect(german.stderr == "rk-cache: Fehler: kein Speicher unter \(missing)\n", "\(german.stderr)")
    // needs-sync still says a sync is due, ids still prints nothing.
    #expect(try run("rk-cache", ["needs-sync", "--db", missing], environment: locale).status == 0)
    #expect(try run("rk-cache", ["ids", "--db", missing], environment: locale).status == 0)

    try withStores(locale: locale) { _, db, _ in
      let absent = try run("rk-cache", ["text", "--db", db, "nope"], environment: locale)
      #expect(absent.status == 1)
      #expect(absent.stderr == "rk-cache: Fehler: kein Artikel nope im Speicher\n", "\(absent.stderr)")
    }
  }

  @Test(arguments: germanLocales) func exportBookAndImportSpeakGerman(locale: [String: String]) throws {
    try withStores(locale: locale) { _, german, _ in
      let folder = (german as NSString).deletingLastPathComponent
      let site = try run("rk-cache", ["export", "--db", german, "--site", folder + "/site"], environment: locale)
      #expect(site.status == 0, "\(site.stderr)")
      let pages = /^rk-cache: 2 Seiten und index.html nach .*site exportiert, \d+,\d kB\n$/
      #expect(site.stderr.contains(pages), "\(site.stderr)")
      // The index a person opens: its title, headings and count in German.
      let index = try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8)
      #expect(index.contains("<h1>Artikel</h1><p class=\"byline\">2 Artikel, "), "\(index)")
      #expect(index.contains("<th>Titel</th><th>Website</th><th>Datum</th><th>Lesezeit</th><th>Größe</th>"))

      let book = try run(
        "rk-cache", ["epub", "--db", german, "a1", "a2", "-o", folder + "/b.epub"], environment: locale)
      #expect(book.status == 0, "\(book.stderr)")
      #expect(book.stderr.contains(/geschrieben: 2 Artikel, 0 Bilder, \d+,\d kB\n$/), "\(book.stderr)")

      let zip = folder + "/a.zip"
      let exported = try run("rk-cache", ["export", "--db", german, zip], environment: locale)
      #expect(exported.stderr.contains("2 Artikel und 0 Bilder nach \(zip) exportiert, "), "\(exported.stderr)")
      let imported = try run("rk-cache", ["import", "--db", folder + "/copy.sqlite", zip], environment: locale)
      #expect(imported.stderr == "rk-cache: 2 importiert, 0 aktualisiert\n", "\(imported.stderr)")
      let again = try run("rk-cache", ["import", "--db", folder + "/copy.sqlite", zip], environment: locale)
      #expect(again.stderr == "rk-cache: 0 importiert, 0 aktualisiert, 2 unverändert\n", "\(again.stderr)")
      let none = try run(
        "rk-cache", ["import", "--db", folder + "/copy.sqlite", folder + "/none.zip"], environment: locale)
      #expect(none.status == 66)
      #expect(none.stderr.hasSuffix("none.zip: Datei nicht gefunden\n"), "\(none.stderr)")
      // The records of the imported store are those of the one exported.
      #expect(
        try run("rk-cache", ["ids", "--db", folder + "/copy.sqlite"], environment: locale).stdout
          == (try run("rk-cache", ["ids", "--db", german])).stdout)
    }
  }

  @Test(arguments: germanLocales) func subcommandHelpIsGerman(locale: [String: String]) throws {
    // The help's words, whatever its line breaks.
    func help(_ arguments: [String]) throws -> String {
      try run("rk-cache", arguments, environment: locale).stdout.split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
    }
    let search = try help(["search", "--help"])
    #expect(search.contains("Volltextsuche (FTS5-Abfragesyntax), bester Treffer zuerst"), "\(search)")
    #expect(search.contains("Höchstens so viele Treffer."), "\(search)")
    #expect(search.contains("BEISPIELE:") && search.contains("EXIT-STATUS:"), "\(search)")
    #expect(search.contains("Titel mit Wörtern, die mit actor beginnen."), "\(search)")
    // Option names and values stay as they are typed.
    #expect(
      search.contains("--format <format>") && search.contains("ndjson (Datensätze) oder table (Tabelle)."), "\(search)")

    let pending = try help(["pending", "--help"])
    #expect(pending.contains("--drop nimmt die Änderungen eines Lesezeichens aus der Warteschlange"), "\(pending)")
    let top = try help(["--help"])
    #expect(top.contains("Der Offline-Speicher für Readeck-Artikel"), "\(top)")
    let english = try run("rk-cache", ["search", "--help"]).stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(english.contains("Full-text search (FTS5 query syntax), best match first"), "\(english)")
  }

  /// `LC_ALL=C` is the English scripts rely on, whatever LANG and LANGUAGE say.
  @Test func theCLocaleIsEnglish() throws {
    let environment = ["LANGUAGE": "de", "LC_ALL": "C", "LANG": "de_DE.UTF-8"]
    try withStores(locale: environment) { _, _, stored in
      #expect(stored.stderr == "rk-cache: stored 2, updated 0\n", "\(stored.stderr)")
    }
  }
}
