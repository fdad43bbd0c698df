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

  @Test func theTableIsHeadedInGermanUnderAGermanLocale() async throws {
    try await withLLM(.init(flavor: .openAI, models: [FakeModel("m", answer: .echo)], apiKey: Self.key)) {
      fake, home in
      var env = environment(home)
      let base = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--api-key-env", "OPENAI_KEY"]
      #expect(try run("ail-ai", base + ["--system", "Rewrite."], environment: env, stdin: "a draft\n").status == 0)
      env["LANG"] = "de_DE.UTF-8"
      let table = try run("ail-ai", ["history", "--format", "table"], environment: env)
      #expect(table.status == 0, "\(table.stderr)")
      let heading = table.stdout.split(separator: "\n").first?.split(separator: " ").map(String.init)
      #expect(heading == ["ID", "GESPR.", "WANN", "MODELL", "VORLAGE", "EINGABE"])
    }
  }

  @Test func aLongConversationIsContinuedWithTheNewestExchangesThatFitTheWindow() async throws {
    // "big" reads anything; "small" (750 tokens, as Mistral's model list says) refuses more:
    // the four exchanges are about 1,600 tokens.
    let models = [FakeModel("big", answer: .echo), FakeModel("small", answer: .echo, contextLength: 750)]
    try await withLLM(.init(flavor: .mistral, models: models, apiKey: Self.key)) { fake, home in
      let env = environment(home)
      let base = ["--base-url", fake.baseURL + "/v1", "--type", "mistral", "--api-key-env", "OPENAI_KEY"]
      let draft = String(repeating: "A long draft sentence. ", count: 25)  // 575 bytes
      let first = try run("ail-ai", base + ["--model", "big", "--system", "Rewrite."], environment: env, stdin: draft)
      #expect(first.status == 0, "\(first.stderr)")
      for round in 1...3 {
        let next = try run(
          "ail-ai", base + ["--model", "big", "--continue", "Again \(round). " + draft], environment: env)
        #expect(next.status == 0, "\(next.stderr)")
      }

      let continued = try run("ail-ai", base + ["--model", "small", "--continue", "Shorter."], environment: env)
      #expect(continued.status == 0, "\(continued.stderr)")
      #expect(
        continued.stderr.contains("3 earlier exchanges were left out to fit the model's window of 750 tokens"),
        "\(continued.stderr)")
      let sent = try #require(fake.requests.last)
      #expect(sent.status == 200)
      let messages = try #require(sent.json?["messages"]?.arrayValue)
      #expect(messages.map { $0["role"]?.stringValue } == ["system", "user", "assistant", "user"])
      #expect(messages[1]["content"]?.stringValue?.hasPrefix("Again 3. ") == true)
      #expect(continued.stdout == "[small] SYSTEM: Rewrite. | USER: Shorter.\n")

      // An instruction too long for the window beside any exchange goes alone, in pieces.
      let long = String(repeating: "Keep this sentence as it is. ", count: 120)  // 3,480 bytes
      let before = fake.requests.count
      let alone = try run("ail-ai", base + ["--model", "small", "--continue", long], environment: env)
      #expect(alone.status == 0, "\(alone.stderr)")
      #expect(alone.stderr.contains("5 earlier exchanges were left out"), "\(alone.stderr)")
      #expect(alone.stderr.contains("the input went in"), "\(alone.stderr)")
      let pieces = fake.requests.dropFirst(before).filter { $0.path == "/v1/chat/completions" }
      #expect(pieces.count > 1)
      #expect(pieces.allSatisfy { $0.status == 200 && $0.json?["messages"]?.arrayValue?.count == 2 })
    }
  }
}
