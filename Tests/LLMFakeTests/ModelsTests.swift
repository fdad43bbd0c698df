import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import Testing
import Wire

/// `GET /v1/models` as each server lists its models.
@Suite struct ModelsTests {
  static func two(_ flavor: FakeLLMFlavor) -> FakeLLM.Configuration {
    FakeLLM.Configuration(
      flavor: flavor, models: [FakeModel("gpt-4o-mini"), FakeModel("mock-gpt", ownedBy: "acme")], fixedTime: fixedTime)
  }

  @Test func liteLLMListAsCaptured() async throws {
    try await withFake(Self.two(.liteLLM)) { fake, client in
      for path in ["/v1/models", "/models"] {
        let answer = try await client.send("\(fake.baseURL)\(path)")
        #expect(
          answer.text
            == #"{"data":[{"id":"gpt-4o-mini","object":"model","created":1677610602,"owned_by":"openai"},{"id":"mock-gpt","object":"model","created":1677610602,"owned_by":"acme"}],"object":"list"}"#
        )
      }
      let one = try await client.send("\(fake.baseURL)/v1/models/mock-gpt")
      #expect(one.text == #"{"id":"mock-gpt","object":"model","created":1677610602,"owned_by":"acme"}"#)
      #expect(try await client.send("\(fake.baseURL)/v1/models/nope").status == 400)
    }
  }

  @Test func llamaCppListHasNoCreated() async throws {
    try await withFake(Self.two(.llamaCpp)) { fake, client in
      let answer = try await client.send("\(fake.baseURL)/v1/models")
      #expect(
        answer.text
          == #"{"object":"list","data":[{"id":"gpt-4o-mini","object":"model","owned_by":"me","permissions":[]},{"id":"mock-gpt","object":"model","owned_by":"acme","permissions":[]}]}"#
      )
    }
  }

  @Test func everyFlavorListsIDs() async throws {
    for flavor in FakeLLMFlavor.allCases {
      try await withFake(Self.two(flavor)) { fake, client in
        let answer = try await client.send("\(fake.baseURL)/v1/models")
        #expect(answer.status == 200, "\(flavor)")
        let json = try answer.json()
        #expect(json["object"]?.stringValue == "list", "\(flavor)")
        let ids = json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        let expected = flavor == .ollama ? ["gpt-4o-mini:latest", "mock-gpt:latest"] : ["gpt-4o-mini", "mock-gpt"]
        #expect(ids == expected, "\(flavor)")
      }
    }
  }

  @Test func unknownModelPerFlavor() async throws {
    let expectations: [(FakeLLMFlavor, Int, String)] = [
      (.openAI, 404, "model_not_found"), (.liteLLM, 400, "400"), (.ollama, 404, ""),
    ]
    for (flavor, status, code) in expectations {
      try await withFake(Self.two(flavor)) { fake, client in
        let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "nope"))
        #expect(answer.status == status, "\(flavor)")
        let error = try answer.json()["error"]
        #expect(error?["message"]?.stringValue?.contains("nope") == true, "\(flavor)")
        #expect((error?["code"]?.stringValue ?? "") == code, "\(flavor)")
      }
    }
  }
}
