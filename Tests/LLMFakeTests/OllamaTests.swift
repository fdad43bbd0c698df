import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import NIOHTTP1
import Testing
import Wire

/// Ollama's native API: NDJSON streams, whole answers, discovery, errors and the context cap.
@Suite struct OllamaTests {
  static let time = "2026-11-22T02:12:34Z"
  static let ollama = configuration(.ollama, model: "llama3.2")

  func ollamaChat(
    model: String = "llama3.2", user: String = "hey send me the file", stream: Bool? = nil, options: String? = nil
  ) -> String {
    chat(model: model, user: user, stream: stream, extra: options.map { #""options":\#($0)"# } ?? "")
  }

  @Test func chatStreamsNDJSONByDefault() async throws {
    try await withFake(Self.ollama) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/api/chat", ollamaChat())
      #expect(answer.status == 200)
      #expect(answer.header("Content-Type") == "application/x-ndjson")
      let line = { (piece: String) in
        #"{"model":"llama3.2","created_at":"\#(Self.time)","message":{"role":"assistant","content":"\#(piece)"},"done":false}"#
      }
      let expected =
        ["Hel", "lo ", "the", "re"].map(line) + [
          #"{"model":"llama3.2","created_at":"\#(Self.time)","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":3984875,"load_duration":1334875,"prompt_eval_count":8,"prompt_eval_duration":1300000,"eval_count":3,"eval_duration":1100000}"#
        ]
      #expect(answer.text == expected.map { $0 + "\n" }.joined())
    }
  }

  @Test func chatWithStreamFalseIsOneObject() async throws {
    try await withFake(Self.ollama) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/api/chat", ollamaChat(stream: false))
      #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
      #expect(
        answer.text
          == #"{"model":"llama3.2","created_at":"\#(Self.time)","message":{"role":"assistant","content":"Hello there"},"done_reason":"stop","done":true,"total_duration":3984875,"load_duration":1334875,"prompt_eval_count":8,"prompt_eval_duration":1300000,"eval_count":3,"eval_duration":1100000}"#
      )
    }
  }

  @Test func generateStreamsResponsesThenDone() async throws {
    try await withFake(configuration(.ollama, model: "llama3.2", answer: .echo)) { fake, client in
      let body = #"{"model":"llama3.2","system":"Be brief.","prompt":"hey send me the file"}"#
      let answer = try await client.post("\(fake.baseURL)/api/generate", body)
      let lines = try answer.lines.map(jsonValue)
      #expect(lines.count > 2)
      #expect(lines.dropLast().allSatisfy { $0["done"] == .bool(false) && $0["response"]?.stringValue != nil })
      let text = lines.dropLast().compactMap { $0["response"]?.stringValue }.joined()
      #expect(text == "[llama3.2] SYSTEM: Be brief. | USER: hey send me the file")
      let last = try #require(lines.last)
      #expect(last["done"] == .bool(true))
      #expect(last["done_reason"]?.stringValue == "stop")
      #expect(last["response"]?.stringValue == "")
      #expect(last["prompt_eval_count"]?.intValue == 8)
      #expect(last["eval_count"]?.intValue == Int64((text.count + 3) / 4))
      #expect(last["context"]?.arrayValue?.count == 8 + (text.count + 3) / 4)
      // The Go struct puts `done` before `done_reason` here, unlike the chat answer.
      #expect(answer.lines.last?.contains(#""response":"","done":true,"done_reason":"stop","context":["#) == true)

      let whole = try await client.post(
        "\(fake.baseURL)/api/generate", #"{"model":"llama3.2","prompt":"hi","stream":false}"#)
      let json = try whole.json()
      #expect(json["response"]?.stringValue == "[llama3.2] SYSTEM:  | USER: hi")
      #expect(json["done"] == .bool(true))
    }
  }

  @Test func emptyChatOrPromptOnlyLoadsTheModel() async throws {
    try await withFake(Self.ollama) { fake, client in
      let chatAnswer = try await client.post("\(fake.baseURL)/api/chat", #"{"model":"llama3.2","messages":[]}"#)
      #expect(
        chatAnswer.text
          == #"{"model":"llama3.2","created_at":"\#(Self.time)","message":{"role":"assistant","content":""},"done_reason":"load","done":true}"#
      )
      let generate = try await client.post("\(fake.baseURL)/api/generate", #"{"model":"llama3.2","prompt":""}"#)
      #expect(
        generate.text
          == #"{"model":"llama3.2","created_at":"\#(Self.time)","response":"","done":true,"done_reason":"load"}"#)
    }
  }

  @Test func tagsListModelsWithLatestImplied() async throws {
    var settings = Self.ollama
    settings.models.append(FakeModel("qwen3:8b", family: "qwen3", parameterSize: "8.2B", size: 5_225_387_923))
    try await withFake(settings) { fake, client in
      let answer = try await client.send("\(fake.baseURL)/api/tags")
      #expect(answer.status == 200)
      let models = try #require(try answer.json()["models"]?.arrayValue)
      #expect(models.map { $0["name"]?.stringValue } == ["llama3.2:latest", "qwen3:8b"])
      let first = try #require(models.first)
      #expect(first["model"]?.stringValue == "llama3.2:latest")
      #expect(first["modified_at"]?.stringValue == Self.time)
      #expect(first["size"]?.intValue == 2_019_393_189)
      #expect(first["digest"]?.stringValue?.count == 64)
      #expect(
        answer.text.contains(
          #""details":{"parent_model":"","format":"gguf","family":"llama","families":["llama"],"parameter_size":"3.2B","quantization_level":"Q4_K_M"}"#
        ))
      // Either spelling finds the model.
      for name in ["llama3.2", "llama3.2:latest"] {
        let reply = try await client.post("\(fake.baseURL)/api/chat", ollamaChat(model: name, stream: false))
        #expect(reply.status == 200)
        #expect(try reply.json()["model"]?.stringValue == name)
      }
      let empty = FakeLLM.Configuration(flavor: .ollama, models: [])
      try await withFake(empty) { bare, _ async throws in
        #expect(try await client.send("\(bare.baseURL)/api/tags").text == #"{"models":[]}"#)
      }
    }
  }

  @Test func unknownModelIs404WithAnErrorString() async throws {
    try await withFake(Self.ollama) { fake, client in
      for path in ["/api/chat", "/api/generate"] {
        let answer = try await client.post(
          "\(fake.baseURL)\(path)", #"{"model":"llama9","prompt":"x","messages":[{"role":"user","content":"x"}]}"#)
        #expect(answer.status == 404)
        #expect(answer.text == #"{"error":"model 'llama9' not found"}"#)
      }
      let missing = try await client.post("\(fake.baseURL)/api/chat", #"{"messages":[]}"#)
      #expect(missing.status == 400)
      #expect(missing.text == #"{"error":"model is required"}"#)
      let broken = try await client.post("\(fake.baseURL)/api/chat", "nope")
      #expect(broken.status == 400)
      #expect(broken.text == #"{"error":"invalid character 'n' looking for beginning of value"}"#)
    }
  }

  @Test func versionAndRoot() async throws {
    try await withFake(Self.ollama) { fake, client in
      let version = try await client.send("\(fake.baseURL)/api/version")
      #expect(version.text == #"{"version":"0.12.6"}"#)
      let root = try await client.send("\(fake.baseURL)/")
      #expect(root.text == "Ollama is running")
      #expect(root.header("Content-Type") == "text/plain; charset=utf-8")
      let head = try await client.send("\(fake.baseURL)/", method: .HEAD)
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      let nowhere = try await client.send("\(fake.baseURL)/api/nowhere")
      #expect(nowhere.status == 404)
      #expect(nowhere.text == "404 page not found")
    }
  }

  @Test func disabledRoutesAnswerGoMux404() async throws {
    var settings = Self.ollama
    settings.disabledRoutes = [.ollamaGenerate]
    try await withFake(settings) { fake, client in
      let generate = try await client.post("\(fake.baseURL)/api/generate", #"{"model":"llama3.2","prompt":"hi"}"#)
      #expect(generate.status == 404)
      #expect(generate.text == "404 page not found")
      #expect(generate.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(try await client.post("\(fake.baseURL)/api/chat", ollamaChat()).status == 200)

      fake.setRoute(.ollamaGenerate, available: true)
      fake.setRoute(.ollamaChat, available: false)
      #expect(try await client.post("\(fake.baseURL)/api/chat", ollamaChat()).status == 404)
      #expect(
        try await client.post("\(fake.baseURL)/api/generate", #"{"model":"llama3.2","prompt":"hi"}"#).status == 200)
    }
  }

  @Test func otherFlavorsDoNotSpeakTheNativeAPI() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/api/chat", ollamaChat(model: "test-model"))
      #expect(answer.status == 404)
      #expect(try answer.json()["error"]?["message"]?.stringValue == "Invalid URL (POST /api/chat)")
      #expect(try await client.send("\(fake.baseURL)/api/tags").status == 404)
    }
    try await withFake(configuration(.liteLLM)) { fake, client in
      let answer = try await client.send("\(fake.baseURL)/api/tags")
      #expect(answer.status == 404)
      #expect(answer.text == #"{"detail":"Not Found"}"#)
    }
  }

  @Test func promptEvalCountIsCappedAtTheContext() async throws {
    let long = String(repeating: "a", count: 10_000)  // 2500 tokens
    try await withFake(Self.ollama) { fake, client in
      func promptEvalCount(_ body: String) async throws -> Int64? {
        try await client.post("\(fake.baseURL)/api/chat", body).json()["prompt_eval_count"]?.intValue
      }
      let system = 3  // "Be brief." is 9 characters: with the input, 10_009 → 2503 tokens.
      #expect(try await promptEvalCount(ollamaChat(user: long, stream: false)) == 2048)
      #expect(
        try await promptEvalCount(ollamaChat(user: long, stream: false, options: #"{"num_ctx":8192}"#))
          == Int64(2500 + system))
      #expect(
        try await promptEvalCount(ollamaChat(user: long, stream: false, options: #"{"num_ctx":1000}"#)) == 1000)
      fake.setDefaultContextLength(4096)
      #expect(try await promptEvalCount(ollamaChat(user: long, stream: false)) == Int64(2500 + system))
      fake.setModels([FakeModel("llama3.2", contextLength: 512)])
      #expect(try await promptEvalCount(ollamaChat(user: long, stream: false)) == 512)
      // The answer function sees the window in effect, to emulate truncation if it wants.
      fake.setAnswer(.computed { "ctx=\($0.contextLength ?? 0) tokens=\($0.promptTokens)" }, for: "llama3.2")
      let reply = try await client.post("\(fake.baseURL)/api/chat", ollamaChat(user: long, stream: false))
      #expect(try reply.json()["message"]?["content"]?.stringValue == "ctx=512 tokens=2503")
    }
  }

  @Test func numPredictCutsWithDoneReasonLength() async throws {
    try await withFake(configuration(.ollama, model: "llama3.2", answer: .text(String(repeating: "x", count: 100)))) {
      fake, client in
      let answer = try await client.post(
        "\(fake.baseURL)/api/chat", ollamaChat(stream: false, options: #"{"num_predict":10}"#))
      let json = try answer.json()
      #expect(json["done_reason"]?.stringValue == "length")
      #expect(json["message"]?["content"]?.stringValue?.count == 40)
      #expect(json["eval_count"]?.intValue == 10)
    }
  }

  @Test func thinkBlocksAreHTMLEscapedAsGoWritesThem() async throws {
    let answer = FakeAnswer.text("Hi & bye", thinking: "hmm")
    try await withFake(configuration(.ollama, model: "qwen3", answer: answer)) { fake, client in
      let reply = try await client.post("\(fake.baseURL)/api/chat", ollamaChat(model: "qwen3", stream: false))
      #expect(reply.text.contains(#""content":"\u003cthink\u003e\nhmm\n\u003c/think\u003e\n\nHi \u0026 bye""#))
      #expect(try reply.json()["message"]?["content"]?.stringValue == "<think>\nhmm\n</think>\n\nHi & bye")
    }
  }
}
