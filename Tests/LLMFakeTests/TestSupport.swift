import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import NIOHTTP1
import Wire

extension Answer {
  /// The body parsed as JSON.
  func json() throws -> JSONValue { try body.withUnsafeBytes { try WireCoding.parse($0) } }

  /// The `data:` payloads of an SSE body, in order.
  var events: [String] {
    text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map {
      $0.hasPrefix("data: ") ? String($0.dropFirst(6)) : $0
    }
  }

  /// The lines of an NDJSON body.
  var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// A fixed wall-clock time, so whole responses are byte-stable.
let fixedTime = Date(timeIntervalSince1970: 1_795_313_554)

/// Starts a fake and a client, runs `body`, and stops both whatever happens.
func withFake<T>(
  _ configuration: FakeLLM.Configuration, _ body: (FakeLLM, HTTPClient) async throws -> T
) async throws -> T {
  try await withServer(start: { try await FakeLLM.start(configuration) }, stop: { try await $0.stop() }, body)
}

/// One model answering `answer`, at a fixed time.
func configuration(
  _ flavor: FakeLLMFlavor, model: String = "test-model", answer: FakeAnswer = .text("Hello there"),
  apiKey: String? = nil, timing: FakeTiming = FakeTiming()
) -> FakeLLM.Configuration {
  FakeLLM.Configuration(
    flavor: flavor, models: [FakeModel(model, answer: answer)], apiKey: apiKey, timing: timing, fixedTime: fixedTime)
}

extension HTTPClient {
  /// A JSON body when there is one, as the chat clients send it.
  func send(
    _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil
  ) async throws -> Answer {
    let headers = body == nil ? headers : headers + [("Content-Type", "application/json")]
    return try await exchange(url, method: method, headers: headers, body: body.map { Array($0.utf8) })
  }

  func post(_ url: String, _ body: String, headers: [(String, String)] = []) async throws -> Answer {
    try await send(url, method: .POST, headers: headers, body: body)
  }
}

/// A chat-completions body.
func chat(
  model: String = "test-model", system: String? = "Be brief.", user: String = "hey send me the file",
  stream: Bool? = nil, extra: String = ""
) -> String {
  var messages: [String] = []
  if let system { messages.append(#"{"role":"system","content":"\#(escaped(system))"}"#) }
  messages.append(#"{"role":"user","content":"\#(escaped(user))"}"#)
  var body = #"{"model":"\#(model)","messages":[\#(messages.joined(separator: ","))]"#
  if let stream { body += #","stream":\#(stream)"# }
  if !extra.isEmpty { body += "," + extra }
  return body + "}"
}

func escaped(_ text: String) -> String {
  text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    .replacingOccurrences(of: "\n", with: "\\n")
}

/// SSE framing of JSON payloads, then `[DONE]`.
func sse(_ payloads: [String], done: Bool = true) -> String {
  (payloads + (done ? ["[DONE]"] : [])).map { "data: \($0)\n\n" }.joined()
}

/// The `id` of the first event of an SSE body or of a JSON body.
func completionID(_ answer: Answer) throws -> String {
  let first = answer.events.first ?? answer.text
  let json = try Array(first.utf8).withUnsafeBytes { try WireCoding.parse($0) }
  return json["id"]?.stringValue ?? ""
}

func jsonValue(_ text: String) throws -> JSONValue {
  try Array(text.utf8).withUnsafeBytes { try WireCoding.parse($0) }
}
