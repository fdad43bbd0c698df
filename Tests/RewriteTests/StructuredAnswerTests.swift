import Foundation
import LLMFake
import Testing
import Wire

@testable import Rewrite

@Suite struct JSONSchemaTests {
  static let tasks: JSONValue = [
    "type": "object", "required": ["tasks"],
    "properties": [
      "tasks": [
        "type": "array",
        "items": [
          "type": "object", "required": ["title"], "additionalProperties": false,
          "properties": [
            "title": ["type": "string"], "due": ["type": ["string", "null"]],
            "priority": ["enum": ["low", "high", 3]], "hours": ["type": "integer"], "done": ["type": "boolean"],
          ],
        ],
      ]
    ],
  ]

  func violation(_ json: String) throws -> String? {
    let value = try Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    return try JSONSchema(Self.tasks).violation(of: value)
  }

  @Test func aMatchingValuePasses() throws {
    #expect(try violation(#"{"tasks":[]}"#) == nil)
    #expect(
      try violation(#"{"tasks":[{"title":"a","due":null,"priority":"high","hours":2.0,"done":false}],"x":1}"#) == nil)
    #expect(try violation(#"{"tasks":[{"title":"a","priority":3.0}]}"#) == nil)
  }

  @Test func eachBreachIsNamedWithItsPlace() throws {
    #expect(try violation(#"[]"#) == "$: expected object, found an array")
    #expect(try violation(#"{}"#) == #"$: the member "tasks" is missing"#)
    #expect(
      try violation(#"{"tasks":[{"title":"a"},{"title":5}]}"#)
        == "$.tasks[1].title: expected string, found the number 5")
    #expect(
      try violation(#"{"tasks":[{"title":"a","due":1}]}"#)
        == "$.tasks[0].due: expected string or null, found the number 1")
    #expect(
      try violation(#"{"tasks":[{"title":"a","priority":"mid"}]}"#)
        == #"$.tasks[0].priority: expected one of "low", "high", 3, found the string "mid""#)
    #expect(
      try violation(#"{"tasks":[{"title":"a","hours":1.5}]}"#)
        == "$.tasks[0].hours: expected integer, found the number 1.5")
    #expect(
      try violation(#"{"tasks":[{"title":"a","extra":true}]}"#) == #"$.tasks[0]: the member "extra" is not allowed"#)
  }

  @Test func aSchemaMustBeAnObjectOfKnownTypes() {
    #expect(throws: JSONSchema.Invalid.self) { try JSONSchema(["string"]) }
    #expect(throws: JSONSchema.Invalid(description: #"#/properties/a: unknown type "text""#)) {
      try JSONSchema(["type": "object", "properties": ["a": ["type": "text"]]])
    }
  }
}

/// Structured answers against the fake: the schema sent in each protocol's form, a bad answer
/// repaired once with the reason, a second bad one refused.
@Suite struct StructuredRewriteTests {
  static let valid = #"{"tasks":[{"title":"Send the report","due":"2026-12-01 09:00"}]}"#

  func withFake(
    _ flavor: FakeLLMFlavor, answer: FakeAnswer, _ body: (FakeLLM, StructuredRewrite) async throws -> Void
  ) async throws {
    try await withFakeRewriter(flavor, models: [FakeModel("m", answer: answer)], retries: 0) { fake, rewriter in
      try await body(fake, StructuredRewrite(rewriter: rewriter, schema: try JSONSchema(JSONSchemaTests.tasks)))
    }
  }

  func ask(_ structured: StructuredRewrite) async throws -> StructuredRewrite.Outcome {
    let request = ChatRequest(
      system: "List the tasks.", input: "Please send the report by Monday.", model: "m", stream: false,
      schema: JSONSchemaTests.tasks)
    return try await structured.check(try await structured.rewriter.rewrite(request), of: request)
  }

  @Test(arguments: [FakeLLMFlavor.openAI, .mistral, .ollama])
  func theSchemaGoesInTheProvidersFormAndAFencedAnswerIsRead(flavor: FakeLLMFlavor) async throws {
    try await withFake(flavor, answer: .text("```json\n" + Self.valid + "\n```")) { fake, structured in
      let outcome = try await ask(structured)
      #expect(outcome.value["tasks"]?.arrayValue?.first?["title"] == "Send the report")
      #expect(!outcome.repaired)
      let body = try #require(fake.requests.last?.json)
      if flavor == .ollama {
        #expect(body["format"] == JSONSchemaTests.tasks)
      } else {
        #expect(body["response_format"]?["type"] == "json_schema")
        #expect(body["response_format"]?["json_schema"]?["schema"] == JSONSchemaTests.tasks)
      }
    }
  }

  @Test func aBadAnswerIsRepairedOnceWithTheReason() async throws {
    let answer = FakeAnswer.computed { prompt in
      prompt.messages.count > 2 ? Self.valid : #"{"tasks":[{"title":7}]}"#
    }
    try await withFake(.openAI, answer: answer) { fake, structured in
      let outcome = try await ask(structured)
      #expect(outcome.repaired)
      #expect(outcome.value["tasks"]?.arrayValue?.first?["due"] == "2026-12-01 09:00")
      let repair = try #require(fake.requests.last?.json?["messages"]?.arrayValue)
      #expect(repair.map { $0["role"]?.stringValue } == ["system", "user", "assistant", "user"])
      #expect(repair[2]["content"] == #"{"tasks":[{"title":7}]}"#)
      #expect(repair[3]["content"]?.stringValue?.contains("$.tasks[0].title: expected string") == true)
    }
  }

  @Test func aSecondBadAnswerIsRefusedWithItsReason() async throws {
    try await withFake(.openAI, answer: .text("Sure! Here are the tasks.")) { fake, structured in
      await #expect(throws: StructuredRewrite.Mismatch(reason: "it is not JSON: Sure! Here are the tasks.")) {
        try await ask(structured)
      }
      #expect(fake.requests.count == 2)
    }
  }
}
