import AsyncHTTPClient
import Foundation
import LLMFake
import NIOCore
import NIOHTTP1
import NIOPosix
import Wire

/// A response read to the end.
struct Answer {
  var status: Int
  var headers: HTTPHeaders
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }

  func header(_ name: String) -> String? { headers.first(name: name) }

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
  let fake = try await FakeLLM.start(configuration)
  let client = HTTPClient(eventLoopGroupProvider: .singleton)
  do {
    let result = try await body(fake, client)
    try await client.shutdown()
    try await fake.stop()
    return result
  } catch {
    try? await client.shutdown()
    try? await fake.stop()
    throw error
  }
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
  func send(
    _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil
  ) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(string: body))
    }
    let response = try await execute(request, timeout: .seconds(30))
    var answer = Answer(status: Int(response.status.code), headers: response.headers, body: [])
    for try await buffer in response.body {
      answer.body += Array(buffer.readableBytesView)
    }
    return answer
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

/// Sends raw bytes on one connection and reads until the server closes it.
func rawExchange(port: Int, _ text: String) async throws -> String {
  let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .connect(host: "127.0.0.1", port: port) { channel in
      channel.eventLoop.makeCompletedFuture {
        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
      }
    }
  return try await channel.executeThenClose { inbound, outbound in
    try await outbound.write(ByteBuffer(string: text))
    var received = ""
    for try await var chunk in inbound { received += chunk.readString(length: chunk.readableBytes) ?? "" }
    return received
  }
}

func jsonValue(_ text: String) throws -> JSONValue {
  try Array(text.utf8).withUnsafeBytes { try WireCoding.parse($0) }
}
