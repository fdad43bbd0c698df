import Foundation
import LLMFake
import ReadeckFake
import Testing
import Wire

/// Every command the README's shell blocks and the tools' `--help` (and so their man pages) show
/// is run here as it is written, in a sandbox home made like a user's after a first sync, against
/// the fakes, with its documented effect checked — or is listed in ``DocumentedExamples`` with the
/// reason it cannot run here (a real server, a microphone). A new example with neither fails.
@Suite(.serialized) struct DocumentedExampleTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let tools = [
    "rk-fetch", "rk-extract-images", "rk-cache", "rk-prune", "rk-push", "ail-ai", "ail-mail", "ail-transcribe",
    "ail-log", "readeck-fake", "llm-fake",
  ]

  @Test func everyDocumentedExampleIsKnownAndEveryKnownOneIsDocumented() throws {
    let shown = Set(try Self.readmeExamples() + Self.helpExamples())
    let known = Set(DocumentedExamples.all.keys)
    #expect(shown.subtracting(known).sorted() == [], "examples with no entry in DocumentedExamples")
    #expect(known.subtracting(shown).sorted() == [], "entries of DocumentedExamples no document shows")
  }

  @Test(.needsMake, .needsFFmpeg, .needsPocketSphinx, .needsTools(["jq", "curl", "unzip", "less"]))
  func everyExampleRunsAsWritten() async throws {
    // readeck-fake's own library (5 images an article), so the ids the documentation shows are in
    // it; the article the examples name has two highlights.
    var library = FakeReadeck.sampleLibrary(count: 30, imagesPerArticle: 5)
    if let first = library.firstIndex(where: { $0.id == Sandbox.firstID }) {
      let day = Date().addingTimeInterval(-86_400)
      library[first].highlights = [
        FakeHighlight(id: "hl1", text: "The first passage", note: "worth keeping", created: day),
        FakeHighlight(id: "hl2", text: "The second passage", color: "red", created: day.addingTimeInterval(60)),
      ]
    }
    try await withReadeck(library, token: Sandbox.token) { readeck in
      // The collection the examples name; a reset keeps it.
      readeck.setCollections([FakeCollection(id: "SystemsReading000001", name: "Systems reading", labels: "swift")])
      try await withLLM(.init(flavor: .ollama, models: [FakeModel("llama3.2", answer: .echo)])) { llm, _ in
        let template = try Sandbox.template(readeck: readeck.baseURL, llm: llm.baseURL)
        defer { try? FileManager.default.removeItem(atPath: template.root) }
        for (command, example) in DocumentedExamples.all.sorted(by: { $0.key < $1.key }) {
          guard case .runs(let step) = example else { continue }
          let sandbox = try template.copy()
          defer { try? FileManager.default.removeItem(atPath: sandbox.home) }
          let result = try sandbox.run(command, step)
          #expect(
            result.status == step.status,
            "\(command): exit \(result.status), expected \(step.status)\n\(result.stderr)")
          if step.status == 0 {
            #expect(!result.stderr.contains("error:"), "\(command):\n\(result.stderr)")
          }
          step.check(result)
          // An example that pushed changed the server: the next one starts from the library again.
          readeck.reset(to: library)

          // Under a German locale the same example ends the same way with the same records; only
          // what people read may differ.
          let german = try template.copy(locale: ["LANG": "de_DE.UTF-8"])
          defer { try? FileManager.default.removeItem(atPath: german.home) }
          let translated = try german.run(command, step)
          #expect(
            translated.status == result.status, "\(command) in German: exit \(translated.status)\n\(translated.stderr)")
          if step.status == 0 {
            #expect(!translated.stderr.contains("Fehler:"), "\(command) in German:\n\(translated.stderr)")
          }
          #expect(
            Self.recordIdentities(translated) == Self.recordIdentities(result), "\(command): other records in German")
          readeck.reset(to: library)
        }
      }
    }
  }

  /// The records an example wrote, each by its kind and id: what must not change with the locale.
  /// Ids a run makes up itself (an ail-log entry's UUID, the server's id of a link it saved, an
  /// outbox item's queuing time) and times differ from run to run.
  static func recordIdentities(_ run: ExampleRun) -> [String] {
    run.records.compactMap { record in
      guard let kind = record["kind"]?.stringValue else { return nil }
      if kind == "outbox_item" { return kind + " " + (record["status"]?.stringValue ?? "") }
      let id = (kind == "created" ? record["local_id"] : record["id"])?.stringValue ?? ""
      return kind + " " + (UUID(uuidString: id) == nil ? id : "<uuid>")
    }
  }

  /// The commands of the README's `sh` blocks: continuation lines joined, trailing comments off.
  static func readmeExamples() throws -> [String] {
    let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    var commands: [String] = []
    var inShell = false
    var pending = ""
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inShell = line == "```sh"
        continue
      }
      guard inShell else { continue }
      var text = pending.isEmpty ? line : pending + " " + line.trimmingCharacters(in: .whitespaces)
      if text.hasSuffix("\\") {
        pending = String(text.dropLast()).trimmingCharacters(in: .whitespaces)
        continue
      }
      pending = ""
      text = withoutComment(text).trimmingCharacters(in: .whitespaces)
      if !text.isEmpty { commands.append(text) }
    }
    return commands
  }

  /// A line without its `  # comment`: a # after a space, outside quotes.
  static func withoutComment(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "#", previous == " " {
        return String(line[..<index])
      }
      previous = character
    }
    return line
  }

  /// The EXAMPLES of every command and subcommand, from the tools' own description of themselves
  /// (what `--help` and the man pages show), continuation lines joined.
  static func helpExamples() throws -> [String] {
    var examples: [String] = []
    for tool in tools {
      let dump = try run(tool, ["--experimental-dump-help"])
      let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
      collect(json["command"] as? [String: Any] ?? [:], into: &examples)
    }
    return examples
  }

  private static func collect(_ command: [String: Any], into examples: inout [String]) {
    let lines = (command["discussion"] as? String ?? "").split(separator: "\n").map(String.init)
    if let start = lines.firstIndex(of: "EXAMPLES:") {
      var current: String?
      for line in lines[(start + 1)...] {
        if line.hasSuffix(":"), !line.hasPrefix(" ") { break }
        if line.hasPrefix("      ") { continue }
        if line.hasPrefix("    "), let text = current, text.hasSuffix("\\") {
          current = String(text.dropLast()) + line.trimmingCharacters(in: .whitespaces)
        } else if line.hasPrefix("  ") {
          if let current { examples.append(current) }
          current = line.trimmingCharacters(in: .whitespaces)
        }
      }
      if let current { examples.append(current) }
    }
    for sub in command["subcommands"] as? [[String: Any]] ?? [] { collect(sub, into: &examples) }
  }
}

extension Trait where Self == ConditionTrait {
  /// Programs the documented examples use besides the tools.
  static func needsTools(_ names: [String]) -> Self {
    let missing = names.filter { !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
    return .enabled(
      if: missing.isEmpty,
      "the examples use \(missing.joined(separator: ", ")) (apt-get install \(missing.joined(separator: " ")))")
  }
}
