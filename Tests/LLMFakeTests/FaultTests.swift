import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import NIOCore
import NIOHTTP1
import Synchronization
import Testing
import Wire

/// Each fault kind, on both protocols, consumed in order.
@Suite struct FaultTests {
  @Test func statusFaultsComeInOrderWithRetryHeaders() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      let date = FakeLLM.httpDate(Date(timeIntervalSince1970: 1_795_313_600))
      #expect(date == "Sun, 22 Nov 2026 02:13:20 GMT")
      fake.inject([
        .status(429, retryAfter: "2"), .status(503, retryAfter: date, retryAfterMilliseconds: 1500),
        .status(429, body: .insufficientQuota),
      ])
      #expect(fake.pendingFaults() == 3)
      let url = "\(fake.baseURL)/v1/chat/completions"
      let first = try await client.post(url, chat(stream: true))
      #expect(first.status == 429)
      #expect(first.header("retry-after") == "2")
      #expect(first.header("retry-after-ms") == nil)
      #expect(try first.json()["error"]?["code"]?.stringValue == "rate_limit_exceeded")
      let second = try await client.post(url, chat())
      #expect(second.status == 503)
      #expect(second.header("Retry-After") == date)
      #expect(second.header("retry-after-ms") == "1500")
      let third = try await client.post(url, chat())
      #expect(third.status == 429)
      #expect(try third.json()["error"]?["type"]?.stringValue == "insufficient_quota")
      #expect(try third.json()["error"]?["code"]?.stringValue == "insufficient_quota")
      #expect(try await client.post(url, chat()).status == 200)
      #expect(fake.pendingFaults() == 0)
      #expect(fake.requests.map { $0.fault?.description ?? "-" }.prefix(1) == ["status(429) retry-after=2"])
    }
  }

  @Test func standardBodiesPerFlavor() async throws {
    try await withFake(configuration(.liteLLM)) { fake, client in
      fake.inject([.status(429), .status(500)])
      let limited = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(
        limited.text
          == #"{"error":{"message":"litellm.RateLimitError: this is a mock rate limit error","type":"throttling_error","param":null,"code":"429"}}"#
      )
      let failed = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(try failed.json()["error"]?["code"]?.stringValue == "500")
    }
    try await withFake(configuration(.llamaCpp)) { fake, client in
      fake.inject([.status(500)])
      let failed = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(failed.status == 500)
      #expect(failed.text == "Internal Server Error")
      #expect(failed.header("Content-Type") == "text/plain; charset=utf-8")
    }
    try await withFake(configuration(.ollama, model: "llama3.2")) { fake, client in
      fake.inject([.status(503)], route: .ollamaChat)
      let failed = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"))
      #expect(failed.status == 503)
      #expect(failed.text == #"{"error":"service unavailable"}"#)
    }
  }

  @Test func explicitBodies() async throws {
    let bodies: [(FakeErrorBody, String, String)] = [
      (.fastAPI("Overloaded"), #"{"detail":"Overloaded"}"#, "application/json"),
      (.plainText("Internal Server Error"), "Internal Server Error", "text/plain; charset=utf-8"),
      (.ollama("boom"), #"{"error":"boom"}"#, "application/json; charset=utf-8"),
      (
        .liteLLM(message: "litellm.BadRequestError: nope", type: "invalid_request_error"),
        #"{"error":{"message":"litellm.BadRequestError: nope","type":"invalid_request_error","param":null,"code":"400"}}"#,
        "application/json"
      ),
      (
        .contextLengthExceeded(maximum: 2048, requested: 25054),
        #"{"error":{"message":"This model's maximum context length is 2048 tokens. However, you requested 25054 tokens (25054 in the messages, 0 in the completion). Please reduce the length of the messages or completion.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#,
        "application/json"
      ),
      (.raw(contentType: "text/html", body: Array("<h1>502</h1>".utf8)), "<h1>502</h1>", "text/html"),
    ]
    try await withFake(configuration(.llamaCpp)) { fake, client in
      for (body, text, contentType) in bodies {
        fake.inject([.status(400, body: body)])
        let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
        #expect(answer.status == 400)
        #expect(answer.text == text)
        #expect(answer.header("Content-Type") == contentType)
      }
      fake.inject([.status(401, body: .mistralUnauthorized)])
      let unauthorized = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(try unauthorized.json()["message"]?.stringValue == "Unauthorized")
    }
  }

  @Test func faultsAimedAtARouteOrAModel() async throws {
    let settings = FakeLLM.Configuration(
      flavor: .ollama, models: [FakeModel("llama3.2"), FakeModel("qwen3:8b")], fixedTime: fixedTime)
    try await withFake(settings) { fake, client async throws in
      fake.inject([.status(500)], model: "llama3.2")
      fake.inject([.status(502)], route: .ollamaGenerate)
      #expect(fake.pendingFaults(route: .ollamaChat) == 1)
      #expect(try await client.send("\(fake.baseURL)/api/tags").status == 200)
      #expect(try await client.post("\(fake.baseURL)/api/chat", chat(model: "qwen3:8b")).status == 200)
      #expect(
        try await client.post("\(fake.baseURL)/api/generate", #"{"model":"qwen3:8b","prompt":"x"}"#).status == 502)
      #expect(
        try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "llama3.2:latest")).status == 500)
      #expect(try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2")).status == 200)
      fake.inject([.status(500), .status(500)])
      fake.clearFaults()
      #expect(fake.pendingFaults() == 0)
    }
  }

  @Test func delayHoldsTheFirstByte() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      fake.inject([.delay(milliseconds: 400)])
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      let log = try await fake.waitForRequests(2, finished: true)
      let waits = log.map { ($0.firstByteAt ?? 0) - $0.receivedAt }
      #expect(waits[0] >= 0.4)
      #expect(waits[1] < waits[0])
    }
  }

  @Test func midStreamErrorAfterSomeChunks() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      fake.inject([.midStreamError(afterChunks: 2, message: "The server had an error")])
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(answer.status == 200)
      #expect(answer.events.count == 3)
      #expect(answer.events[1].contains(#""content":"Hel""#))
      #expect(
        answer.events[2]
          == #"{"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}"#)
      #expect(!answer.text.contains("[DONE]"))
      // A whole answer gets a 500 instead.
      fake.inject([.midStreamError(afterChunks: 2)])
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(whole.status == 500)
    }
    try await withFake(configuration(.ollama, model: "llama3.2")) { fake, client in
      fake.inject([.midStreamError(afterChunks: 1)])
      let answer = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"))
      #expect(answer.status == 200)
      #expect(answer.lines.count == 2)
      #expect(answer.lines[1] == #"{"error":"an error was encountered while running the model"}"#)
    }
  }

  @Test func cutStreamEndsCleanlyWithoutDone() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      fake.inject([.cutStream(afterChunks: 3), .cutStream(afterChunks: 1000)])
      let cut = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(cut.status == 200)
      #expect(cut.events.count == 3)
      #expect(cut.header("Connection") == "close")
      // However late, the cut always takes the last event.
      let late = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(late.text.contains(#""finish_reason":"stop""#))
      #expect(!late.text.contains("[DONE]"))
    }
    try await withFake(configuration(.ollama, model: "llama3.2")) { fake, client in
      fake.inject([.cutStream(afterChunks: 2), .cutStream(afterChunks: 0)])
      let cut = try await client.post("\(fake.baseURL)/api/generate", #"{"model":"llama3.2","prompt":"hi"}"#)
      #expect(cut.lines.count == 2)
      #expect(!cut.text.contains(#""done":true"#))
      let whole = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2", stream: false))
      #expect(whole.status == 200)
      #expect(throws: (any Error).self) { try whole.json() }
    }
  }

  @Test func resetMidStreamBreaksTheResponse() async throws {
    try await withFake(configuration(.openAI, timing: FakeTiming(chunkCharacters: 1))) { fake, client in
      fake.inject([.resetMidStream(afterChunks: 4), .resetMidStream(afterChunks: 0)])
      await #expect(throws: (any Error).self) {
        try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      }
      await #expect(throws: (any Error).self) {
        try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      }
      let log = try await fake.waitForRequests(2, finished: true)
      #expect(log[0].writeTimes.count == 4)
      #expect(try await client.post("\(fake.baseURL)/v1/chat/completions", chat()).status == 200)
    }
  }

  /// The body bytes that arrive within a second, and whether the body ended meanwhile.
  private func bytesWithinASecond(_ client: HTTPClient, _ url: String, _ body: String) async throws -> (
    HTTPClientResponse, Int, ended: Bool
  ) {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(string: body))
    let response = try await client.execute(request, timeout: .seconds(10))
    let received = Mutex(0)
    let reading = Task {
      for try await chunk in response.body { received.withLock { $0 += chunk.readableBytes } }
      return true
    }
    try await Task.sleep(for: .seconds(1))
    reading.cancel()
    let ended = (try? await reading.value) == true
    return (response, received.withLock { $0 }, ended)
  }

  @Test func stallAfterSendsThatManyBytesThenNothing() async throws {
    try await withFake(configuration(.openAI, timing: FakeTiming(chunkCharacters: 1))) { fake, client in
      fake.inject([.stallAfter(bytes: 25), .stallAfter(bytes: 300)])
      let (whole, wholeBytes, wholeEnded) = try await bytesWithinASecond(
        client, "\(fake.baseURL)/v1/chat/completions", chat())
      #expect(whole.status == .ok)
      #expect(wholeBytes == 25)
      #expect(!wholeEnded)
      // The full length is announced, so a client can tell the body is short.
      #expect((whole.headers.first(name: "Content-Length").flatMap { Int($0) } ?? 0) > 25)
      let (_, streamBytes, streamEnded) = try await bytesWithinASecond(
        client, "\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(streamBytes == 300)
      #expect(!streamEnded)
      #expect(fake.pendingFaults() == 0)
    }
  }

  @Test func dropConnectionAnswersNothing() async throws {
    try await withFake(configuration(.ollama, model: "llama3.2")) { fake, client in
      fake.inject([.dropConnection], route: .ollamaTags)
      let raw = try await rawExchange(port: fake.port, "GET /api/tags HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(raw.isEmpty)
      fake.inject([.dropConnection])
      await #expect(throws: (any Error).self) {
        try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"))
      }
      let log = try await fake.waitForRequests(2, finished: true)
      #expect(log.allSatisfy { $0.status == nil })
    }
  }

  @Test func malformedJSONIsA200ThatDoesNotParse() async throws {
    try await withFake(configuration(.liteLLM)) { fake, client in
      fake.inject([.malformedJSON, .malformedJSON])
      let whole = try await client.post("\(fake.baseURL)/v1/chat/completions", chat())
      #expect(whole.status == 200)
      #expect(throws: (any Error).self) { try whole.json() }
      let stream = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      #expect(throws: (any Error).self) { try jsonValue(stream.events[0]) }
      #expect(try jsonValue(stream.events[1])["object"]?.stringValue == "chat.completion.chunk")
      #expect(stream.text.hasSuffix("data: [DONE]\n\n"))
    }
  }

  @Test func answerFaultReplacesTheAnswerOnce() async throws {
    try await withFake(configuration(.openAI)) { fake, client in
      fake.inject([.answer(.empty)])
      let url = "\(fake.baseURL)/v1/chat/completions"
      let empty = try await client.post(url, chat())
      #expect(try empty.json()["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue == "")
      let normal = try await client.post(url, chat())
      #expect(try normal.json()["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue == "Hello there")
    }
  }
}
