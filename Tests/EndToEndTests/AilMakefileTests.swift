import Foundation
import LLMFake
import Testing

/// scripts/ail.mk: voice memos in a folder become notes next to them, once.
@Suite struct AilMakefileTests {
  static let makefile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/ail.mk").path

  @Test(.needsPocketSphinx, .needsMake)
  func eachRecordingBecomesANoteOnceAndTheCacheAnswersARepeat() async throws {
    let fake = try await FakeLLM.start(.init(models: [FakeModel("m", answer: .text("A tidy note."))]))
    let folder = NSTemporaryDirectory() + "memos-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: AilTranscribeTests.wav, toPath: folder + "/monday.wav")
    try FileManager.default.copyItem(atPath: AilTranscribeTests.m4a, toPath: folder + "/tuesday.m4a")
    let environment = ["XDG_CACHE_HOME": folder + "/.cache", "XDG_CONFIG_HOME": folder + "/.config"]
    func make() throws -> ToolRun {
      try run(
        "/usr/bin/make",
        [
          "-f", Self.makefile, "MEMOS=\(folder)", "AIL_BIN=\(binaries.path)", "SYSTEM=Clean up.",
          "AI_OPTS=--base-url \(fake.baseURL)/v1 --model m",
        ],
        environment: environment)
    }
    do {
      let first = try make()
      #expect(first.status == 0, "\(first.stderr)")
      for name in ["monday", "tuesday"] {
        #expect((try? String(contentsOfFile: "\(folder)/\(name).txt", encoding: .utf8)) == "A tidy note.\n")
      }
      // The transcript went to the model with the system prompt. Both recordings say the same, so
      // the second note came from the response cache: one request.
      let asked = fake.requests(route: .chatCompletions)
      #expect(asked.count == 1)
      let bodies = asked.map { String(decoding: $0.body, as: UTF8.self) }
      #expect(bodies.allSatisfy { $0.contains("quick brown fox") && $0.contains("Clean up.") })

      let again = try make()
      #expect(again.status == 0)
      #expect(fake.requests(route: .chatCompletions).count == 1, "a second run asked the model again")
      #expect(!FileManager.default.fileExists(atPath: "\(folder)/monday.txt.part"))

      // A recording touched later is transcribed again; the same text is answered from the cache.
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: folder + "/monday.wav")
      let touched = try make()
      #expect(touched.status == 0, "\(touched.stderr)")
      #expect(touched.stdout.contains("monday.txt") && !touched.stdout.contains("tuesday.txt"))
      #expect(fake.requests(route: .chatCompletions).count == 1)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test(.needsMake)
  func aFailingStageLeavesNoNote() async throws {
    let folder = NSTemporaryDirectory() + "memos-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("RIFF not audio".utf8).write(to: URL(fileURLWithPath: folder + "/broken.wav"))
    let result = try run(
      "/usr/bin/make",
      [
        "-f", Self.makefile, "MEMOS=\(folder)", "AIL_BIN=\(binaries.path)", "SYSTEM=x",
        "AI_OPTS=--base-url http://127.0.0.1:9/v1 --model m",
      ],
      environment: ["PATH": "/nonexistent:/usr/bin:/bin"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("broken.wav"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/broken.txt"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/broken.txt.part"))
  }
}
