import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import Testing
import Wire

/// Required keys: 401 in each flavor's shape, and no key ever echoed or logged whole.
@Suite struct AuthTests {
  static let key = "sk-proj-right-key-0123456789abcdef"
  static let wrong = "sk-proj-wrong-key-9876543210fedcba"

  @Test func openAIWrongAndMissingKey() async throws {
    try await withFake(configuration(.openAI, apiKey: Self.key)) { fake, client in
      let url = "\(fake.baseURL)/v1/chat/completions"
      let wrong = try await client.post(url, chat(), headers: [("Authorization", "Bearer \(Self.wrong)")])
      #expect(wrong.status == 401)
      let error = try wrong.json()["error"]
      #expect(error?["type"]?.stringValue == "invalid_request_error")
      #expect(error?["code"]?.stringValue == "invalid_api_key")
      #expect(error?["param"] == .null)
      let message = try #require(error?["message"]?.stringValue)
      #expect(message.hasPrefix("Incorrect API key provided: sk-proj-**********************dcba."))
      #expect(message.contains("cba. You can find your API key"))
      #expect(!wrong.text.contains(Self.wrong))
      #expect(!wrong.text.contains(Self.key))
      // OpenAI's error bodies are pretty-printed with four spaces.
      #expect(wrong.text.hasPrefix("{\n    \"error\": {\n        \"message\": "))

      let missing = try await client.post(url, chat())
      #expect(missing.status == 401)
      #expect(try missing.json()["error"]?["code"] == .null)
      #expect(missing.text.contains("You didn't provide an API key."))

      let right = try await client.post(url, chat(), headers: [("Authorization", "Bearer \(Self.key)")])
      #expect(right.status == 200)
      #expect(try await client.send("\(fake.baseURL)/v1/models").status == 401)
    }
  }

  @Test func shortKeysAreNeverQuotedWhole() async throws {
    try await withFake(configuration(.openAI, apiKey: "secret")) { fake, client in
      let answer = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(), headers: [("Authorization", "Bearer sk-abc")])
      #expect(answer.status == 401)
      #expect(!answer.text.contains("sk-abc"))
    }
  }

  @Test func shapesPerFlavor() async throws {
    let bearer = [("Authorization", "Bearer \(Self.wrong)")]
    try await withFake(configuration(.llamaCpp, apiKey: Self.key)) { fake, client in
      for headers in [bearer, []] {
        let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(), headers: headers)
        #expect(answer.status == 401)
        #expect(answer.text == #"{"detail":"Invalid API key"}"#)
      }
    }
    try await withFake(configuration(.mistral, apiKey: Self.key)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(), headers: bearer)
      #expect(answer.status == 401)
      let json = try answer.json()
      #expect(json["message"]?.stringValue == "Unauthorized")
      #expect(json["request_id"]?.stringValue?.count == 32)
    }
    try await withFake(configuration(.liteLLM, apiKey: Self.key)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(), headers: bearer)
      #expect(answer.status == 401)
      let error = try answer.json()["error"]
      #expect(error?["code"]?.stringValue == "401")
      #expect(error?["type"]?.stringValue == "auth_error")
      #expect(error?["message"]?.stringValue?.contains("sk-...dcba") == true)
      #expect(!answer.text.contains(Self.wrong))
      // LiteLLM also takes the key as x-api-key.
      let viaHeader = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(), headers: [("x-api-key", Self.key)])
      #expect(viaHeader.status == 200)
    }
    try await withFake(configuration(.ollama, model: "llama3.2", apiKey: Self.key)) { fake, client in
      let native = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"), headers: bearer)
      #expect(native.status == 401)
      #expect(native.text == #"{"error":"unauthorized"}"#)
      let v1 = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "llama3.2"))
      #expect(v1.status == 401)
      #expect(try v1.json()["error"]?["message"]?.stringValue == "unauthorized")
      // Liveness needs no key.
      #expect(try await client.send("\(fake.baseURL)/").status == 200)
    }
  }

  @Test func theLogKeepsOnlyAFingerprint() async throws {
    try await withFake(configuration(.openAI, apiKey: Self.key)) { fake, client in
      _ = try await client.post(
        "\(fake.baseURL)/v1/chat/completions", chat(), headers: [("Authorization", "Bearer \(Self.key)")])
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      let log = try await fake.waitForRequests(2)
      #expect(log[0].credential == .present(fingerprint: FakeLLM.fingerprint(Self.key)))
      #expect(log[0].credential != .present(fingerprint: FakeLLM.fingerprint(Self.wrong)))
      #expect(log[0].header("authorization") == "[redacted]")
      #expect(log[1].credential == .absent)
      #expect(log[1].header("Authorization") == nil)
      let everything = log.map { "\($0) \($0.headers)" }.joined()
      #expect(!everything.contains(Self.key))
      #expect(log[0].description.contains("key=present"))
      #expect(log.map(\.status) == [200, 401])
    }
  }

  @Test func keyCanChangeAtRunTime() async throws {
    try await withFake(configuration(.openAI)) { fake, client async throws in
      let url = "\(fake.baseURL)/v1/chat/completions"
      #expect(try await client.post(url, chat()).status == 200)
      fake.setAPIKey("k-12345678901234")
      #expect(try await client.post(url, chat()).status == 401)
      fake.setAPIKey(nil)
      #expect(try await client.post(url, chat()).status == 200)
    }
  }
}
