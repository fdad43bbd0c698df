import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import Synchronization
import Testing
import Wire

/// The request log, chunking and delays. Timing bounds are loose on purpose (the machine may be
/// loaded); counts and order carry the weight.
@Suite struct LogAndTimingTests {
  @Test func echoShowsWhatArrived() async throws {
    try await withFake(configuration(.openAI, model: "gpt-4o-mini", answer: .echo)) { fake, client in
      let body =
        #"{"model":"gpt-4o-mini","messages":[{"role":"system","content":"Rewrite politely."},{"role":"system","content":"Tone: warm."},{"role":"user","content":"first"},{"role":"assistant","content":"ok"},{"role":"user","content":[{"type":"text","text":"hey "},{"type":"text","text":"send the file"}]}],"temperature":0.3}"#
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", body)
      let content = try answer.json()["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue
      #expect(content == "[gpt-4o-mini] SYSTEM: Rewrite politely.\n\nTone: warm. | USER: hey send the file")

      let request = try #require(try await fake.waitForRequests(1).first)
      #expect(request.method == "POST")
      #expect(request.path == "/v1/chat/completions")
      #expect(request.route == .chatCompletions)
      #expect(request.model == "gpt-4o-mini")
      #expect(request.stream == false)
      #expect(request.json?["temperature"] == .number(0.3))
      #expect(request.body == Array(body.utf8))
      #expect(request.systemPrompt == "Rewrite politely.\n\nTone: warm.")
      #expect(request.userText == "hey send the file")
      #expect(request.messages.map(\.role) == ["system", "system", "user", "assistant", "user"])
      #expect(request.status == 200)
      #expect(request.header("content-type") == "application/json")
    }
  }

  @Test func streamsAreChunkedAsConfigured() async throws {
    let text = String(repeating: "abcdefghij", count: 3)  // 30 characters
    let timing = FakeTiming(chunkCharacters: 7)
    try await withFake(configuration(.openAI, answer: .text(text), timing: timing)) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      let contents = answer.events.dropFirst().compactMap { try? jsonValue($0) }.compactMap {
        $0["choices"]?.arrayValue?.first?["delta"]?["content"]?.stringValue
      }
      #expect(contents == ["abcdefg", "hijabcd", "efghija", "bcdefgh", "ij"])
      let request = try #require(try await fake.waitForRequests(1, finished: true).first)
      #expect(request.writeTimes.count == 8)  // role, 5 pieces of text, finish, [DONE]
      #expect(request.stream)
    }
    try await withFake(
      configuration(.ollama, model: "m", answer: .text("Grüße, 😀!"), timing: FakeTiming(chunkCharacters: 2))
    ) { fake, client in
      let answer = try await client.post("\(fake.baseURL)/api/chat", chat(model: "m"))
      let pieces = try answer.lines.dropLast().map { try jsonValue($0)["message"]?["content"]?.stringValue ?? "?" }
      #expect(pieces == ["Gr", "üß", "e,", " 😀", "!"])
    }
  }

  @Test func delaysShowInTheLog() async throws {
    let timing = FakeTiming(chunkCharacters: 4, chunkDelayMilliseconds: 60, firstByteDelayMilliseconds: 300)
    try await withFake(configuration(.ollama, model: "llama3.2", answer: .text("0123456789ab"), timing: timing)) {
      fake, client in
      let answer = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"))
      #expect(answer.lines.count == 4)
      let request = try #require(try await fake.waitForRequests(1, finished: true).first)
      let firstByte = try #require(request.firstByteAt)
      #expect(firstByte - request.receivedAt >= 0.3)
      #expect(request.writeTimes.count == 4)
      let gaps = zip(request.writeTimes, request.writeTimes.dropFirst()).map { $1 - $0 }
      #expect(gaps[0] >= 0.06)
      #expect(gaps[1] >= 0.06)
      #expect(try #require(request.finishedAt) >= request.writeTimes.last!)
      // (What the client sees is not checked: on a loaded machine its reads merge the pieces.)

      // A whole answer waits as long as the stream would have taken.
      fake.clearRequests()
      _ = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2", stream: false))
      let whole = try #require(try await fake.waitForRequests(1, finished: true).first)
      #expect(try #require(whole.firstByteAt) - whole.receivedAt >= 0.3 + 2 * 0.06)
      #expect(whole.writeTimes.count == 1)
    }
  }

  @Test func perModelTimingOverridesTheServers() async throws {
    let settings = FakeLLM.Configuration(
      flavor: .openAI,
      models: [
        FakeModel("fast"), FakeModel("slow", timing: FakeTiming(chunkCharacters: 100, firstByteDelayMilliseconds: 500)),
      ])
    try await withFake(settings) { fake, client in
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "slow", stream: true))
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(model: "fast", stream: true))
      let log = try await fake.waitForRequests(2, finished: true)
      #expect(try #require(log[0].firstByteAt) - log[0].receivedAt >= 0.5)
      #expect(log[0].writeTimes.count == 4)  // role, the whole text in one piece, finish, [DONE]
      #expect(log[1].writeTimes.count > 4)
    }
  }

  @Test func slowAnswersDoNotHoldUpOthers() async throws {
    let timing = FakeTiming(firstByteDelayMilliseconds: 1000)
    try await withFake(configuration(.openAI, timing: timing)) { fake, client in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<6 {
          group.addTask { _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true)) }
        }
        try await group.waitForAll()
      }
      // Requests that arrived before the first answer began were admitted while another one was
      // held; a server that answered one at a time would admit a single one. Counting arrivals
      // instead of timing the run keeps the test honest on a loaded machine.
      let log = try await fake.waitForRequests(6, finished: true)
      let firstAnswer = try #require(log.compactMap(\.firstByteAt).min())
      #expect(log.filter { $0.receivedAt < firstAnswer }.count >= 2)
      #expect(log.allSatisfy { ($0.firstByteAt ?? 0) - $0.receivedAt >= 1.0 })
    }
  }

  @Test func logAccessorsAndClearing() async throws {
    try await withFake(configuration(.ollama, model: "llama3.2")) { fake, client in
      _ = try await client.send("\(fake.baseURL)/api/tags")
      _ = try await client.post("\(fake.baseURL)/api/chat", chat(model: "llama3.2"))
      _ = try await client.send("\(fake.baseURL)/v1/models?x=1")
      _ = try await client.send("\(fake.baseURL)/nowhere")
      let log = try await fake.waitForRequests(4)
      #expect(log.map(\.sequence) == [1, 2, 3, 4])
      #expect(log.map(\.route) == [.ollamaTags, .ollamaChat, .models, nil])
      #expect(fake.requests(path: "/v1/models").count == 1)
      #expect(fake.requests(route: .ollamaChat).first?.stream == true)
      #expect(zip(log, log.dropFirst()).allSatisfy { $0.receivedAt <= $1.receivedAt })
      #expect(log.last!.status == 404)
      fake.clearRequests()
      #expect(fake.count == 0)
      _ = try await client.send("\(fake.baseURL)/api/version")
      #expect(try await fake.waitForRequests(1).first?.sequence == 5)
      await #expect(throws: FakeLLM.WaitTimeout.self) { try await fake.waitForRequests(3, timeout: .milliseconds(50)) }
    }
  }

  @Test func observerAndLogLimit() async throws {
    final class Seen: Sendable { let lines = Mutex<[String]>([]) }
    let seen = Seen()
    var settings = configuration(.openAI)
    settings.requestLogLimit = 2
    settings.observer = { request in seen.lines.withLock { $0.append("\(request.path) \(request.status ?? 0)") } }
    try await withFake(settings) { fake, client in
      for _ in 0..<3 { _ = try await client.send("\(fake.baseURL)/v1/models") }
      _ = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
      let log = try await fake.waitForRequests(2, finished: true)
      #expect(log.map(\.sequence) == [3, 4])
      let deadline = ContinuousClock.now + .seconds(5)
      while seen.lines.withLock({ $0.count }) < 4, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(
        seen.lines.withLock { $0 } == [
          "/v1/models 200", "/v1/models 200", "/v1/models 200", "/v1/chat/completions 200",
        ])
    }
  }

  @Test func sameRequestSameBytes() async throws {
    // Fixed time and sequence-derived ids: a restarted server writes identical bytes.
    var first: [String] = []
    for _ in 0..<2 {
      try await withFake(configuration(.mistral)) { fake, client in
        let answer = try await client.post("\(fake.baseURL)/v1/chat/completions", chat(stream: true))
        first.append(answer.text)
      }
    }
    #expect(first[0] == first[1])
  }
}
