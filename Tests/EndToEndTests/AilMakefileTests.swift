import Foundation
import LLMFake
import TestSupport
import Testing
import Wire

/// scripts/ail.mk: voice memos in a folder become ail-log entries, once each.
@Suite struct AilMakefileTests {
  static let makefile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/ail.mk").path

  @Test(.needsPocketSphinx, .needsMake)
  func eachRecordingIsFiledOnceWithItsAudioAndTheCacheAnswersARepeat() async throws {
    let fake = try await FakeLLM.start(.init(models: [FakeModel("m", answer: .text("A tidy note."))]))
    let folder = TemporaryFolder.path("memos")
    defer { TemporaryFolder.remove(folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: AilTranscribeTests.wav, toPath: folder + "/monday.wav")
    try FileManager.default.copyItem(atPath: AilTranscribeTests.m4a, toPath: folder + "/tuesday.m4a")
    let environment = ["XDG_CACHE_HOME": folder + "/.cache", "XDG_CONFIG_HOME": folder + "/.config"]
    let db = folder + "/notes.sqlite"
    func make() throws -> ToolRun {
      try run(
        "/usr/bin/make",
        [
          "-f", Self.makefile, "MEMOS=\(folder)", "AIL_BIN=\(binaries.path)", "SYSTEM=Clean up.",
          "AI_OPTS=--base-url \(fake.baseURL)/v1 --model m", "LOG_DB=\(db)", "CATEGORY=Voice", "TAGS=memo monday",
        ],
        environment: environment)
    }
    func entries() throws -> [JSONValue] { try run("ail-log", ["list", "--sort", "title", "--db", db]).records }
    do {
      let first = try make()
      #expect(first.status == 0, "\(first.stderr)")
      let filed = try entries()
      #expect(filed.map { $0["title"]?.stringValue } == ["monday", "tuesday"])
      #expect(filed.allSatisfy { $0["content"] == .string("A tidy note.") && $0["category"] == .string("Voice") })
      #expect(filed.allSatisfy { $0["tags"] == .array([.string("memo"), .string("monday")]) })
      let audio = try run("ail-log", ["audio", filed.first?["id"]?.stringValue ?? "", "--db", db]).stdout
      #expect(
        FileManager.default.contents(atPath: audio.trimmingCharacters(in: .newlines))
          == FileManager.default.contents(atPath: folder + "/monday.wav"))
      // The transcript went to the model once with the system prompt, its chunks not at all. Both
      // recordings say the same, so the second answer came from the response cache.
      let asked = fake.requests(route: .chatCompletions)
      #expect(asked.count == 1)
      let bodies = asked.map { String(decoding: $0.body, as: UTF8.self) }
      #expect(bodies.allSatisfy { $0.contains("quick brown fox") && $0.contains("Clean up.") })

      let again = try make()
      #expect(again.status == 0)
      #expect(!again.stdout.contains("monday") && !again.stdout.contains("tuesday"), "\(again.stdout)")
      #expect(try entries().count == 2)

      // A recording touched later is transcribed again, but the store knows its content.
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: folder + "/monday.wav")
      let touched = try make()
      #expect(touched.status == 0, "\(touched.stderr)")
      #expect(touched.stdout.contains("monday.wav") && !touched.stdout.contains("tuesday.m4a"))
      #expect(try entries().count == 2)
      #expect(fake.requests(route: .chatCompletions).count == 1)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test(.needsMake)
  func aFailingStageLeavesNoNote() async throws {
    let folder = TemporaryFolder.path("memos")
    defer { TemporaryFolder.remove(folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("RIFF not audio".utf8).write(to: URL(fileURLWithPath: folder + "/broken.wav"))
    let result = try run(
      "/usr/bin/make",
      [
        "-f", Self.makefile, "MEMOS=\(folder)", "AIL_BIN=\(binaries.path)", "SYSTEM=x",
        "AI_OPTS=--base-url http://127.0.0.1:9/v1 --model m", "LOG_DB=\(folder)/log.sqlite",
      ],
      environment: ["PATH": "/nonexistent:/usr/bin:/bin"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("broken.wav"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/.ail-log/broken.wav.filed"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/log.sqlite"), "nothing was filed")
  }
}
