import Foundation
import TestSupport
import Testing
import Wire

/// ail-transcribe as a built process on the committed fixtures (scripts/gen-audio-fixtures):
/// four flite sentences with 1.5 s of silence between them, as WAV and as AAC m4a.
@Suite struct AilTranscribeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Audio")
  static let wav = fixtures.appendingPathComponent("long16.wav").path
  static let m4a = fixtures.appendingPathComponent("long.m4a").path
  /// Where the speech is, from auditok (`-e 50 -s 0.8 -m inf -g 0`) on long16.wav.
  static let auditok: [(Double, Double)] = [(0.72, 3.31), (5.24, 7.84), (9.72, 12.09), (13.98, 15.94)]
  static var sentences: [String] {
    (try? String(contentsOfFile: fixtures.appendingPathComponent("sentences.txt").path, encoding: .utf8))?
      .split(separator: "\n").map(String.init) ?? []
  }

  static var hasFFmpeg: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") }
  static var hasPocketSphinx: Bool {
    FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
      && ["/usr/lib/x86_64-linux-gnu/libpocketsphinx.so.3", "/usr/lib/aarch64-linux-gnu/libpocketsphinx.so.3"]
        .contains { FileManager.default.fileExists(atPath: $0) }
  }

  func segments(_ run: ToolRun) -> [(Double, Double)] {
    run.records(kind: "segment").map { ($0["start"]?.numberValue ?? -1, $0["end"]?.numberValue ?? -1) }
  }

  @Test func segmentsOfTheWAVAreWithinFiftyMillisecondsOfAuditok() throws {
    let result = try run("ail-transcribe", ["--segments-only", Self.wav])
    #expect(result.status == 0, "\(result.stderr)")
    let found = segments(result)
    try #require(found.count == 4, "\(result.stdout)")
    for (ours, theirs) in zip(found, Self.auditok) {
      #expect(abs(ours.0 - theirs.0) <= 0.05 && abs(ours.1 - theirs.1) <= 0.05, "\(ours) vs auditok \(theirs)")
    }
    #expect(result.records(kind: "segment").map { $0["index"]?.intValue } == [0, 1, 2, 3])
    #expect(result.records(kind: "segment").allSatisfy { $0["file"]?.stringValue == Self.wav })
  }

  @Test(.needsFFmpeg)
  func theM4AIsDecodedByFFmpegToTheSameSegments() throws {
    let wav = segments(try run("ail-transcribe", ["--segments-only", Self.wav]))
    let m4a = segments(try run("ail-transcribe", ["--segments-only", Self.m4a]))
    try #require(m4a.count == wav.count)
    for (a, b) in zip(m4a, wav) { #expect(abs(a.0 - b.0) <= 0.03 && abs(a.1 - b.1) <= 0.03, "\(a) vs \(b)") }
  }

  @Test func textFormatForSegmentsAndSettingsThatChangeThem() throws {
    let text = try run("ail-transcribe", ["--segments-only", "--format", "text", Self.wav])
    #expect(text.stdout.split(separator: "\n").count == 4)
    #expect(text.stdout.hasPrefix("0.7"))
    // A hold longer than the 1.5 s gaps joins everything into one chunk.
    let joined = try run("ail-transcribe", ["--segments-only", "--silence-hold", "2", Self.wav])
    #expect(segments(joined).count == 1)
    // A maximum of 2 s splits every sentence (each over 2 s long) at least once.
    let split = try run("ail-transcribe", ["--segments-only", "--max-chunk", "2", "--min-chunk", "0", Self.wav])
    #expect(segments(split).count > 4)
    #expect(segments(split).allSatisfy { $0.1 - $0.0 <= 2.07 })
    // The least sensitive setting (0.02 RMS) still hears this speech; so does -10 dBFS, since it
    // peaks above it; -3 dBFS hears none. (This once read "-10 hears none" and passed only because
    // `--silence-db -10` was a usage error that wrote nothing; a negative value is now taken.)
    #expect(segments(try run("ail-transcribe", ["--segments-only", "--sensitivity", "0", Self.wav])).count == 4)
    let loud = try run("ail-transcribe", ["--segments-only", "--silence-db", "-10", Self.wav])
    #expect(loud.status == 0, "\(loud.stderr)")
    #expect(segments(loud).count == 4)
    let deaf = try run("ail-transcribe", ["--segments-only", "--silence-db", "-3", Self.wav])
    #expect(deaf.status == 0, "\(deaf.stderr)")
    #expect(segments(deaf).isEmpty)
  }

  @Test func liveInputWritesEachChunkAsSoonAsItIsCommitted() throws {
    let pcm = try Self.rawPCM(Self.wav)
    let (process, input, reader) = try startTool("ail-transcribe", ["--live", "--segments-only", "-"])
    // The first 5 s: the first sentence (ends at 3.3 s) plus more than the hold after it.
    try input.write(contentsOf: pcm.prefix(5 * 16000 * 2))
    let firstLine = try readLine(reader, timeout: 10)
    #expect(
      firstLine?.contains(#""kind":"segment""#) == true, "no record before the input ended: \(firstLine ?? "nothing")")
    #expect(process.isRunning)
    try input.write(contentsOf: pcm.dropFirst(5 * 16000 * 2))
    try input.close()
    let rest = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(rest.split(separator: "\n").count == 3)
  }

  @Test(.needsPocketSphinx, .needsFFmpeg)
  func recognisesTheFixtureWithPocketSphinxWithinAWordErrorBound() throws {
    let result = try run("ail-transcribe", ["--engine", "pocketsphinx", "--language", "en-US", Self.m4a])
    #expect(result.status == 0, "\(result.stderr)")
    let chunks = result.records(kind: "transcript_chunk")
    try #require(chunks.count == 4, "\(result.stdout)")
    for (chunk, sentence) in zip(chunks, Self.sentences) {
      let error = Self.wordErrorRate(chunk["text"]?.stringValue ?? "", reference: sentence)
      #expect(error <= 0.25, "\(chunk["text"]?.stringValue ?? "") vs \(sentence): WER \(error)")
      #expect(chunk["engine"]?.stringValue == "pocketsphinx")
      #expect(chunk["language"]?.stringValue == "en-US")
      // Word times lie inside the recording, near the chunk.
      let words = chunk["words"]?.arrayValue ?? []
      #expect(!words.isEmpty)
      let start = chunk["start"]?.numberValue ?? 0
      let end = chunk["end"]?.numberValue ?? 0
      #expect(
        words.allSatisfy {
          ($0["start"]?.numberValue ?? -9) >= start - 0.3 && ($0["end"]?.numberValue ?? 99) <= end + 0.3
        })
    }
    let whole = Self.wordErrorRate(
      result.records(kind: "transcript").first?["text"]?.stringValue ?? "",
      reference: Self.sentences.joined(separator: " "))
    #expect(whole <= 0.15, "WER \(whole)")
    let transcript = try #require(result.records(kind: "transcript").first)
    #expect(transcript["chunks"]?.intValue == 4)
    #expect(abs((transcript["duration"]?.numberValue ?? 0) - 16.6) < 0.05)
  }

  @Test(.needsPocketSphinx)
  func subtitleAndDocumentFormats() throws {
    let srt = try run("ail-transcribe", ["--engine", "pocketsphinx", "--format", "srt", Self.wav])
    #expect(srt.status == 0, "\(srt.stderr)")
    #expect(srt.stdout.hasPrefix("1\n00:00:00,7"))
    #expect(srt.stdout.contains("\n\n4\n00:00:13,9"))
    let vtt = try run("ail-transcribe", ["--engine", "pocketsphinx", "--format", "vtt", Self.wav])
    #expect(vtt.stdout.hasPrefix("WEBVTT\n\n00:00.7"))
    let json = try run("ail-transcribe", ["--engine", "pocketsphinx", "--format", "json", Self.wav])
    let document = try #require(json.records.first)
    #expect(document["chunks"]?.arrayValue?.count == 4)
    #expect(document["kind"] == nil)
    let text = try run("ail-transcribe", ["--engine", "pocketsphinx", "--format", "text", Self.wav])
    #expect(text.stdout.split(separator: "\n").count == 4)
  }

  @Test(.needsPocketSphinx)
  func germanFromTheOfflineEngineSaysWhichEngineToUse() throws {
    let result = try run("ail-transcribe", ["--engine", "pocketsphinx", "--language", "de-DE", Self.wav])
    #expect(result.status == 69)
    #expect(result.stderr.contains("US English only") && result.stderr.contains("--engine openai"))
    #expect(result.stdout.isEmpty)
  }

  @Test func failuresAreReportedPerFileAndTheOthersGoOn() throws {
    let broken = TemporaryFolder.path("broken") + ".wav"
    try Data("RIFF....WAVEjunk".utf8).write(to: URL(fileURLWithPath: broken))
    defer { TemporaryFolder.remove(broken) }
    let result = try run(
      "ail-transcribe", ["--segments-only", "/nonexistent/memo.wav", broken, Self.wav],
      environment: ["PATH": Self.hasFFmpeg ? "/usr/bin:/bin" : "/nonexistent"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("/nonexistent/memo.wav"))
    #expect(result.stderr.contains(broken))
    #expect(segments(result).count == 4)
    #expect(result.records(kind: "segment").allSatisfy { $0["file"]?.stringValue == Self.wav })
  }

  @Test func withoutFFmpegANonWAVFileSaysToInstallIt() throws {
    let result = try run("ail-transcribe", ["--segments-only", "--ffmpeg", "/nonexistent/ffmpeg", Self.m4a])
    #expect(result.status == 69)
    #expect(result.stderr.contains("ffmpeg is needed"))
  }

  @Test func aLanguageOrEngineRefusedWhenTheRunStartsIsAUsageError() throws {
    #expect(try run("ail-transcribe", ["--language", "fr-FR", "--segments-only", Self.wav]).status == 64)
    let offline = try run(
      "ail-transcribe", ["--offline", "--engine", "openai", "--base-url", "http://127.0.0.1:9/v1", Self.wav])
    #expect(offline.status == 64)
    #expect(offline.stderr.contains("--offline"))
  }

  /// The samples of a 16-bit WAV file without its header, as arecord would send them.
  static func rawPCM(_ path: String) throws -> Data {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let range = bytes.range(of: Data("data".utf8)) else { throw CocoaError(.fileReadCorruptFile) }
    return bytes.subdata(in: (range.upperBound + 4)..<bytes.count)
  }

  /// One line from `handle` within `timeout` seconds, or nil.
  /// Word error rate: word-level edit distance over the reference's length, ignoring case and
  /// punctuation.
  static func wordErrorRate(_ hypothesis: String, reference: String) -> Double {
    func words(_ text: String) -> [String] {
      text.lowercased().split(whereSeparator: { $0.isWhitespace }).map { $0.filter { $0.isLetter || $0 == "'" } }.filter
      { !$0.isEmpty }
    }
    let said = words(hypothesis)
    let truth = words(reference)
    guard !truth.isEmpty else { return said.isEmpty ? 0 : 1 }
    var row = Array(0...said.count)
    for (i, word) in truth.enumerated() {
      var next = [i + 1] + Array(repeating: 0, count: said.count)
      for j in 0..<said.count {
        next[j + 1] = min(row[j + 1] + 1, next[j] + 1, row[j] + (said[j] == word ? 0 : 1))
      }
      row = next
    }
    return Double(row[said.count]) / Double(truth.count)
  }
}
