import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import Testing
import Wire

/// Byte-level checks of `/v1/chat/completions` as each flavor writes it. The answer is
/// "Hello there" in 3-character pieces; the prompt is 29 characters (8 tokens), the answer 11
/// (3 tokens).
@Suite struct OpenAIFramingTests {
  static let pieces = ["Hel", "lo ", "the", "re"]

  @Test func openAIStreamWithoutUsage() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(answer.status == 200)
      #expect(answer.header("Content-Type") == "text/event-stream; charset=utf-8")
      let id = try completionID(answer)
      #expect(id.hasPrefix("chatcmpl-") && id.count == 38)
      let head =
        #"{"id":"\#(id)","object":"chat.completion.chunk","created":1795313554,"model":"test-model","system_fingerprint":"fp_7fcd609668","choices":[{"index":0,"delta":"#
      let expected =
        [head + #"{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}]}"#]
        + Self.pieces.map { head + #"{"content":"\#($0)"},"logprobs":null,"finish_reason":null}]}"# }
        + [head + #"{},"logprobs":null,"finish_reason":"stop"}]}"#]
      #expect(answer.text == sse(expected))
    }
  }

  @Test func openAIStreamWithUsage() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      let answer = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(stream: true, extra: #""stream_options":{"include_usage":true}"#))
      let id = try completionID(answer)
      let head =
        #"{"id":"\#(id)","object":"chat.completion.chunk","created":1795313554,"model":"test-model","system_fingerprint":"fp_7fcd609668","choices":"#
      let expected =
        [
          head
            + #"[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}"#
        ]
        + Self.pieces.map {
          head + #"[{"index":0,"delta":{"content":"\#($0)"},"logprobs":null,"finish_reason":null}],"usage":null}"#
        }
        + [
          head + #"[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}"#,
          head
            + #"[],"usage":{"prompt_tokens":8,"completion_tokens":3,"total_tokens":11,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}"#,
        ]
      #expect(answer.text == sse(expected))
    }
  }

  @Test func liteLLMStreamAsCaptured() async throws {
    try await withFake(configuration(.liteLLM)) { fake, client in
      for includeUsage in [false, true] {
        let extra = includeUsage ? #""stream_options":{"include_usage":true}"# : ""
        let answer = try await client.post("\(fake.baseURL)/chat/completions", chat(stream: true, extra: extra))
        let id = try completionID(answer)
        #expect(id.hasPrefix("chatcmpl-") && id.split(separator: "-").count == 6)
        let head =
          #"{"id":"\#(id)","object":"chat.completion.chunk","created":1795313554,"model":"test-model","choices":[{"index":0,"delta":"#
        var expected = [head + #"{"role":"assistant","content":"Hel"}}]}"#]
        expected += Self.pieces.dropFirst().map { head + #"{"content":"\#($0)"}}]}"# }
        expected.append(head + #"{},"finish_reason":"stop"}]}"#)
        if includeUsage {
          expected.append(
            #"{"id":"\#(id)","created":1795313554,"model":"test-model","object":"chat.completion.chunk","choices":[{"index":0,"delta":{}}],"usage":{"completion_tokens":3,"prompt_tokens":8,"total_tokens":11,"completion_tokens_details":{"reasoning_tokens":0,"text_tokens":3}}}"#
          )
        }
        #expect(answer.text == sse(expected))
      }
    }
  }

  @Test func llamaCppIgnoresStreamOptionsAndWritesSpaces() async throws {
    try await withFake(configuration(.llamaCpp, model: "tiny-random")) { fake, client in
      // Any model name is served by the loaded model, under its own name.
      let answer = try await client.post(
        "\(fake.baseURL)/v1/chat/completions",
        chat(model: "whatever", stream: true, extra: #""stream_options":{"include_usage":true}"#))
      #expect(answer.status == 200)
      let id = try completionID(answer)
      let head =
        #"{"id": "\#(id)", "model": "tiny-random", "created": 1795313554, "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": "#
      let expected =
        [head + #"{"role": "assistant"}, "logprobs": null, "finish_reason": null}]}"#]
        + Self.pieces.map { head + #"{"content": "\#($0)"}, "logprobs": null, "finish_reason": null}]}"# }
        + [head + #"{}, "logprobs": null, "finish_reason": "stop"}]}"#]
      #expect(answer.text == sse(expected))
      #expect(!answer.text.contains("usage"))
    }
  }

  @Test func llamaCppEscapesNonASCIILikeJSONDumps() async throws {
    try await withFake(configuration(.llamaCpp, answer: .text("Grüße 😀"))) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(answer.text.contains(#"{"content": "Gr\u00fc"}"#))
      #expect(answer.text.contains(#"{"content": "\u00dfe "}"#))
      #expect(answer.text.contains(#"{"content": "\ud83d\ude00"}"#))
      // Whole answers go through Starlette's JSONResponse: compact, raw UTF-8.
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(whole.text.contains(#""message":{"role":"assistant","content":"Grüße 😀"}"#))
    }
  }

  @Test func mistralSendsUsageInTheLastChunkUnasked() async throws {
    try await withFake(configuration(.mistral, model: "mistral-small-latest")) { fake, client in
      let answer = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(model: "mistral-small-latest", stream: true))
      let id = try completionID(answer)
      #expect(id.hasPrefix("cmpl-") && id.count == 37)
      let head =
        #"{"id":"\#(id)","object":"chat.completion.chunk","created":1795313554,"model":"mistral-small-latest","choices":[{"index":0,"delta":"#
      let expected =
        [head + #"{"role":"assistant","content":""},"finish_reason":null}]}"#]
        + Self.pieces.map { head + #"{"content":"\#($0)"},"finish_reason":null}]}"# }
        + [
          head
            + #"{"content":""},"finish_reason":"stop"}],"usage":{"prompt_tokens":8,"total_tokens":11,"completion_tokens":3}}"#
        ]
      #expect(answer.text == sse(expected))
    }
  }

  @Test func ollamaV1NamesTheRoleOnEveryDeltaAndEscapesHTML() async throws {
    try await withFake(configuration(.ollama, model: "llama3.2", answer: .text("<b>"))) { fake, client in
      let answer = try await client.post(
        "\(fake.baseURL)/v1/chat/completions",
        chat(model: "llama3.2", stream: true, extra: #""stream_options":{"include_usage":true}"#))
      #expect(answer.header("Content-Type") == "text/event-stream")
      let id = try completionID(answer)
      let head =
        #"{"id":"\#(id)","object":"chat.completion.chunk","created":1795313554,"model":"llama3.2","system_fingerprint":"fp_ollama","choices":"#
      let expected = [
        head + #"[{"index":0,"delta":{"role":"assistant","content":"\u003cb\u003e"},"finish_reason":null}]}"#,
        head + #"[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"stop"}]}"#,
        head + #"[],"usage":{"prompt_tokens":8,"completion_tokens":1,"total_tokens":9}}"#,
      ]
      #expect(answer.text == sse(expected))
    }
  }

  @Test func wholeAnswersPerFlavor() async throws {
    for flavor in FakeLLMFlavor.allCases {
      try await withFake(configuration(flavor)) { fake, client in
        let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: false))
        #expect(answer.status == 200, "\(flavor)")
        let json = try answer.json()
        #expect(json["object"]?.stringValue == "chat.completion", "\(flavor)")
        let choice = json["choices"]?.arrayValue?.first
        #expect(choice?["message"]?["content"]?.stringValue == "Hello there", "\(flavor)")
        #expect(choice?["message"]?["role"]?.stringValue == "assistant", "\(flavor)")
        #expect(choice?["finish_reason"]?.stringValue == "stop", "\(flavor)")
        #expect(json["usage"]?["prompt_tokens"]?.intValue == 8, "\(flavor)")
        #expect(json["usage"]?["completion_tokens"]?.intValue == 3, "\(flavor)")
        #expect(json["usage"]?["total_tokens"]?.intValue == 11, "\(flavor)")
      }
    }
  }

  @Test func liteLLMWholeAnswerAsCaptured() async throws {
    try await withFake(configuration(.liteLLM, model: "mock-gpt")) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "mock-gpt"))
      let id = try completionID(answer)
      #expect(
        answer.text
          == #"{"id":"\#(id)","created":1795313554,"model":"mock-gpt","object":"chat.completion","choices":[{"finish_reason":"stop","index":0,"message":{"content":"Hello there","role":"assistant"}}],"usage":{"completion_tokens":3,"prompt_tokens":8,"total_tokens":11}}"#
      )
      #expect(answer.header("Content-Type") == "application/json")
    }
  }

  @Test func openAIPrettyPrintsWholeBodies() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(answer.text.hasPrefix("{\n  \"id\": \"chatcmpl-"))
      #expect(answer.text.contains("\n  \"choices\": [\n    {\n      \"index\": 0,\n      \"message\": {\n"))
      #expect(answer.text.contains("\"annotations\": []"))
    }
  }

  @Test func maxTokensCutsTheAnswerWithFinishReasonLength() async throws {
    try await withFake(configuration(.openAI, answer: .text(String(repeating: "word ", count: 40)))) { fake, client in
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(extra: #""max_tokens":5"#))
      let choice = try whole.json()["choices"]?.arrayValue?.first
      #expect(choice?["finish_reason"]?.stringValue == "length")
      #expect(choice?["message"]?["content"]?.stringValue == "word word word word ")
      let streamed = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(stream: true, extra: #""max_completion_tokens":5"#))
      #expect(streamed.text.contains(#""finish_reason":"length""#))
    }
  }

  @Test func finishReasonAndThinkingCanBeScripted() async throws {
    let answer = FakeAnswer.text("Done.", thinking: "The user wants brevity.").finishing("content_filter")
    try await withFake(configuration(.liteLLM, answer: answer)) { fake, client in
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      let choice = try whole.json()["choices"]?.arrayValue?.first
      #expect(choice?["message"]?["content"]?.stringValue == "<think>\nThe user wants brevity.\n</think>\n\nDone.")
      #expect(choice?["finish_reason"]?.stringValue == "content_filter")
    }
  }

  @Test func emptyAnswerStreamsNoText() async throws {
    try await withFake(configuration(.openAI, answer: .empty)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(answer.events.count == 3)  // role, finish, [DONE]
      #expect(answer.events[1].contains(#""delta":{},"logprobs":null,"finish_reason":"stop""#))
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(try whole.json()["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue == "")
    }
  }
}
