import Foundation
import LLMFake
import Testing
import Wire

/// The built ail-ai against the fake server: text and record mode, dry run, diff, think blocks,
/// cache, providers with keys that never show, the catalog driving the system prompt.
@Suite(.serialized) struct AilAITests {
  static let key = "sk-test-SECRET-8d1f0c2b7a"

  func withFake(
    _ flavor: FakeLLMFlavor = .openAI, models: [FakeModel] = [FakeModel("m", answer: .echo)], apiKey: String? = nil,
    _ body: (FakeLLM, String) throws -> Void
  ) async throws {
    try await withLLM(.init(flavor: flavor, models: models, apiKey: apiKey), body)
  }

  /// The environment of a run: its own config, data and cache folders.
  func environment(_ home: String, _ extra: [String: String] = [:]) -> [String: String] {
    ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"].merging(
      extra
    ) { $1 }
  }

  @Test func textIsStreamedAndTheKeyNeverShows() async throws {
    try await withFake(apiKey: Self.key) { fake, home in
      let env = environment(home, ["OPENAI_KEY": Self.key])
      let added = try run(
        "ail-ai",
        [
          "providers", "add", "cloud", "--base-url", fake.baseURL + "/v1", "--model", "m", "--api-key-env",
          "OPENAI_KEY",
        ],
        environment: env)
      #expect(added.status == 0, "\(added.stderr)")
      let result = try run(
        "ail-ai", ["--system", "Rewrite politely.", "--usage", "--verbose"], environment: env,
        stdin: "hey send me the file\n")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "[m] SYSTEM: Rewrite politely. | USER: hey send me the file\n")
      #expect(result.stderr.contains("usage: "))
      let request = try #require(fake.requests.last)
      #expect(request.stream)
      #expect(request.writeTimes.count > 5, "not streamed")
      for output in [added, result] { #expect(!(output.stdout + output.stderr).contains(Self.key)) }
      let show = try run("ail-ai", ["providers", "show", "cloud"], environment: env)
      #expect(show.stdout.contains("api_key: environment variable OPENAI_KEY"))
      #expect(!show.stdout.contains(Self.key))
      // A wrong key: the server's 401 message, never the key we sent.
      let wrong = try run(
        "ail-ai", ["--system", "x"], environment: environment(home, ["OPENAI_KEY": "sk-wrong-KEY-123456789"]),
        stdin: "hi")
      #expect(wrong.status == 75)
      #expect(wrong.stderr.contains("HTTP 401"))
      #expect(!wrong.stderr.contains("sk-wrong-KEY-123456789"))
    }
  }

  @Test func recordsKeepEveryFieldAndComeOutInOrder() async throws {
    try await withFake { fake, home in
      var lines = ""
      for index in 0..<12 {
        lines += #"{"kind":"mail","id":"m\#(index)","text":"note \#(index)","x_custom":{"keep":[1,2]}}"# + "\n"
      }
      lines += #"{"kind":"mail","id":"empty"}"# + "\nnot json\n"
      let result = try run(
        "ail-ai", ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "S", "--concurrency", "4"],
        environment: environment(home), stdin: lines)
      #expect(result.status == 65, "\(result.stderr)")  // the record without text, and the bad line
      let records = result.records
      #expect(records.map { $0["id"]?.stringValue } == (0..<12).map { "m\($0)" } + ["empty"])
      for (index, record) in records.prefix(12).enumerated() {
        #expect(record["ai_text"]?.stringValue == "[m] SYSTEM: S | USER: note \(index)")
        #expect(record["ai"]?["model"] == "m")
        #expect(record["x_custom"] == ["keep": [1, 2]])
      }
      #expect(records[12]["ai_error"] == #"no text in "text""#)
      #expect(result.stderr.contains("<stdin>:14: not a JSON object"))
      #expect(result.stderr.contains("rewrote 12 of 13 records"))
    }
  }

  /// "Named files, or standard input": text files are read one after the other as one text;
  /// record files one after the other, a bad line named by its file; a wrong name stops the run
  /// before anything is sent.
  @Test func namedFilesAreTheInput() async throws {
    try await withFake { fake, home in
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      try "first part\n".write(toFile: home + "/a.txt", atomically: true, encoding: .utf8)
      try "second part\n".write(toFile: home + "/b.txt", atomically: true, encoding: .utf8)
      let base = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "S"]
      let text = try run("ail-ai", base + [home + "/a.txt", home + "/b.txt"], environment: environment(home))
      #expect(text.status == 0, "\(text.stderr)")
      #expect(text.stdout == "[m] SYSTEM: S | USER: first part\nsecond part\n", "\(text.stdout)")

      try #"{"id":"r1","text":"one"}"#.appending("\n").write(
        toFile: home + "/r1.ndjson", atomically: true, encoding: .utf8)
      try (#"{"id":"r2","text":"two"}"# + "\nnot json\n").write(
        toFile: home + "/r2.ndjson", atomically: true, encoding: .utf8)
      let records = try run(
        "ail-ai", base + [home + "/r1.ndjson", home + "/r2.ndjson"], environment: environment(home))
      #expect(records.status == 65)
      #expect(
        records.records.map { $0["ai_text"]?.stringValue } == [
          "[m] SYSTEM: S | USER: one", "[m] SYSTEM: S | USER: two",
        ])
      #expect(records.stderr.contains(home + "/r2.ndjson:2: not a JSON object"), "\(records.stderr)")

      let requestsBefore = fake.requests.count
      let missing = try run("ail-ai", base + [home + "/a.txt", home + "/missing.txt"], environment: environment(home))
      #expect(missing.status == 66)
      #expect(missing.stderr.contains("cannot open " + home + "/missing.txt"), "\(missing.stderr)")
      #expect(fake.requests.count == requestsBefore)
    }
  }

  @Test func aFailedRecordCarriesItsErrorAndTheRunSays75() async throws {
    try await withFake(models: [FakeModel("m", answer: .text("fine"))]) { fake, home in
      fake.inject([
        .status(
          400, body: .openAI(message: "bad request from the test", type: "invalid_request_error", param: nil, code: nil)
        )
      ])
      let result = try run(
        "ail-ai", ["--base-url", fake.baseURL + "/v1", "--model", "m", "--concurrency", "1", "--system", "S"],
        environment: environment(home), stdin: #"{"id":"a","text":"one"}"# + "\n" + #"{"id":"b","text":"two"}"# + "\n")
      #expect(result.status == 75)
      #expect(result.records[0]["ai_error"]?.stringValue?.contains("bad request from the test") == true)
      #expect(result.records[1]["ai_text"] == "fine")
    }
  }

  @Test func dryRunSendsNothingAndDiffShowsTheChange() async throws {
    try await withFake(models: [
      FakeModel("m", answer: .text("<think>\nweigh the words\n</think>\nDear team,\nthe file is attached.\n"))
    ]) { fake, home in
      let base = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "Rewrite."]
      let dry = try run(
        "ail-ai", base + ["--dry-run", "--temperature", "0.2"], environment: environment(home), stdin: "hi team\n")
      #expect(dry.stdout.hasPrefix("POST \(fake.baseURL)/v1/chat/completions\n"))
      #expect(dry.stdout.contains(#""temperature":0.2"#))
      #expect(fake.count == 0)
      let diff = try run(
        "ail-ai", base + ["--diff"], environment: environment(home), stdin: "hi team\nthe file is attached.\n")
      #expect(
        diff.stdout == "--- original\n+++ rewritten\n@@ -1,2 +1,2 @@\n-hi team\n+Dear team,\n the file is attached.\n")
      let plain = try run("ail-ai", base, environment: environment(home), stdin: "hi\n")
      #expect(plain.stdout == "Dear team,\nthe file is attached.\n")
      let kept = try run(
        "ail-ai", base + ["--keep-think", "--no-stream"], environment: environment(home), stdin: "hi\n")
      #expect(kept.stdout.hasPrefix("<think>"))
    }
  }

  @Test func theCacheMakesNoSecondRequest() async throws {
    try await withFake { fake, home in
      let args = ["--base-url", fake.baseURL + "/v1", "--model", "m", "--system", "S", "--cache"]
      let first = try run("ail-ai", args, environment: environment(home), stdin: "same input\n")
      let second = try run("ail-ai", args + ["--usage"], environment: environment(home), stdin: "same input\n")
      #expect(first.stdout == second.stdout)
      #expect(second.stderr.contains("from the cache"))
      #expect(fake.count == 1)
      let files = FileManager.default.enumerator(atPath: home + "/cache/ailo/responses")?.allObjects.compactMap {
        $0 as? String
      }
      #expect(files?.contains { $0.hasSuffix(".json") } == true)
      _ = try run("ail-ai", args + ["--no-cache"], environment: environment(home), stdin: "same input\n")
      #expect(fake.count == 2)
    }
  }

  @Test func theCatalogMakesTheSystemPrompt() async throws {
    try await withFake(.ollama, models: [FakeModel("llama3.2", answer: .echo)]) { fake, home in
      let env = environment(home)
      #expect(try run("ail-ai", ["catalog", "init"], environment: env).status == 0)
      #expect(
        try run(
          "ail-ai", ["providers", "add", "local", "--base-url", fake.baseURL, "--model", "llama3.2"], environment: env
        ).status == 0)
      let added = try run(
        "ail-ai",
        [
          "catalog", "add-preset", "Kurz", "--folder", "Mail/Reply", "--text",
          "Antworte kurz. Anrede: {{Anrede}}. Ton: {{Ton|freundlich}}.",
        ],
        environment: env)
      #expect(added.status == 0, "\(added.stderr)")
      let reply = try run(
        "ail-ai", ["--recipe", "Mail/Reply/Kurz", "--var", "Anrede=Du"], environment: env,
        stdin: "Kannst du mir die Datei schicken?\n")
      #expect(reply.status == 0, "\(reply.stderr)")
      let system = try #require(fake.requests.last?.systemPrompt)
      #expect(system.contains("Antworte kurz. Anrede: Du. Ton: freundlich."))
      #expect(reply.stdout.contains("USER: Kannst du mir die Datei schicken?"))
      // The input is never a template, and a placeholder without a value names itself.
      _ = try run(
        "ail-ai", ["--recipe", "Mail/Reply/Kurz", "--var", "Anrede=Sie"], environment: env,
        stdin: "Text mit {{Anrede}}\n")
      #expect(fake.requests.last?.userText == "Text mit {{Anrede}}\n")
      let missing = try run("ail-ai", ["--recipe", "Mail/Reply/Kurz"], environment: env, stdin: "x\n")
      #expect(missing.status == 65)
      #expect(missing.stderr.contains("Anrede"))
      let preview = try run(
        "ail-ai", ["prompt", "--recipe", "Mail/Reply/Kurz", "--var", "Anrede=Du"], environment: env)
      #expect(preview.stdout.contains("Antworte kurz. Anrede: Du."))
      let models = try run("ail-ai", ["models"], environment: env)
      #expect(models.stdout == "llama3.2:latest\n")
    }
  }

  @Test func errorsSayWhatIsWrong() async throws {
    try await withFake { fake, home in
      let none = try run("ail-ai", ["--system", "x"], environment: environment(home), stdin: "hi\n")
      #expect(none.status == 78)
      #expect(none.stderr.contains("no provider configured"))
      let empty = try run(
        "ail-ai", ["--base-url", fake.baseURL, "--model", "m", "--system", "x"], environment: environment(home),
        stdin: "\n  \n")
      #expect(empty.status == 65)
      let unreachable = try run(
        "ail-ai", ["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--system", "x", "--retries", "0"],
        environment: environment(home),
        stdin: "hi\n")
      #expect(unreachable.status == 69)
    }
  }
}
