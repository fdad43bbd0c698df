import LLMFake
import Rewrite
import Synchronization
import Testing
import ToolKit
import Wire

/// Record mode's rewriting against the fake server: which field is sent, what the record gets
/// back, what is counted.
@Suite struct RecordRewriterTests {
  private let support = RewriterTests()

  /// A record rewriter on `fake`'s model `m`, with the system prompt "S", and no retries.
  private func recordRewriter(_ fake: FakeLLM, field: String = "text", dryRun: Bool = false) -> RecordRewriter {
    RecordRewriter(
      rewriter: support.rewriter([(support.provider(fake, .openai), "m")], retries: 0),
      template: ChatRequest(system: "S", input: "", model: "m", stream: true), field: field, dryRun: dryRun)
  }

  private func object(_ json: String) throws -> JSONObject {
    let value = try Array(json.utf8).withUnsafeBytes { try WireCoding.decode(JSONValue.self, from: $0) }
    return try #require(value.objectValue)
  }

  /// The record of one written line, which ends in its newline.
  private func record(_ line: [UInt8]) throws -> JSONObject {
    #expect(line.last == UInt8(ascii: "\n"))
    return try object(String(decoding: line.dropLast(), as: UTF8.self))
  }

  private let echo = [FakeModel("m", answer: .echo)]

  @Test func theFieldIsRewrittenAndEveryOtherMemberKept() async throws {
    try await support.withServer(.openAI, models: echo) { fake in
      let records = recordRewriter(fake, field: "body")
      defer { Task { await records.rewriter.shutdown() } }
      let input =
        #"{"kind":"mail","id":"m1","text":"not this","body":"hello there","x_custom":{"keep":[1,2]},"ai_error":"old"}"#
      let out = try record(await records.rewrite(try object(input)))
      #expect(out["ai_text"] == "[m] SYSTEM: S | USER: hello there")
      #expect(out["ai"]?["provider"] == "p")
      #expect(out["ai"]?["model"] == "m")
      #expect(out["ai"]?["usage"]?["prompt_tokens"]?.intValue != nil)
      #expect(out["ai_error"] == nil)
      #expect(out["kind"] == "mail" && out["id"] == "m1" && out["text"] == "not this" && out["body"] == "hello there")
      #expect(out["x_custom"] == ["keep": [1, 2]])
      #expect(fake.requests.last?.stream == false)
      let tally = records.tally
      #expect(tally.rewritten == 1 && tally.total == 1)
      #expect(tally.promptTokens > 0 && tally.completionTokens > 0)
    }
  }

  @Test func aFailedRequestLeavesItsErrorInTheRecord() async throws {
    try await support.withServer(.openAI, models: echo) { fake in
      fake.inject([
        .status(
          400, body: .openAI(message: "bad request from the test", type: "invalid_request_error", param: nil, code: nil)
        )
      ])
      let records = recordRewriter(fake)
      defer { Task { await records.rewriter.shutdown() } }
      let out = try record(await records.rewrite(try object(#"{"id":"a","text":"one","x":1}"#)))
      #expect(out["ai_error"]?.stringValue?.contains("bad request from the test") == true)
      #expect(out["ai_text"] == nil && out["ai"] == nil)
      #expect(out["id"] == "a" && out["x"] == 1)
      #expect(records.tally.failed.count == 1)
      #expect(records.tally.rewritten == 0)
    }
  }

  @Test func aRecordWithoutTextAsksNothing() async throws {
    try await support.withServer(.openAI, models: echo) { fake in
      let records = recordRewriter(fake)
      defer { Task { await records.rewriter.shutdown() } }
      for input in [#"{"id":"missing"}"#, #"{"id":"blank","text":" \n"}"#, #"{"id":"number","text":7}"#] {
        let out = try record(await records.rewrite(try object(input)))
        #expect(out["ai_error"] == #"no text in "text""#)
        #expect(out["ai_text"] == nil)
      }
      #expect(records.tally.withoutText == 3 && records.tally.total == 3)
      #expect(fake.count == 0)
    }
  }

  @Test func aDryRunDescribesTheRequestAndSendsNothing() async throws {
    try await support.withServer(.openAI, models: echo) { fake in
      let records = recordRewriter(fake, dryRun: true)
      defer { Task { await records.rewriter.shutdown() } }
      let out = String(decoding: await records.rewrite(try object(#"{"text":"hello"}"#)), as: UTF8.self)
      #expect(out.hasPrefix("POST \(fake.baseURL)/v1/chat/completions\n"))
      #expect(out.contains(#""content":"hello""#))
      #expect(fake.count == 0)
      #expect(records.tally.total == 0)
    }
  }

  /// Four at once through an ordered window, the earlier records taking longer: each record
  /// keeps its own answer and they leave in input order.
  @Test func recordsRewrittenConcurrentlyLeaveInInputOrder() async throws {
    final class Lines: Sendable {
      let all = Mutex<[[UInt8]]>([])
    }
    // A longer text is a longer answer, and every 3 characters take 10 ms more.
    try await support.withServer(
      .openAI, models: echo, timing: FakeTiming(chunkCharacters: 3, chunkDelayMilliseconds: 10)
    ) { fake in
      let records = recordRewriter(fake)
      defer { Task { await records.rewriter.shutdown() } }
      let lines = Lines()
      let window = OrderedWindow<[UInt8]>(
        window: 4, writeRecord: { _ in }, writeResult: { line in lines.all.withLock { $0.append(line) } })
      let texts = (0..<8).map { String(repeating: "x", count: 60 - 7 * $0) + " \($0)" }
      let inputs = try texts.enumerated().map { try object(#"{"id":"r\#($0.offset)","text":"\#($0.element)"}"#) }
      try await window.run { feeder in
        for input in inputs { try feeder.submit { await records.rewrite(input) } }
      }
      let out = try lines.all.withLock { $0 }.map(record)
      #expect(out.map { $0["id"]?.stringValue } == (0..<8).map { "r\($0)" })
      #expect(out.map { $0["ai_text"]?.stringValue } == texts.map { "[m] SYSTEM: S | USER: \($0)" })
      #expect(records.tally.rewritten == 8)
    }
  }
}
