import Foundation
import TestSupport
import Testing
import Wire

@testable import Rewrite

@Suite struct RequestBodyTests {
  let request = ChatRequest(
    system: "Be kind.", input: "hey", model: "m", temperature: .value(0.3), maxTokens: 100, stream: true)

  @Test func openAIAsksForUsageInTheStreamButMistralGetsOnlyWhatItAccepts() {
    let openAI = request.openAIBody(dialect: .openai)
    #expect(openAI["stream_options"] == ["include_usage": true])
    #expect(openAI["messages"] == [["role": "system", "content": "Be kind."], ["role": "user", "content": "hey"]])
    #expect(openAI["temperature"] == .number(0.3))
    #expect(openAI["max_tokens"] == 100)
    let mistral = request.openAIBody(dialect: .mistral)
    #expect(Set(mistral.objectValue!.keys) == ["model", "messages", "stream", "temperature", "max_tokens"])
    var omitted = request
    omitted.temperature = .omit
    omitted.stream = false
    #expect(omitted.openAIBody(dialect: .openai)["temperature"] == nil)
    #expect(omitted.openAIBody(dialect: .openai)["stream_options"] == nil)
    var noSystem = request
    noSystem.system = ""
    #expect(noSystem.openAIBody(dialect: .openai)["messages"]?.arrayValue?.count == 1)
  }

  @Test func ollamaPutsSamplingInOptionsAndWidensTheContextForLongInput() {
    let chat = request.ollamaBody(generate: false, contextLength: nil)
    #expect(chat["options"] == ["temperature": .number(0.3), "num_predict": 100])
    #expect(chat["messages"]?.arrayValue?.count == 2)
    let generate = request.ollamaBody(generate: true, contextLength: 8192)
    #expect(generate["prompt"] == "hey")
    #expect(generate["system"] == "Be kind.")
    #expect(generate["options"]?["num_ctx"] == 8192)
    var long = request
    long.input = String(repeating: "word ", count: 20_000)  // 100,000 bytes: 33,334 tokens on the safe side
    #expect(long.ollamaBody(generate: false, contextLength: nil)["options"]?["num_ctx"] == 65536)
  }
}

@Suite struct StreamFramingTests {
  @Test func serverSentEventsAcrossChunks() {
    let stream = "data: {\"a\":1}\n\n: comment\nevent: x\ndata: {\"b\":\r\ndata: 2}\r\n\r\ndata:[DONE]\n\n"
    for cut in 0...stream.utf8.count {
      var events = ServerSentEvents()
      let bytes = Array(stream.utf8)
      let found = events.events(adding: bytes[..<cut]) + events.events(adding: bytes[cut...])
      #expect(
        found.map { String(decoding: $0, as: UTF8.self) } == [#"{"a":1}"#, "{\"b\":\n2}", "[DONE]"], "cut at \(cut)")
    }
    var open = ServerSentEvents()
    #expect(open.events(adding: Array("data: last".utf8)).isEmpty)
    #expect(open.finish().map { String(decoding: $0, as: UTF8.self) } == "last")
  }
}

@Suite struct ProviderConfigTests {
  @Test func fallbackAndTemperatureParse() throws {
    #expect(try FallbackTarget(parsing: "local:llama3.2:3b") == FallbackTarget(provider: "local", model: "llama3.2:3b"))
    #expect(try FallbackTarget(parsing: "local") == FallbackTarget(provider: "local", model: nil))
    #expect(throws: ProviderConfigError.self) { try FallbackTarget(parsing: ":x") }
    #expect(try Temperature(parsing: "omit") == .omit)
    #expect(try Temperature(parsing: "0.7") == .value(0.7))
    #expect(throws: ProviderConfigError.self) { try Temperature(parsing: "hot") }
  }

  @Test func theProvidersFileKeepsKeySourcesAndIsPrivate() throws {
    let path = TemporaryFolder.path("providers") + "/ailo/providers.json"
    let store = ProviderStore(path: path)
    #expect(try store.load() == ProviderStore.Contents())
    let contents = ProviderStore.Contents(
      defaultProvider: "openai",
      providers: [
        Provider(
          name: "openai", type: .openai, baseURL: "https://api.openai.com/v1", model: "gpt-4o-mini", temperature: .omit,
          apiKey: .command("pass show openai"), fallback: [FallbackTarget(provider: "local", model: "llama3.2")]),
        Provider(
          name: "local", type: .ollama, baseURL: "http://localhost:11434", model: "llama3.2", apiKey: .environment("X")),
      ])
    try store.save(contents)
    #expect(try store.load() == contents)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""api_key_cmd" : "pass show openai""#))
    #expect(text.contains(#""temperature" : "omit""#))
    #expect(text.contains(#""port" : 11434"#))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    try "{\"providers\":[{\"name\":\"x\"}]}".write(toFile: path, atomically: true, encoding: .utf8)
    let error = #expect(throws: ProviderConfigError.self) { try store.load() }
    #expect(error?.description.contains("missing \"type\"") == true)
  }
}
