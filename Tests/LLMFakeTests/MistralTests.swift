import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import Testing
import Wire

/// Mistral's strict request validation (422 `extra_forbidden`) and its other shapes.
@Suite struct MistralTests {
  static let mistral = configuration(.mistral, model: "mistral-small-latest")

  func send(_ body: String, on fake: FakeLLM, _ client: HTTPClient) async throws -> Answer {
    try await client.post("\(fake.baseURL)/v1/chat/completions", body)
  }

  @Test func streamOptionsIsForbidden() async throws {
    try await withFake(Self.mistral) { fake, client in
      let answer = try await send(
        chat(model: "mistral-small-latest", stream: true, extra: #""stream_options":{"include_usage":true}"#),
        on: fake, client)
      #expect(answer.status == 422)
      #expect(
        answer.text
          == #"{"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body","stream_options"],"msg":"Extra inputs are not permitted","input":{"include_usage":true}}]},"type":"invalid_request_error","param":null,"code":null}"#
      )
      // Without it, the same request streams.
      let fine = try await send(chat(model: "mistral-small-latest", stream: true), on: fake, client)
      #expect(fine.status == 200)
      #expect(fine.text.hasSuffix("data: [DONE]\n\n"))
    }
  }

  @Test func everyForbiddenMemberIsListedInTheOrderSent() async throws {
    try await withFake(Self.mistral) { fake, client in
      let body =
        #"{"max_completion_tokens":32000,"model":"mistral-small-latest","seed":7,"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"hi","name":"bob"}],"random_seed":7}"#
      let answer = try await send(body, on: fake, client)
      #expect(answer.status == 422)
      let detail = try #require(try answer.json()["message"]?["detail"]?.arrayValue)
      // Pydantic reports the messages' members first, then the request's, each in the order sent.
      let locations: [JSONValue] = [
        ["body", "messages", 1, "user", "name"], ["body", "max_completion_tokens"], ["body", "seed"],
      ]
      #expect(detail.map { $0["loc"] ?? .null } == locations)
      #expect(detail.map { $0["input"] ?? .null } == (["bob", 32000, 7] as [JSONValue]))
      #expect(detail.allSatisfy { $0["type"]?.stringValue == "extra_forbidden" })
    }
  }

  @Test func whitelistedMembersPass() async throws {
    try await withFake(Self.mistral) { fake, client in
      let extra =
        #""temperature":0.3,"top_p":1,"max_tokens":100,"stop":["\n\n"],"random_seed":1,"safe_prompt":false,"presence_penalty":0,"frequency_penalty":0,"n":1,"response_format":{"type":"text"}"#
      let answer = try await send(chat(model: "mistral-small-latest", extra: extra), on: fake, client)
      #expect(answer.status == 200)
      let json = try answer.json()
      #expect(json["choices"]?.arrayValue?.first?["message"]?["tool_calls"] == .null)
      #expect(json["usage"]?["total_tokens"]?.intValue == 11)
    }
  }

  @Test func unknownModelAndModelsList() async throws {
    try await withFake(Self.mistral) { fake, client in
      let answer = try await send(chat(model: "mistral-huge"), on: fake, client)
      #expect(answer.status == 400)
      #expect(
        answer.text
          == #"{"object":"error","message":"Invalid model: mistral-huge","type":"invalid_model","param":null,"code":"1500"}"#
      )
      let models = try await client.send("\(fake.baseURL)/v1/models")
      let entry = try #require(try models.json()["data"]?.arrayValue?.first)
      #expect(entry["id"]?.stringValue == "mistral-small-latest")
      #expect(entry["owned_by"]?.stringValue == "mistralai")
      #expect(entry["capabilities"]?["completion_chat"] == .bool(true))
    }
  }
}
