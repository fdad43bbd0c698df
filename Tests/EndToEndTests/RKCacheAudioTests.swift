import Foundation
import TestSupport
import Testing

/// `rk-cache audio` with the real speech programs and ffmpeg: two articles, one English and one
/// German, as one .m4b whose chapters ffprobe reads and whose first chapter Whisper hears back.
@Suite struct RKCacheAudioTests {
  static let englishText =
    "The boats came back to the harbor in the evening. The fishermen sold their fish at the market, "
    + "and the children watched the birds over the water."
  static let english =
    #"{"kind":"article","id":"en1","bookmark":{"title":"The Quiet Harbor","site_name":"example.org","lang":"en","url":"https://example.org/harbor"},"html":"<p>"#
    + englishText
    + #"</p><p>Pictures are at https://example.org/pictures today.</p><pre><code>let harbor = 1</code></pre>","fetched_at":"2026-11-22T00:00:00Z"}"#
  static let german =
    #"{"kind":"article","id":"de1","bookmark":{"title":"Der stille Hafen","site_name":"beispiel.de","lang":"de-DE","url":"https://beispiel.de/hafen"},"html":"<p>Am Abend kehrten die Boote in den Hafen zurück. Die Fischer verkauften ihren Fang auf dem Markt, und die Kinder schauten den Möwen über dem Wasser zu.</p>","fetched_at":"2026-11-22T00:00:00Z"}"#

  /// A store holding both articles, in a folder of its own.
  private func withStore(_ body: (_ folder: String, _ db: String) throws -> Void) throws {
    let folder = try TemporaryFolder.made("rk-cache-audio")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let stored = try run("rk-cache", ["store", "--db", db], stdin: Self.english + "\n" + Self.german + "\n")
    try #require(stored.status == 0, "\(stored.stderr)")
    try body(folder, db)
  }

  private struct Probe {
    var chapters: [(title: String, start: Double, end: Double)]
    var tags: [String: String]
    var codecs: [String]
  }

  private func probe(_ book: String) throws -> Probe {
    let probed = try run(
      "/usr/bin/ffprobe", ["-v", "error", "-show_chapters", "-show_format", "-show_streams", "-of", "json", book])
    try #require(probed.status == 0, "\(probed.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(probed.stdout.utf8)) as? [String: Any])
    let chapters = (json["chapters"] as? [[String: Any]] ?? []).map { chapter in
      (
        title: (chapter["tags"] as? [String: String])?["title"] ?? "",
        start: Double(chapter["start_time"] as? String ?? "") ?? -1,
        end: Double(chapter["end_time"] as? String ?? "") ?? -1
      )
    }
    let format = json["format"] as? [String: Any] ?? [:]
    let streams = json["streams"] as? [[String: Any]] ?? []
    return Probe(
      chapters: chapters, tags: format["tags"] as? [String: String] ?? [:],
      codecs: streams.filter { $0["codec_type"] as? String == "audio" }.compactMap { $0["codec_name"] as? String })
  }

  /// What the folder holds besides the store: the book and nothing half-written.
  private func leftovers(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("cache.sqlite") }.sorted()
  }

  private func expectTwoChapters(_ book: String) throws -> Probe {
    let probe = try probe(book)
    #expect(probe.chapters.map(\.title) == ["The Quiet Harbor", "Der stille Hafen"])
    for chapter in probe.chapters { #expect(chapter.end - chapter.start > 1, "\(chapter)") }
    if probe.chapters.count == 2 { #expect(abs(probe.chapters[0].end - probe.chapters[1].start) < 0.001) }
    #expect(probe.tags["title"]?.hasPrefix("Readeck ") == true, "\(probe.tags)")
    #expect(probe.tags["date"]?.count == 10, "\(probe.tags)")
    #expect(probe.tags["artist"] == "example.org, beispiel.de")
    #expect(probe.codecs == ["aac"])
    return probe
  }

  @Test(.needsEspeakNG, .needsFFmpeg, .needsFFprobe)
  func espeakReadsBothArticlesAsChaptersInTheOrderGiven() throws {
    try withStore { folder, db in
      let book = folder + "/book.m4b"
      let made = try run("rk-cache", ["audio", "--db", db, "en1", "de1", "-o", book])
      #expect(made.status == 0, "\(made.stderr)")
      #expect(made.stdout.isEmpty)
      #expect(made.stderr.contains("article 1/2: The Quiet Harbor (espeak-ng en-us, 1 piece)"), "\(made.stderr)")
      #expect(made.stderr.contains("article 2/2: Der stille Hafen (espeak-ng de, 1 piece)"), "\(made.stderr)")
      #expect(made.stderr.contains("wrote \(book): 2 chapters"), "\(made.stderr)")
      _ = try expectTwoChapters(book)
      #expect(try leftovers(folder) == ["book.m4b"])
      let mode = try FileManager.default.attributesOfItem(atPath: book)[.posixPermissions] as? Int
      #expect(mode == 0o600)

      let quiet = try run("rk-cache", ["audio", "--db", db, "de1", "-o", folder + "/one.m4b", "--quiet"])
      #expect(quiet.status == 0)
      #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
      // One article: the book takes its title.
      #expect(try probe(folder + "/one.m4b").tags["title"] == "Der stille Hafen")
    }
  }

  @Test(.needsEspeakNG, .needsFFmpeg, .needsFFprobe, .needsPiper)
  func piperReadsBothArticles() throws {
    try withStore { folder, db in
      let book = folder + "/book.m4b"
      let (piper, voice) = (SpeechVenv.piper!, SpeechVenv.englishVoice!)
      let made = try run(
        "rk-cache", ["audio", "--db", db, "en1", "de1", "-o", book, "--piper", piper, "--voice", voice])
      #expect(made.status == 0, "\(made.stderr)")
      #expect(made.stderr.contains("(piper en_US-joe-medium.onnx, 1 piece)"), "\(made.stderr)")
      _ = try expectTwoChapters(book)
      #expect(try leftovers(folder) == ["book.m4b"])
    }
  }

  @Test(.needsEspeakNG, .needsFFmpeg, .needsFFprobe, .needsFasterWhisper)
  func whisperHearsTheFirstChapterFromEspeak() throws {
    try heardBack(piper: false)
  }

  @Test(.needsEspeakNG, .needsFFmpeg, .needsFFprobe, .needsPiper, .needsFasterWhisper)
  func whisperHearsTheFirstChapterFromPiper() throws {
    try heardBack(piper: true)
  }

  /// Cuts the first chapter out at ffprobe's times and has faster-whisper (tiny.en) transcribe
  /// it: most of the English article's words come back, and none of the address or the code.
  private func heardBack(piper: Bool) throws {
    try withStore { folder, db in
      let book = folder + "/book.m4b"
      let speech = piper ? ["--piper", SpeechVenv.piper!, "--voice", SpeechVenv.englishVoice!] : []
      let made = try run("rk-cache", ["audio", "--db", db, "en1", "de1", "-o", book] + speech)
      try #require(made.status == 0, "\(made.stderr)")
      let first = try #require(try probe(book).chapters.first)
      let wav = folder + "/first.wav"
      let cut = try run(
        "/usr/bin/ffmpeg",
        [
          "-nostdin", "-v", "error", "-i", book, "-ss", String(first.start), "-to", String(first.end), "-ac", "1",
          "-ar", "16000", wav,
        ])
      try #require(cut.status == 0, "\(cut.stderr)")
      let heard = try run(
        "ail-transcribe",
        [
          wav, "--engine", "faster-whisper", "--python", SpeechVenv.python!, "--model-dir", SpeechVenv.tinyEnModel!,
          "--format", "text",
        ])
      try #require(heard.status == 0, "\(heard.stderr)")
      let words = Self.words(Self.englishText)
      let back = Set(Self.words(heard.stdout))
      let found = words.filter(back.contains).count
      #expect(Double(found) >= 0.7 * Double(words.count), "heard: \(heard.stdout)")
      #expect(!back.contains("https") && !back.contains("let"), "heard: \(heard.stdout)")
      // The German chapter is not in the first one.
      #expect(!back.contains("hafen") && !back.contains("abend"), "heard: \(heard.stdout)")
    }
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter }.map(String.init)
  }

  @Test func anUnknownArticleWritesNothing() throws {
    try withStore { folder, db in
      let made = try run("rk-cache", ["audio", "--db", db, "en1", "nope", "-o", folder + "/book.m4b"])
      #expect(made.status == 1)
      #expect(made.stderr == "rk-cache: error: no article nope in the cache; no book written\n")
      #expect(try leftovers(folder).isEmpty)
    }
  }

  @Test func aFailingSynthesizerNamesTheArticleAndLeavesNoBook() throws {
    try withStore { folder, db in
      let voice = folder + "/voice.onnx"
      try Data("not a model".utf8).write(to: URL(fileURLWithPath: voice))
      let made = try run(
        "rk-cache",
        ["audio", "--db", db, "en1", "de1", "-o", folder + "/book.m4b", "--piper", "/bin/false", "--voice", voice])
      #expect(made.status == 69)
      #expect(
        made.stderr.contains("error: \"The Quiet Harbor\" (en1): piper voice.onnx failed with exit status 1"),
        "\(made.stderr)")
      #expect(try leftovers(folder) == ["voice.onnx"])
    }
  }

  @Test(.needsEspeakNG)
  func theConfigGivesAVoicePerLanguage() throws {
    try withStore { folder, db in
      let voice = folder + "/de.onnx"
      try Data("not a model".utf8).write(to: URL(fileURLWithPath: voice))
      try FileManager.default.createDirectory(atPath: folder + "/config/readkeep", withIntermediateDirectories: true)
      try Data("[rk-cache]\npiper = /bin/false\nvoice.de = \(voice)\n".utf8)
        .write(to: URL(fileURLWithPath: folder + "/config/readkeep/config"))
      let made = try run(
        "rk-cache", ["audio", "--db", db, "en1", "de1", "-o", folder + "/book.m4b"],
        environment: ["XDG_CONFIG_HOME": folder + "/config"])
      // English falls back to espeak-ng; German goes to the configured Piper, which fails here.
      #expect(made.stderr.contains("article 1/2: The Quiet Harbor (espeak-ng en-us, 1 piece)"), "\(made.stderr)")
      #expect(made.stderr.contains("error: \"Der stille Hafen\" (de1): piper de.onnx failed"), "\(made.stderr)")
      #expect(made.status == 69)
      #expect(try leftovers(folder) == ["config", "de.onnx"])

      let missing = try run(
        "rk-cache", ["audio", "--db", db, "de1", "-o", folder + "/book.m4b", "--voice", folder + "/none.onnx"],
        environment: ["XDG_CONFIG_HOME": folder + "/config"])
      #expect(missing.status == 66)
      #expect(missing.stderr.contains("no Piper voice at \(folder)/none.onnx (option --voice)"), "\(missing.stderr)")
    }
  }

  @Test(.needsEspeakNG, .needsFFmpeg)
  func ctrlCStopsTheSpeechProgramAndLeavesNothingBehind() throws {
    let folder = try TemporaryFolder.made("rk-cache-audio-interrupt")
    defer { TemporaryFolder.remove(folder) }
    let (db, scratch) = (folder + "/cache.sqlite", folder + "/tmp")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    // About 4,500 words: half a minute of espeak-ng, in pieces.
    let html = "<p>" + String(repeating: Self.englishText + " ", count: 150) + "</p>"
    let record: [String: Any] = [
      "kind": "article", "id": "long1", "html": html, "fetched_at": "2026-11-22T00:00:00Z",
      "bookmark": ["title": "The Long Harbor", "lang": "en", "url": "https://example.org/long"],
    ]
    let line = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
    try #require(try run("rk-cache", ["store", "--db", db], stdin: line + "\n").status == 0)

    let process = Process()
    process.executableURL = binaries.appendingPathComponent("rk-cache")
    process.arguments = ["audio", "--db", db, "long1", "-o", folder + "/book.m4b"]
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TMPDIR": scratch]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var started = false
    while !started, let line = try readLine(errors.fileHandleForReading, timeout: 30) {
      started = line.contains("article 1/1")
    }
    try #require(started, "the book was begun")
    usleep(1_500_000)  // a piece is being spoken
    process.interrupt()
    let deadline = Date().addingTimeInterval(15)
    while process.isRunning && Date() < deadline { usleep(50_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("cache.sqlite") }
    #expect(left == ["tmp"], "no book and no partial book: \(left)")
    // (espeak-ng's sound library leaves a pulse-… folder of its own there.)
    let scratchLeft = try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix("rk-cache") }
    #expect(scratchLeft.isEmpty, "the scratch files are gone: \(scratchLeft)")
    // No speech program goes on writing into the scratch folder.
    let running = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
      guard Int(entry) != nil, let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
        return false
      }
      return String(decoding: command, as: UTF8.self).contains(scratch)
    }
    #expect(running.isEmpty, "still running: \(running)")
  }

  @Test(.needsEspeakNG, .needsFFmpeg, .needsFFprobe)
  func theMakeTargetReadsTheUnreadArticles() throws {
    try withStore { folder, db in
      #expect(try run("rk-cache", ["mark", "--db", db, "en1", "--progress", "100"]).status == 0)
      let made = try run(
        "/usr/bin/make",
        [
          "-s", "-f", ReadkeepMakefileTests.makefile, "audiobook", "RK_BIN=\(binaries.path)", "DB=\(db)",
          "AUDIOBOOK=\(folder)/unread.m4b",
        ])
      #expect(made.status == 0, "\(made.stderr)")
      #expect(try probe(folder + "/unread.m4b").chapters.map(\.title) == ["Der stille Hafen"])

      // Everything read: nothing to make, said in the user's language, and no failure.
      #expect(try run("rk-cache", ["mark", "--db", db, "de1", "--progress", "100"]).status == 0)
      let none = try run(
        "/usr/bin/make",
        [
          "-s", "-f", ReadkeepMakefileTests.makefile, "audiobook", "RK_BIN=\(binaries.path)", "DB=\(db)",
          "AUDIOBOOK=\(folder)/none.m4b",
        ], environment: ["LANG": "de_DE.UTF-8"])
      #expect(none.status == 0, "\(none.stderr)")
      #expect(none.stderr.contains("kein ungelesener Artikel"), "\(none.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/none.m4b"))
    }
  }
}

extension DocumentedExamples {
  /// `rk-cache audio`'s examples in the README and the help, run with espeak-ng in the sandbox.
  static let audiobook: [String: DocumentedExample] = [
    "rk-cache audio \(Sandbox.firstID) -o a.m4b": .runs { run in
      run.expect(run.shell(chapterTitles + " a.m4b").split(separator: "\n").count == 1, "one chapter")
    },
    "rk-cache audio \(Sandbox.firstID) -o article.m4b": .runs { run in
      run.expect(run.shell(chapterTitles + " article.m4b").split(separator: "\n").count == 1, "one chapter")
    },
    "rk-cache audio \(Sandbox.firstID) -o a.m4b --piper ~/.venvs/piper/bin/piper --voice ~/voices/en_US-joe-medium.onnx":
      .notRun("needs Piper and a voice; RKCacheAudioTests.piperReadsBothArticles runs them from the speech venv"),
    "rk-cache audio A B C -o week.m4b --piper ~/piper/bin/piper --voice ~/voices/en_US-joe-medium.onnx": .notRun(
      "needs Piper and a voice, and names ids for the reader to replace; RKCacheAudioTests runs Piper on two"),
    "python3 -m venv ~/.venvs/piper && ~/.venvs/piper/bin/pip install piper-tts": .notRun(
      "downloads from PyPI; scripts/speech-venv makes the same environment for the tests"),
    "make -f scripts/readkeep.mk audiobook": .runs { run in
      let chapters = run.shell(chapterTitles + " unread.m4b").split(separator: "\n").count
      let unread = run.shell(
        #"rk-cache list | grep -v '"is_archived":true' | grep -v '"read_progress":100[,}]' | grep -c '"cached_at"'"#)
      run.expect(chapters > 0 && String(chapters) + "\n" == unread, "a chapter per unread article")
    },
    "make -f scripts/readkeep.mk audiobook AUDIOBOOK=unread.m4b": .notRun(
      "the same recipe and book as make -f scripts/readkeep.mk audiobook, which runs"),
    "make -f /usr/share/rk-ail/readkeep.mk audiobook AUDIOBOOK=unread.m4b": .notRun(
      "the installed path; README's scripts/readkeep.mk audiobook AUDIOBOOK=unread.m4b runs the same recipe"),
  ]

  /// ffprobe's chapter titles of a book, one a line.
  static let chapterTitles = "ffprobe -v error -show_entries chapter_tags=title -of csv=p=0"
}
