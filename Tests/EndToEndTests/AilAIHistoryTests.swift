import Foundation
import LLMFake
import Testing
import Wire

/// The history through the built ail-ai: each answer kept (never the key), listed, searched,
/// shown, and continued with its exchanges sent along.
@Suite(.serialized) struct AilAIHistoryTests {
  static let key = "sk-history-SECRET-5e1f9a7c3b"

  func environment(_ home: String) -> [String: String] {
    [
      "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
      "XDG_STATE_HOME": home + "/state", "OPENAI_KEY": Self.key,
    ]
  }

  @Test func answersAreKeptWithoutTheKeyAndAConversationGoesOn() async throws {
    try await withLLM(.init(flavor: .openAI, models: [FakeModel("m", answer: .echo)], apiKey: Self.key)) {
      fake, home in
      let env = environment(home)
      let base = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--api-key-env", "OPENAI_KEY"]
      let nothing = try run("ail-ai", base + ["--continue", "shorter"], environment: env)
      #expect(nothing.status == 66)
      #expect(nothing.stderr.contains("nothing to continue"), "\(nothing.stderr)")

      let first = try run("ail-ai", base + ["--system", "Rewrite."], environment: env, stdin: "the first draft\n")
      #expect(first.status == 0, "\(first.stderr)")
      let second = try run("ail-ai", base + ["--continue", "Shorter, please."], environment: env)
      #expect(second.status == 0, "\(second.stderr)")
      #expect(second.stdout == "[m] SYSTEM: Rewrite. | USER: Shorter, please.\n")
      let messages = try #require(fake.requests.last?.json?["messages"]?.arrayValue)
      #expect(messages.map { $0["role"]?.stringValue } == ["system", "user", "assistant", "user"])
      #expect(messages[1]["content"] == "the first draft\n")
      #expect(messages[2]["content"] == "[m] SYSTEM: Rewrite. | USER: the first draft\n")

      let kept = try run("ail-ai", base + ["--system", "Other.", "--no-history"], environment: env, stdin: "x\n")
      #expect(kept.status == 0)

      let listed = try run("ail-ai", ["history"], environment: env).records
      #expect(listed.map { $0["input"]?.stringValue } == ["Shorter, please.", "the first draft\n"])
      #expect(listed.allSatisfy { $0["kind"] == "ai_exchange" && $0["cid"] == listed[1]["id"] })
      #expect(listed[0]["prompt"] == "--system")
      let found = try run("ail-ai", ["history", "draft"], environment: env).records
      #expect(found.map { $0["id"] } == [listed[1]["id"]])
      let id = try #require(listed[0]["id"]?.intValue)
      let shown = try run("ail-ai", ["history", "show", String(id)], environment: env)
      #expect(shown.stdout.contains("Shorter, please.") && shown.stdout.contains("USER: Shorter, please."))

      let path = home + "/state/ailo/history.sqlite"
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "the key is in \(file)")
      }
      let unknown = try run("ail-ai", base + ["--continue", "again", "--cid", "99"], environment: env)
      #expect(unknown.status == 66)
      #expect(unknown.stderr.contains("no conversation 99"))
    }
  }
}
