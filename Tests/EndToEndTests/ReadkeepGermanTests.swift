import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// rk-fetch, rk-push and rk-extract-images under a German locale: summaries, errors and help in
/// German, the records the same as in the English run (timestamps aside, which no two runs share).
@Suite(.serialized) struct ReadkeepGermanTests {
  /// A German desktop, and a container whose only locale is C.UTF-8 with LANGUAGE=de.
  static let germanLocales = [["LANG": "de_DE.UTF-8"], ["LANGUAGE": "de", "LANG": "C.UTF-8"]]
  static let token = RKFetchTests.token

  /// The records of `run` without the members that hold the time of the run.
  private func timeless(_ run: ToolRun) -> [JSONValue] {
    run.records.map { record in
      guard case .object(var members) = record else { return record }
      for key in ["fetched_at", "started_at", "ended_at"] { members[key] = nil }
      return .object(members)
    }
  }

  private func unread(_ count: Int) -> [FakeBookmark] {
    RKPushTests.unread(count)
  }

  private func fetch(_ fake: FakeReadeck, _ arguments: [String], locale: [String: String] = [:]) throws -> ToolRun {
    try run(
      "rk-fetch", ["--server", fake.baseURL, "--retry-delay", "0.2"] + arguments,
      environment: ["READECK_TOKEN": Self.token].merging(locale) { _, given in given })
  }

  /// The words of a help text, whatever its line breaks.
  private func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  @Test(arguments: germanLocales) func aSyncSaysItsSummaryInGermanAndWritesTheSameRecords(locale: [String: String])
    async throws
  {
    let library = unread(3)
    try await withReadeck(library, token: Self.token) { fake in
      // The second article's request gets no answer within --timeout, twice: it fails alone.
      let arguments = ["--mode", "per-article", "--timeout", "1", "--retries", "1"]
      fake.inject([.delay(milliseconds: 3000), .delay(milliseconds: 3000)], on: .article, ids: [library[1].id])
      let english = try fetch(fake, arguments)
      fake.inject([.delay(milliseconds: 3000), .delay(milliseconds: 3000)], on: .article, ids: [library[1].id])
      let german = try fetch(fake, arguments, locale: locale)

      #expect(english.status == 75 && german.status == 75, "\(german.stderr)")
      #expect(english.stderr.contains("rk-fetch: 2 of 3 articles synced, 1 failed ("), "\(english.stderr)")
      #expect(german.stderr.contains("rk-fetch: 2 von 3 Artikeln abgeglichen, 1 fehlgeschlagen ("), "\(german.stderr)")
      // The reason in German, in the warning and in the summary line.
      #expect(
        german.stderr.contains("1 fehlgeschlagen (\(library[1].id): Zeitlimit überschritten: "), "\(german.stderr)")
      #expect(german.stderr.contains(" s, obwohl der Server andere Anfragen beantwortet"), "\(german.stderr)")
      #expect(!german.stderr.contains("articles synced"))
      // The records, the failure's reason among them, are the English run's.
      #expect(timeless(german) == timeless(english))
      let reason = german.summary?["failed"]?.arrayValue?.first?["reason"]?.stringValue
      #expect(reason?.hasPrefix("timed out: ") == true, "\(reason ?? "")")
      #expect(reason?.hasSuffix(" s, although the server answers other requests") == true, "\(reason ?? "")")
    }
  }

  @Test(arguments: germanLocales) func anUnreachableServerIsSaidInGerman(locale: [String: String]) throws {
    let arguments = ["--server", "http://127.0.0.1:9", "--retries", "0"]
    let english = try run("rk-fetch", arguments, environment: ["READECK_TOKEN": Self.token])
    let german = try run(
      "rk-fetch", arguments, environment: ["READECK_TOKEN": Self.token].merging(locale) { _, given in given })
    #expect(english.status == 69 && german.status == 69, "\(german.stderr)")
    #expect(english.stderr.contains("rk-fetch: error: sync incomplete: server unreachable: "), "\(english.stderr)")
    #expect(
      german.stderr.contains("rk-fetch: Fehler: Abgleich unvollständig: Server nicht erreichbar: "), "\(german.stderr)")
    #expect(timeless(german) == timeless(english))
    #expect(german.summary?["complete"] == false)

    let push = try run(
      "rk-push", ["--db", TemporaryFolder.path("rk-none") + "/cache.sqlite"],
      environment: locale)
    #expect(push.status == 0)
    #expect(push.stderr.contains("noch kein Speicher unter "), "\(push.stderr)")

    let noServer = try run("rk-fetch", [], environment: ["READECK_TOKEN": Self.token].merging(locale) { _, new in new })
    #expect(noServer.status == 78)
    #expect(noServer.stderr.contains("rk-fetch: Fehler: kein Server: --server URL angeben"), "\(noServer.stderr)")
  }

  @Test(arguments: germanLocales) func aBadOptionIsAUsageErrorInGerman(locale: [String: String]) throws {
    let environment = ["READECK_TOKEN": Self.token].merging(locale) { _, given in given }
    let timeout = try run("rk-fetch", ["--server", "http://127.0.0.1:9", "--timeout", "nan"], environment: environment)
    #expect(timeout.status == 64)
    #expect(timeout.stdout.isEmpty)
    #expect(timeout.stderr.contains("rk-fetch: Fehler: "), "\(timeout.stderr)")
    #expect(timeout.stderr.contains("muss eine Anzahl Sekunden von 0.001 bis 86400 sein"), "\(timeout.stderr)")

    let type = try run("rk-fetch", ["--server", "http://127.0.0.1:9", "--type", "book"], environment: environment)
    #expect(type.status == 64)
    #expect(type.stderr.contains("--type muss article, photo oder video sein, nicht book."), "\(type.stderr)")

    let width = try run("rk-extract-images", ["--best-candidate", "--max-width", "0"], environment: locale)
    #expect(width.status == 64)
    #expect(width.stderr.contains("muss eine ganze Anzahl Pixel von 1 bis 100000 sein"), "\(width.stderr)")
    let size = try run("rk-extract-images", ["--max-image-bytes", "huge"], environment: locale)
    #expect(size.status == 64)
    #expect(size.stderr.contains("--max-image-bytes ist eine Größe wie 10MB."), "\(size.stderr)")

    let concurrency = try run("rk-push", ["--concurrency", "0"], environment: locale)
    #expect(concurrency.status == 64)
    #expect(concurrency.stderr.contains("muss eine ganze Zahl von 1 bis 32 sein"), "\(concurrency.stderr)")
  }

  @Test(arguments: germanLocales) func aPushWithAConflictSaysSoInGermanAndWritesTheSameRecords(
    locale: [String: String]
  ) async throws {
    let library = unread(2)
    let id = library[0].id
    let folder = TemporaryFolder.path("rk-german-push")
    defer { TemporaryFolder.remove(folder) }
    let (englishDB, germanDB) = (folder + "/en.sqlite", folder + "/de.sqlite")
    try await withReadeck(library, token: Self.token) { fake in
      for db in [englishDB, germanDB] {
        let fetched = try fetch(fake, ["--limit", "0"])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout).status == 0)
        #expect(try run("rk-cache", ["mark", "--db", db, id, "--progress", "100"]).status == 0)
      }
      // Another device, later: progress 50. Both offline changes lose to it.
      let modified = fake.modify(id: id, at: Date().addingTimeInterval(60)) { $0.readProgress = 50 }
      #expect(modified)

      let environment = ["READECK_TOKEN": Self.token]
      let english = try run("rk-push", ["--db", englishDB, "--server", fake.baseURL], environment: environment)
      let german = try run(
        "rk-push", ["--db", germanDB, "--server", fake.baseURL],
        environment: environment.merging(locale) { _, given in given })
      #expect(english.status == 0 && german.status == 0, "\(german.stderr)")
      #expect(english.stderr.contains("rk-push: pushed 0 changes, 1 conflict\n"), "\(english.stderr)")
      #expect(german.stderr.contains("rk-push: 0 Änderungen übertragen, 1 Konflikt\n"), "\(german.stderr)")
      #expect(german.records(kind: "conflict").count == 1)
      #expect(timeless(german) == timeless(english))
    }
  }

  @Test(arguments: germanLocales) func theHelpIsGerman(locale: [String: String]) throws {
    let fetch = words(try run("rk-fetch", ["--help"], environment: locale).stdout)
    #expect(fetch.contains("Lesezeichen und das HTML ihrer Artikel von einem Readeck-Server"), "\(fetch)")
    #expect(fetch.contains("Erneute Versuche einer fehlgeschlagenen Anfrage. (0 bis 10; Standard: 2)"))
    #expect(fetch.contains("BEISPIELE:") && fetch.contains("EXIT-STATUS:"))
    let push = words(try run("rk-push", ["--help"], environment: locale).stdout)
    #expect(push.contains("Konflikte: wer zuletzt schreibt, gewinnt, je Feld."), "\(push)")
    let images = words(try run("rk-extract-images", ["--help"], environment: locale).stdout)
    #expect(images.contains("Jede Bild-URL, eine je Zeile."), "\(images)")
    #expect(images.contains("Dateien mit Datensätzen zum Lesen"))
  }

  /// `LC_ALL=C` is the English scripts rely on, whatever LANG and LANGUAGE say.
  @Test func theCLocaleIsEnglish() throws {
    let run = try run(
      "rk-fetch", ["--server", "http://127.0.0.1:9", "--retries", "0"],
      environment: ["READECK_TOKEN": Self.token, "LANGUAGE": "de", "LC_ALL": "C", "LANG": "de_DE.UTF-8"])
    #expect(run.stderr.contains("rk-fetch: error: sync incomplete: server unreachable: "), "\(run.stderr)")
  }
}
