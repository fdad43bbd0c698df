import AsyncHTTPClient
import Foundation
import Localization
import NIOCore
import NIOHTTP1
import NIOPosix
import Resilience
import Wire

/// A provider ready to be asked: its settings and its key, read once.
public struct ResolvedProvider: Sendable {
  public var provider: Provider
  /// Sent as `Authorization: Bearer …`; never printed.
  var apiKey: String?

  public init(_ provider: Provider, apiKey: String?) {
    self.provider = provider
    self.apiKey = apiKey
  }

  var name: String { provider.name }
  var host: String { Endpoints.authority(of: provider.baseURL) }
}

/// One request to one provider, streamed and parsed in the provider's protocol. Failures that
/// may pass are thrown as ``AttemptError`` for the retry policy; the others as ``ChatError``.
struct ChatAttempt {
  let http: HTTPClient
  let provider: ResolvedProvider
  let request: ChatRequest
  /// Told each piece of text as it arrives.
  let onText: (String) throws -> Void
  let onWarning: (String) -> Void

  func run() async throws -> Completion {
    switch provider.provider.type {
    case .openai, .mistral: try await openAI()
    case .ollama: try await ollama()
    }
  }

  // MARK: OpenAI-compatible

  private func openAI() async throws -> Completion {
    let url = Endpoints.chat(provider.provider.baseURL, provider.provider.type)
    let body = try await send(url, body: request.openAIBody(dialect: provider.provider.type))
    var text = ""
    var usage: Usage?
    var finishReason: String?
    func take(_ object: JSONValue) throws {
      if let error = object["error"], error != .null { throw midStream(error) }
      if let found = Usage(json: object["usage"]) { usage = found }
      guard let choice = object["choices"]?.arrayValue?.first else { return }
      let piece = choice["delta"]?["content"]?.stringValue ?? choice["message"]?["content"]?.stringValue ?? ""
      if !piece.isEmpty {
        text += piece
        try onText(piece)
      }
      if let reason = choice["finish_reason"]?.stringValue { finishReason = reason }
    }
    if !request.stream {
      try take(try parse(try await collect(body)))
    } else {
      var events = ServerSentEvents()
      var done = false
      do {
        for try await chunk in body where !done {
          for event in events.events(adding: chunk.readableBytesView) {
            if event == Array("[DONE]".utf8) {
              done = true
              break
            }
            try take(try parse(event))
          }
        }
      } catch let error as AttemptError {
        throw error
      } catch let error as ChatError {
        throw error
      } catch {
        throw AttemptError(.transport(describe(error)), message: "the stream broke off: \(describe(error))")
      }
      if !done, let event = events.finish(), event != Array("[DONE]".utf8) { try take(try parse(event)) }
      // A stream may end without [DONE] (llama.cpp does) but not without having finished.
      guard done || finishReason != nil else {
        throw AttemptError(.transport("cut"), message: "the stream ended before it was complete")
      }
    }
    return try finished(text, usage: usage, finishReason: finishReason)
  }

  // MARK: Ollama

  private func ollama() async throws -> Completion {
    let base = provider.provider.baseURL
    // /api/chat first; a server (or proxy) without it may still have /api/generate, and back.
    do {
      return try await ollamaRoute(Endpoints.chat(base, .ollama), generate: false)
    } catch let error as RouteMissing {
      do {
        return try await ollamaRoute(Endpoints.generate(base), generate: true)
      } catch is RouteMissing {
        throw ChatError.http(provider: provider.name, status: 404, message: error.message)
      }
    }
  }

  private struct RouteMissing: Error { var message: String }

  private func ollamaRoute(_ url: String, generate: Bool) async throws -> Completion {
    let body = request.ollamaBody(generate: generate, contextLength: provider.provider.contextLength)
    let responseBody: LimitedBody
    do {
      responseBody = try await send(url, body: body)
    } catch let error as ChatError {
      // Ollama says "model 'x' not found" for a missing model; a missing route is Go's plain
      // "404 page not found" (or a proxy's own text).
      if case .http(_, 404, let message) = error, !message.lowercased().contains("model") {
        throw RouteMissing(message: message)
      }
      throw error
    }
    var text = ""
    var usage: Usage?
    var finishReason: String?
    var done = false
    func take(_ object: JSONValue) throws {
      if let error = object["error"], error != .null { throw midStream(error) }
      let piece = (generate ? object["response"] : object["message"]?["content"])?.stringValue ?? ""
      if !piece.isEmpty {
        text += piece
        try onText(piece)
      }
      if object["done"]?.boolValue == true {
        done = true
        finishReason = object["done_reason"]?.stringValue
        let prompt = object["prompt_eval_count"]?.intValue.map { Int($0) }
        usage = Usage(promptTokens: prompt, completionTokens: object["eval_count"]?.intValue.map { Int($0) })
        if let prompt, request.estimatedTokens > 256, prompt * 2 < request.estimatedTokens {
          onWarning(
            tr(
              "\(provider.name): the model read only \(prompt) tokens of about \(request.estimatedTokens): the input was probably cut (set a larger context_length for the provider)"
            ))
        }
      }
    }
    var lines = LineSplitter()
    do {
      for try await chunk in responseBody where !done {
        for line in lines.lines(adding: chunk.readableBytesView) where !line.isEmpty { try take(try parse(line)) }
      }
      if !done, let line = lines.finish() { try take(try parse(line)) }
    } catch let error as AttemptError {
      throw error
    } catch let error as ChatError {
      throw error
    } catch {
      throw AttemptError(.transport(describe(error)), message: "the stream broke off: \(describe(error))")
    }
    guard done else { throw AttemptError(.transport("cut"), message: "the stream ended before it was complete") }
    return try finished(text, usage: usage, finishReason: finishReason)
  }

  // MARK: Plumbing

  private func finished(_ text: String, usage: Usage?, finishReason: String?) throws -> Completion {
    if text.isEmpty { throw ChatError.empty(provider: provider.name, model: request.model) }
    if finishReason == "length" { onWarning(tr("\(provider.name): the answer was cut at the token limit")) }
    return Completion(
      text: text, provider: provider.name, model: request.model, usage: usage, finishReason: finishReason)
  }

  /// Posts `body`; a transport failure or an error status becomes an error for the retry policy.
  /// The provider's timeout bounds a whole answer; a stream may run longer while it keeps
  /// delivering, but never that long without a byte.
  private func send(_ url: String, body: JSONValue) async throws -> LimitedBody {
    var http = HTTPClientRequest(url: url)
    http.method = .POST
    http.headers.add(name: "Content-Type", value: "application/json")
    http.headers.add(
      name: "Accept", value: request.stream ? "text/event-stream, application/x-ndjson" : "application/json")
    http.headers.add(name: "User-Agent", value: "ail-ai")
    if let key = provider.apiKey { http.headers.add(name: "Authorization", value: "Bearer " + key) }
    http.body = .bytes(ByteBuffer(bytes: try WireCoding.line(body)))
    let timeout = provider.provider.timeout ?? 300
    do {
      return try await self.http.attempt(
        http, limit: request.stream ? .idle(timeout) : .whole(timeout), host: provider.host
      ).1
    } catch let error as AttemptError {
      guard case .status(404, _, _) = error.failure else { throw error }
      throw ChatError.http(provider: provider.name, status: 404, message: error.serverMessage ?? error.message)
    }
  }

  private func collect(_ body: LimitedBody) async throws -> [UInt8] {
    Array(try await body.collectWhole(upTo: 64 << 20, host: provider.host).readableBytesView)
  }

  private func parse(_ bytes: [UInt8]) throws -> JSONValue {
    guard let value = try? bytes.withUnsafeBytes({ try WireCoding.parse($0) }), value.objectValue != nil else {
      throw ChatError.malformed(
        provider: provider.name, message: "not a JSON object: \(String(decoding: bytes.prefix(120), as: UTF8.self))")
    }
    return value
  }

  private func midStream(_ error: JSONValue) -> AttemptError {
    let message = error.stringValue ?? error["message"]?.stringValue ?? "error"
    return AttemptError(
      .status(500, retryAfter: nil, quotaExhausted: false), message: "error in the stream: \(message)")
  }

  private func describe(_ error: any Error) -> String { TransportFailure.describe(error, host: provider.host) }
}
