import Foundation
import LLMFake
import TestSupport
import Testing
import Wire

/// ail-ai, ail-mail and ail-transcribe under a German locale: German messages, help and defaults
/// (the app's German presets, German mail drafts, German asked of the speech servers), and the same
/// records on standard output as under any other locale.
@Suite(.serialized) struct AilGermanTests {
  /// A German desktop, and a container whose only locale is C.UTF-8 with LANGUAGE=de.
  static let germanLocales = [["LANG": "de_DE.UTF-8"], ["LANGUAGE": "de", "LANG": "C.UTF-8"]]
  static let wav = AilTranscribeTests.wav

  /// The help's words, whatever its line breaks.
  func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  func temporaryFolder() throws -> String {
    let folder = TemporaryFolder.path("ail-german")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  // MARK: ail-transcribe

  @Test(arguments: germanLocales) func aTranscriptAsksForGermanAndSumsUpInGerman(locale: [String: String]) async throws
  {
    let german = ["Bitte ruf mich morgen an.", "Wir brauchen Brot.", "Das Treffen ist am Freitag.", "Grüße!"]
    let fake = try await FakeLLM.start(
      .init(transcriptionStyle: .openAI, transcripts: german.map { FakeTranscript($0, language: "de") }))
    do {
      let arguments = ["--engine", "openai", "--base-url", fake.baseURL + "/v1", Self.wav]
      // English asks for German only when told; German asks by itself.
      let english = try run("ail-transcribe", arguments + ["--language", "de-DE"])
      let germanRun = try run("ail-transcribe", arguments, environment: locale)
      #expect(germanRun.status == 0, "\(germanRun.stderr)")
      #expect(germanRun.stdout == english.stdout)
      #expect(germanRun.records(kind: "transcript_chunk").map { $0["text"]?.stringValue } == german)
      let uploads = fake.requests(route: .audioTranscriptions)
      #expect(uploads.count == 8)
      #expect(uploads.allSatisfy { $0.formValues("language") == ["de"] })
      #expect(english.stderr.contains("transcribed 1 recording, 4 chunks, "), "\(english.stderr)")
      #expect(
        germanRun.stderr.contains(/1 Aufnahme transkribiert, 4 Abschnitte, \d+ s Audio in \d+ s \(\d+× Echtzeit\)/),
        "\(germanRun.stderr)")
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test(.needsPocketSphinx, arguments: germanLocales)
  func pocketSphinxSaysItHasNoGermanModelAndRecognisesEnglish(locale: [String: String]) throws {
    let english = try run("ail-transcribe", ["--engine", "pocketsphinx", Self.wav])
    let german = try run("ail-transcribe", ["--engine", "pocketsphinx", Self.wav], environment: locale)
    #expect(german.status == 0, "\(german.stderr)")
    #expect(german.stdout == english.stdout)
    #expect(german.stderr.contains("Warnung: pocketsphinx hat kein deutsches Modell"), "\(german.stderr)")
    #expect(!english.stderr.contains("German model"))
    // Asked for German outright, it still refuses.
    let refused = try run(
      "ail-transcribe", ["--engine", "pocketsphinx", "--language", "de-DE", Self.wav], environment: locale)
    #expect(refused.status == 69)
    #expect(refused.stderr.contains("pocketsphinx erkennt nur US-Englisch"), "\(refused.stderr)")
  }

  @Test(arguments: germanLocales) func aBadOptionIsExplainedInGerman(locale: [String: String]) throws {
    let srt = try run("ail-transcribe", ["--segments-only", "--format", "srt", Self.wav], environment: locale)
    #expect(srt.status == 64)
    #expect(srt.stderr.contains("--segments-only schreibt ndjson oder text."), "\(srt.stderr)")
    let noText = try run(
      "ail-ai", ["catalog", "add-preset", "X", "--catalog", "/nonexistent/c.json"], environment: locale)
    #expect(noText.status == 64)
    #expect(noText.stderr.contains("Den Text mit --text oder --file angeben."), "\(noText.stderr)")
    let forward = try run(
      "ail-mail", ["forward", "--original", "/dev/null", "--to", "nobody"], environment: locale)
    #expect(forward.status == 64)
    #expect(forward.stderr.contains("--to nobody ist keine Adresse."), "\(forward.stderr)")

    let help = words(try run("ail-transcribe", ["--help"], environment: locale).stdout)
    #expect(help.contains("Aufnahmen in Text umwandeln, an Pausen in Abschnitte geschnitten."), "\(help)")
    #expect(help.contains("BEISPIELE:") && help.contains("EXIT-STATUS:"))
    #expect(help.contains("werden die HTTP-Erkenner nach Deutsch gefragt (language=de)"))
  }

  // MARK: ail-ai

  @Test(arguments: germanLocales) func catalogInitCreatesTheGermanPresetsBesideTheEnglishOnes(
    locale: [String: String]
  ) throws {
    let folder = try temporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let (germanCatalog, englishCatalog) = (folder + "/de.json", folder + "/en.json")
    let initialised = try run("ail-ai", ["catalog", "init", "--catalog", germanCatalog], environment: locale)
    #expect(initialised.status == 0, "\(initialised.stderr)")
    #expect(initialised.stderr.contains("Ordner Mail/Antworten, "), "\(initialised.stderr)")
    #expect(initialised.stderr.contains("Vorlage Notizen/Korrektur, "))
    #expect(initialised.stderr.contains("zu \(germanCatalog) hinzugefügt"))
    _ = try run("ail-ai", ["catalog", "init", "--catalog", englishCatalog])

    let presets = try run("ail-ai", ["catalog", "list", "folders", "--catalog", germanCatalog]).stdout
    for path in ["Mail/Antworten", "Mail/Weiterleiten", "Mail/Analysieren", "Notizen", "Artikel", "Allgemein"] {
      #expect(presets.contains(path + "\t") || presets.contains(path + "\n"), "no folder \(path): \(presets)")
    }
    func prompt(_ arguments: [String], catalog: String) throws -> ToolRun {
      try run("ail-ai", ["prompt"] + arguments + ["--catalog", catalog], environment: locale)
    }
    let friendly = try prompt(["--recipe", "Mail/Antworten/Freundlich"], catalog: germanCatalog)
    // The menu path as a recipe: its folders become headings, the preset supplies the German text.
    #expect(
      friendly.stdout.hasPrefix(
        "# Mail\n\n# Antworten\n\nSchreibe eine freundliche, kurze Antwort auf die folgende E-Mail")
        && friendly.stdout.contains("in einem herzlichen, aber professionellen Ton."),
      "\(friendly.stdout)\(friendly.stderr)")
    #expect(try prompt([], catalog: germanCatalog).stdout.hasPrefix("Korrigiere Rechtschreibung, Grammatik"))
    #expect(
      try prompt(["--recipe", "Allgemein/Übersetzen", "--var", "Sprache=Französisch"], catalog: germanCatalog).stdout
        .contains("in die Sprache Französisch."))
    // The documented English names resolve in the German catalog, to the same prompt as in English.
    for arguments in [["--recipe", "Mail/Reply/Friendly", "--var", "Tone=formal"], ["--preset", "Proofread"]] {
      let inGerman = try prompt(arguments, catalog: germanCatalog)
      #expect(inGerman.status == 0, "\(inGerman.stderr)")
      #expect(inGerman.stdout == (try run("ail-ai", ["prompt"] + arguments + ["--catalog", englishCatalog])).stdout)
    }
    // English keeps the English set alone.
    let english = try run("ail-ai", ["catalog", "list", "--catalog", englishCatalog]).stdout
    #expect(english.contains("Friendly") && !english.contains("Freundlich"))

    let refused = try run("ail-ai", ["catalog", "rm", "Notizen", "--catalog", germanCatalog], environment: locale)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("Ordner \"Notizen\" enthält 2 Menüeinträge: sie zuerst entfernen"), "\(refused.stderr)")
    let unknown = try run(
      "ail-ai", ["prompt", "--preset", "Korektur", "--catalog", germanCatalog], environment: locale)
    #expect(
      unknown.stderr.contains("keine Vorlage namens \"Korektur\"; meinten Sie \"Korrektur\"?"), "\(unknown.stderr)")
    let again = try run("ail-ai", ["catalog", "init", "--catalog", germanCatalog], environment: locale)
    #expect(again.stderr.contains("enthält die voreingestellten Kategorien schon"), "\(again.stderr)")
    let missing = try prompt(["--recipe", "Mail/Antworten/Freundlich"], catalog: folder + "/none.json")
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("Fehler:"), "\(missing.stderr)")

    let help = words(try run("ail-ai", ["catalog", "init", "--help"], environment: locale).stdout)
    #expect(help.contains("den deutschen Satz der ursprünglichen App"), "\(help)")
  }

  // MARK: ail-mail

  @Test(arguments: germanLocales) func aReplySaysAmSchriebAndAW(locale: [String: String]) throws {
    let original = AilMailTests.fixtures.appendingPathComponent("03-nested.eml").path
    let environment = ["EMAIL": "Team <team@example.org>", "TZ": "UTC"]
    let english = try run(
      "ail-mail", ["reply", "--original", original], environment: environment, stdin: "Danke, Anna!\n")
    let german = try run(
      "ail-mail", ["reply", "--original", original], environment: environment.merging(locale) { $1 },
      stdin: "Danke, Anna!\n")
    #expect(german.status == 0, "\(german.stderr)")
    #expect(german.stdout.contains("\nSubject: AW: Nested multiparts\n"), "\(german.stdout)")
    #expect(english.stdout.contains("\nSubject: Re: Nested multiparts\n"))
    let text = try run("ail-mail", ["body"], stdin: german.stdout).stdout
    #expect(text.contains("Danke, Anna!\n\nAm 15.01.2024 13:30 schrieb Anna Example:\n> "), "\(text)")
    let englishText = try run("ail-mail", ["body"], stdin: english.stdout).stdout
    #expect(englishText.contains("\n\nOn Mon, 15 Jan 2024 13:30:00 +0000, Anna Example wrote:\n> "), "\(englishText)")

    let forward = try run(
      "ail-mail", ["forward", "--original", original, "--to", "Bob <bob@example.org>"],
      environment: environment.merging(locale) { $1 }, stdin: "Zur Info.\n")
    #expect(forward.status == 0, "\(forward.stderr)")
    #expect(forward.stdout.contains("\nSubject: WG: Nested multiparts\n"), "\(forward.stdout)")
    let forwarded = try run("ail-mail", ["body"], stdin: forward.stdout).stdout
    #expect(forwarded.contains("Zur Info.\n\n---------- Weitergeleitete Nachricht ----------\nVon: Anna Example"))
    #expect(forwarded.contains("\nDatum: 15.01.2024 13:30\nBetreff: Nested multiparts\n"), "\(forwarded)")
    let englishForward = try run(
      "ail-mail", ["forward", "--original", original, "--to", "bob@example.org"], environment: environment,
      stdin: "FYI.\n")
    #expect(englishForward.stdout.contains("\nSubject: Fwd: Nested multiparts\n"))

    // Records and errors: the records are the same, the messages German.
    let parsed = try run("ail-mail", ["parse", original], environment: locale)
    #expect(parsed.stdout == (try run("ail-mail", ["parse", original])).stdout)
    let empty = try run("ail-mail", ["reply", "--original", original], environment: locale, stdin: " \n")
    #expect(empty.status == 65)
    #expect(empty.stderr.contains("Standardeingabe: kein Text für die Antwort"), "\(empty.stderr)")
  }

  /// `LC_ALL=C` is the English scripts rely on, whatever LANG and LANGUAGE say.
  @Test func theCLocaleWritesEnglishDrafts() throws {
    let original = AilMailTests.fixtures.appendingPathComponent("03-nested.eml").path
    let draft = try run(
      "ail-mail", ["reply", "--original", original],
      environment: ["LANGUAGE": "de", "LC_ALL": "C", "LANG": "de_DE.UTF-8"], stdin: "Thanks!\n")
    #expect(draft.stdout.contains("\nSubject: Re: Nested multiparts\n"), "\(draft.stdout)")
  }
}
