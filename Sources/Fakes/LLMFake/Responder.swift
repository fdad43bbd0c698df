import FakeServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every route needs to answer one request: a consistent copy of the settings, taken once.
struct RouteContext {
  let settings: FakeLLM.Configuration
  let sequence: Int
  /// The wall-clock time of this answer.
  let now: Date
  /// When a fault replaces the model's answer for this request.
  let answerOverride: FakeAnswer?
  let errors: ErrorReplies

  /// `modified_at` and `created` of listed models: the fixed time, or a fixed date in the past.
  var modelTime: Date { settings.fixedTime ?? Date(timeIntervalSince1970: 1_746_405_464.706015) }
}

/// Builds the plan for one request: faults first, then availability, authentication and the route.
struct Responder {
  let settings: FakeLLM.Configuration
  let sequence: Int
  /// Hands out the index of the next transcript (counted by the server across connections).
  var takeTranscript: () -> Int = { 0 }

  func plan(for request: IncomingRequest, fault: FakeLLMFault?) -> Plan {
    var plan = answer(request, fault: fault)
    if let fault { apply(fault, to: &plan, native: isNative(request)) }
    return plan
  }

  /// Whether the request reached Ollama's native API, or whisper.cpp's `/inference`, whose
  /// errors are `{"error":"…"}`.
  private func isNative(_ request: IncomingRequest) -> Bool {
    (settings.flavor == .ollama && request.route?.isOllamaNative == true) || request.route == .whisperInference
  }

  private func answer(_ request: IncomingRequest, fault: FakeLLMFault?) -> Plan {
    let flavor = settings.flavor
    let native = isNative(request)
    let errors = ErrorReplies(flavor: flavor, native: native, sequence: sequence)
    guard let route = request.route, !route.isOllamaNative || flavor == .ollama else {
      return errors.notFound(method: request.method, path: request.path)
    }
    if settings.disabledRoutes.contains(route) {
      return native
        ? .text("404 page not found", status: 404) : errors.notFound(method: request.method, path: request.path)
    }
    if route.isTranscription {
      let transcription = TranscriptionRoute(
        settings: settings, errors: ErrorReplies(flavor: flavor, native: false, sequence: sequence),
        takeTranscript: takeTranscript)
      return transcription.reply(to: request, route: route, fault: fault)
    }
    if case .status(let code, let body, let retryAfter, let milliseconds) = fault {
      var plan = errors.render(body, status: (100...999).contains(code) ? code : 500)
      if let retryAfter { plan.add("retry-after", retryAfter) }
      if let milliseconds { plan.add("retry-after-ms", String(milliseconds)) }
      return plan
    }
    if let key = settings.apiKey, route != .ollamaRoot {
      let sent = flavor == .liteLLM ? request.credential : request.bearerToken
      if sent != key { return errors.unauthorized(presented: sent) }
    }

    var answerOverride: FakeAnswer?
    if case .answer(let answer) = fault { answerOverride = answer }
    let context = RouteContext(
      settings: settings, sequence: sequence, now: settings.fixedTime ?? Date(), answerOverride: answerOverride,
      errors: errors)
    switch route {
    case .chatCompletions: return ChatCompletionsRoute(context: context).reply(to: request)
    case .models: return ModelsRoute(context: context).reply(to: request)
    case .ollamaChat, .ollamaGenerate: return OllamaRoutes(context: context).generate(request, route: route)
    case .ollamaTags: return OllamaRoutes(context: context).tags()
    case .ollamaVersion: return OllamaRoutes(context: context).version()
    case .ollamaShow: return OllamaRoutes(context: context).show(request)
    case .ollamaRoot: return OllamaRoutes(context: context).root()
    case .audioTranscriptions, .whisperInference: return errors.notFound(method: request.method, path: request.path)
    }
  }

  /// The stream and body faults, applied to the answer planned.
  private func apply(_ fault: FakeLLMFault, to plan: inout Plan, native: Bool) {
    let errors = ErrorReplies(flavor: settings.flavor, native: native, sequence: sequence)
    switch (fault, plan.body) {
    case (.delay(let milliseconds), _):
      plan.firstByteDelayMilliseconds += max(0, milliseconds)

    case (.midStreamError(let after, let message), .events(let events)):
      let kept = Array(events.prefix(max(0, min(after, events.count - 1))))
      let error = errors.streamError(message)
      let line = native ? error + [0x0A] : OpenAIFraming.sse(error)
      plan.body = .events(kept + [Plan.Event(delayMilliseconds: 0, bytes: line)])
    case (.midStreamError(_, let message), .whole):
      let delay = plan.firstByteDelayMilliseconds
      plan = native ? errors.ollama(500, message) : errors.openAIStyle(500, message: message, type: "server_error")
      plan.firstByteDelayMilliseconds = delay

    case (.cutStream(let after), .events(let events)):
      plan.body = .events(Array(events.prefix(max(0, min(after, events.count - 1)))))
      plan.ending = .closeAfterEnd
    case (.cutStream, .whole(let bytes)):
      plan.body = .whole(Array(bytes.prefix(bytes.count / 2)))
      plan.ending = .closeAfterEnd

    case (.resetMidStream(let after), .events(let events)):
      plan.body = .events(Array(events.prefix(max(0, min(after, events.count - 1)))))
      plan.ending = .reset
    case (.resetMidStream, .whole):
      plan.ending = .reset

    case (.malformedJSON, .events(var events)):
      guard !events.isEmpty else { return }
      events[0].bytes = Self.broken(events[0].bytes, native: native)
      plan.body = .events(events)
    case (.malformedJSON, .whole(let bytes)):
      plan.body = .whole(Array(bytes.prefix(max(1, bytes.count / 2))))

    case (.stallAfter(let bytes), _):
      plan.stall(after: bytes)

    case (.status, _), (.dropConnection, _), (.answer, _):
      break  // handled before or outside the plan
    }
  }

  /// An event whose JSON stops half-way: `data: {"id":"chatc` + the blank line, or half an
  /// NDJSON line + its newline.
  static func broken(_ event: [UInt8], native: Bool) -> [UInt8] {
    if native { return Array(event.dropLast().prefix(max(1, (event.count - 1) / 2))) + [0x0A] }
    let prefix = 6  // "data: "
    let json = event.dropFirst(prefix).dropLast(2)
    return Array(event.prefix(prefix)) + Array(json.prefix(max(1, json.count / 2))) + [0x0A, 0x0A]
  }
}

extension IncomingRequest {
  /// The Bearer token of `Authorization`, the only place OpenAI, Mistral and llama.cpp look.
  var bearerToken: String? {
    guard let authorization = header("Authorization") else { return nil }
    let trimmed = authorization.drop { $0 == " " }
    guard trimmed.lowercased().hasPrefix("bearer ") else { return nil }
    return String(trimmed.dropFirst(7).drop { $0 == " " })
  }
}
