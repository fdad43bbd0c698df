import FakeServer
import Foundation
import Rewrite
import TestSupport
import Testing

@Suite struct ThinkFilterTests {
  @Test func blocksGoHoweverTheTagsAreCut() {
    let answer = "<think>\nplan the answer\n</think>\n\nHello, world."
    #expect(ThinkFilter.strip(answer) == "Hello, world.")
    // Every way of cutting the stream into two pieces gives the same visible text.
    for cut in 0...answer.count {
      var filter = ThinkFilter()
      let index = answer.index(answer.startIndex, offsetBy: cut)
      let visible = filter.feed(String(answer[..<index])) + filter.feed(String(answer[index...])) + filter.finish()
      #expect(visible == "Hello, world.", "cut at \(cut)")
    }
    // One character at a time.
    var filter = ThinkFilter()
    #expect(answer.map { filter.feed(String($0)) }.joined() + filter.finish() == "Hello, world.")
  }

  @Test func textThatOnlyLooksLikeATagStays() {
    #expect(ThinkFilter.strip("a < b and <thin> c") == "a < b and <thin> c")
    #expect(ThinkFilter.strip("ends with <thi") == "ends with <thi")
    #expect(ThinkFilter.strip("x<think>hidden</think>y<think>more</think>z") == "xyz")
    #expect(ThinkFilter.strip("<think>never closed") == "")
  }
}

@Suite struct UnifiedDiffTests {
  /// The diff, applied with patch(1), turns the old text into the new one.
  func roundTripsThroughPatch(_ old: String, _ new: String) throws {
    let folder = TemporaryFolder.path("diff")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    try old.write(toFile: folder + "/text", atomically: true, encoding: .utf8)
    let diff = UnifiedDiff.diff(old, new)
    try diff.write(toFile: folder + "/change.diff", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
    process.arguments = ["-s", folder + "/text", folder + "/change.diff"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "patch refused:\n\(diff)")
    #expect(try String(contentsOfFile: folder + "/text", encoding: .utf8) == new, "\(diff)")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"),
      "patch is not installed (apt-get install patch)"))
  func patchAppliesTheDiff() throws {
    let old = (1...40).map { "line \($0)\n" }.joined()
    var lines = old.split(separator: "\n").map(String.init)
    lines[2] = "changed three"
    lines.remove(at: 20)
    lines.insert("inserted", at: 30)
    lines.append("appended")
    let new = lines.map { $0 + "\n" }.joined()
    try roundTripsThroughPatch(old, new)
    try roundTripsThroughPatch("", "all new\n")
    try roundTripsThroughPatch("all gone\n", "")
    try roundTripsThroughPatch("no newline at the end", "no newline at the end, changed")
    try roundTripsThroughPatch(
      "Sehr geehrte Damen und Herren,\nbitte senden Sie mir die Datei.\n",
      "Hallo,\nkönnten Sie mir bitte die Datei schicken?\n")
    // Random edits, from a seed that is printed: TEST_SEED=<seed> replays a failing run.
    let seed =
      ProcessInfo.processInfo.environment["TEST_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    print("UnifiedDiff random edits: TEST_SEED=\(seed)")
    var generator = SplitMix64(seed: seed)
    for _ in 0..<20 {
      let base = (0..<60).map { _ in "w\(Int.random(in: 0..<8, using: &generator))\n" }
      var edited = base
      for _ in 0..<8 {
        let index = Int.random(in: 0..<edited.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: edited.remove(at: index)
        case 1: edited.insert("new\(index)\n", at: index)
        default: edited[index] = "changed\(index)\n"
        }
      }
      try roundTripsThroughPatch(base.joined(), edited.joined())
    }
  }

  @Test func formatAndContext() {
    let diff = UnifiedDiff.diff("a\nb\nc\nd\ne\nf\ng\nh\ni\n", "a\nb\nc\nd\nE\nf\ng\nh\ni\n")
    #expect(diff == "--- original\n+++ rewritten\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
    #expect(UnifiedDiff.diff("same\n", "same\n") == "")
  }
}

@Suite struct EndpointsTests {
  @Test(arguments: [
    ("http://localhost:11434/", "http://localhost:11434"),
    ("http://localhost:11434/api/", "http://localhost:11434/api"),
    ("https://api.openai.com/v1/chat/completions", "https://api.openai.com/v1"),
    ("http://h:8000/v1/models", "http://h:8000/v1"),
    ("http://h:4000/chat/completions", "http://h:4000"), (" http://h/api/chat ", "http://h"),
  ])
  func normalizes(given: String, expected: String) {
    #expect(Endpoints.normalize(given) == expected)
  }

  @Test func refusesWhatIsNotHTTP() {
    #expect(Endpoints.normalize("localhost:11434") == nil)
    #expect(Endpoints.normalize("ftp://h") == nil)
    #expect(Endpoints.normalize("http://") == nil)
  }

  @Test func detectsAndDerives() {
    #expect(Endpoints.detect("https://api.openai.com/v1") == .openai)
    #expect(Endpoints.detect("https://api.mistral.ai") == .mistral)
    #expect(Endpoints.detect("http://localhost:11434") == .ollama)
    #expect(Endpoints.detect("http://gpu:8080/api") == .ollama)
    #expect(Endpoints.detect("http://gpu:8080/v1") == .openai)
    #expect(Endpoints.detect("http://gpu:8080") == nil)
    #expect(Endpoints.chat("http://h:1/v1", .openai) == "http://h:1/v1/chat/completions")
    #expect(Endpoints.chat("http://h:1", .mistral) == "http://h:1/v1/chat/completions")
    #expect(Endpoints.chat("http://h:11434/v1", .ollama) == "http://h:11434/api/chat")
    #expect(Endpoints.models("http://h:11434/api", .ollama) == "http://h:11434/api/tags")
    #expect(Endpoints.models("http://h:11434/api", .openai) == "http://h:11434/v1/models")
    #expect(Endpoints.port(of: "https://api.openai.com/v1") == 443)
    #expect(Endpoints.port(of: "http://user:pw@h:8080/x") == 8080)
    #expect(Endpoints.authority(of: "http://user:pw@h:8080/x") == "h:8080")
  }
}
