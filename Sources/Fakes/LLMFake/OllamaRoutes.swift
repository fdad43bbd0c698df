import FakeServer
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Ollama's native API, written as its Go handlers write it: `json.Marshal` (HTML characters
/// escaped), struct member order, `omitempty` metrics, NDJSON lines flushed one by one.
struct OllamaRoutes {
  let context: RouteContext

  /// `POST /api/chat` and `POST /api/generate`.
  func generate(_ request: IncomingRequest, route: FakeLLMRoute) -> Plan {
    let errors = context.errors
    guard let body = request.json, body.objectValue != nil else { return errors.badJSON(request.body) }
    guard let requested = body["model"]?.stringValue, !requested.isEmpty else { return errors.missingModel() }
    guard let model = context.settings.models.find(requested, tags: true) else {
      return errors.unknownModel(requested)
    }
    let chat = route == .ollamaChat
    let messages = RequestFields.messages(in: body, route: route)

    // An empty chat or prompt only loads the model (`done_reason: "load"`), whatever `stream` says.
    let empty = chat ? body["messages"]?.arrayValue?.isEmpty ?? true : (body["prompt"]?.stringValue ?? "").isEmpty
    if empty {
      var json = JSONOut(escaping: .go)
      json.object { out in
        out.member("model", requested)
        out.member("created_at", BodyTimestamps.goTime(context.now))
        if chat {
          writeMessage("", to: &out)
          out.member("done_reason", "load")
          out.member("done", true)
        } else {
          out.member("response", "")
          out.member("done", true)
          out.member("done_reason", "load")
        }
      }
      return .json(json.bytes, contentType: FakeLLMFlavor.ollama.jsonContentType)
    }

    let options = body["options"] ?? .null
    // Ollama opens the window asked for, but never wider than the model was trained for
    // ("requested context size too large for model").
    let asked = options.positiveInt("num_ctx") ?? context.settings.defaultContextLength
    let contextLength = min(asked, model.contextLength ?? asked)
    let whole = FakePrompt(
      api: chat ? .ollamaChat : .ollamaGenerate, model: requested, messages: messages, body: body,
      contextLength: contextLength)
    // What the model reads of a prompt longer than the window: its end. The count stays the
    // prompt's own, as Ollama's log line reports both.
    var prompt = FakePrompt(
      api: whole.api, model: requested, messages: Self.cut(messages, toTokens: contextLength), body: body,
      contextLength: contextLength)
    prompt.promptTokens = whole.promptTokens
    let generation = Generation(
      answer: context.answerOverride ?? model.answer, prompt: prompt,
      timing: model.timing ?? context.settings.timing, limit: options.positiveInt("num_predict"),
      contextLength: contextLength)
    let start = context.now.adding(milliseconds: generation.timing.firstByteDelayMilliseconds)

    guard body["stream"]?.boolValue ?? true else {
      var json = JSONOut(escaping: .go, capacity: generation.content.utf8.count + 256)
      let end = start.adding(milliseconds: generation.offset(ofPiece: generation.pieces.count - 1))
      writeFinal(generation, text: generation.content, chat: chat, model: requested, time: end, to: &json)
      var plan = Plan.json(json.bytes, contentType: FakeLLMFlavor.ollama.jsonContentType)
      plan.firstByteDelayMilliseconds = generation.wholeDelayMilliseconds
      return plan
    }

    var events: [Plan.Event] = []
    for (index, piece) in generation.pieces.enumerated() {
      var json = JSONOut(escaping: .go)
      json.object { out in
        out.member("model", requested)
        out.member("created_at", BodyTimestamps.goTime(start.adding(milliseconds: generation.offset(ofPiece: index))))
        if chat { writeMessage(piece, to: &out) } else { out.member("response", piece) }
        out.member("done", false)
      }
      json.newline()
      events.append(Plan.Event(delayMilliseconds: generation.delayBefore(piece: index), bytes: json.bytes))
    }
    var last = JSONOut(escaping: .go)
    let end = start.adding(milliseconds: generation.offset(ofPiece: generation.pieces.count - 1))
    writeFinal(generation, text: "", chat: chat, model: requested, time: end, to: &last)
    last.newline()
    events.append(Plan.Event(delayMilliseconds: 0, bytes: last.bytes))
    var plan = Plan(
      status: 200, headers: [("Content-Type", "application/x-ndjson")], body: .events(events))
    plan.firstByteDelayMilliseconds = generation.timing.firstByteDelayMilliseconds
    return plan
  }

  private func writeMessage(_ text: String, to out: inout JSONOut) {
    out.objectMember("message") { message in
      message.member("role", "assistant")
      message.member("content", text)
    }
  }

  /// The `done: true` object: `ChatResponse` puts `done_reason` before `done`,
  /// `GenerateResponse` after it (and adds the deprecated `context`).
  private func writeFinal(
    _ generation: Generation, text: String, chat: Bool, model: String, time: Date, to json: inout JSONOut
  ) {
    let metrics = generation.metrics
    json.object { out in
      out.member("model", model)
      out.member("created_at", BodyTimestamps.goTime(time))
      if chat {
        writeMessage(text, to: &out)
        out.member("done_reason", generation.finishReason)
        out.member("done", true)
      } else {
        out.member("response", text)
        out.member("done", true)
        out.member("done_reason", generation.finishReason)
        let tokens = generation.promptTokens + generation.completionTokens
        if tokens > 0 {
          var ids = Identifiers.Generator(seed: context.sequence, salt: 0x70CE)
          out.key("context")
          out.ints((0..<tokens).map { _ in Int(ids.next() % 128_000) })
        }
      }
      for (name, value) in [
        ("total_duration", metrics.total), ("load_duration", metrics.load),
        ("prompt_eval_count", generation.promptTokens), ("prompt_eval_duration", metrics.promptEval),
        ("eval_count", generation.completionTokens), ("eval_duration", metrics.eval),
      ] where value != 0 {
        out.member(name, value)
      }
    }
  }

  /// `GET /api/tags`.
  func tags() -> Plan {
    var json = JSONOut(escaping: .go)
    json.object { out in
      out.arrayMember("models") { list in
        for model in context.settings.models {
          list.object { entry in
            entry.member("name", model.taggedName)
            entry.member("model", model.taggedName)
            entry.member("modified_at", BodyTimestamps.goTime(context.modelTime))
            entry.member("size", model.size)
            entry.member("digest", Identifiers.digest(of: model.taggedName))
            entry.objectMember("details") { details in
              details.member("parent_model", "")
              details.member("format", "gguf")
              details.member("family", model.family)
              details.key("families")
              details.strings([model.family])
              details.member("parameter_size", model.parameterSize)
              details.member("quantization_level", model.quantizationLevel)
            }
          }
        }
      }
    }
    return .json(json.bytes, contentType: FakeLLMFlavor.ollama.jsonContentType)
  }

  /// Ollama cuts a prompt longer than its window from the start, the system prompt first.
  static func cut(_ messages: [FakeMessage], toTokens limit: Int) -> [FakeMessage] {
    var room = limit * 4
    var kept: [FakeMessage] = []
    for message in messages.reversed() where room > 0 {
      let text = message.content.count <= room ? message.content : String(message.content.suffix(room))
      room -= text.count
      kept.insert(FakeMessage(role: message.role, content: text), at: 0)
    }
    return kept
  }

  /// `POST /api/show`: the parts of Ollama's answer a client reads, the context length in
  /// `model_info` under the architecture's name.
  func show(_ request: IncomingRequest) -> Plan {
    let errors = context.errors
    guard let body = request.json, body.objectValue != nil else { return errors.badJSON(request.body) }
    guard let requested = (body["model"] ?? body["name"])?.stringValue, !requested.isEmpty else {
      return errors.missingModel()
    }
    guard let model = context.settings.models.find(requested, tags: true) else {
      return errors.ollama(404, "model '\(requested)' not found")
    }
    var json = JSONOut(escaping: .go)
    json.object { out in
      out.member("license", "")
      out.member("modified_at", BodyTimestamps.goTime(context.modelTime))
      out.objectMember("details") { details in
        details.member("parent_model", "")
        details.member("format", "gguf")
        details.member("family", model.family)
        details.member("parameter_size", model.parameterSize)
        details.member("quantization_level", model.quantizationLevel)
      }
      out.objectMember("model_info") { info in
        info.member("general.architecture", model.family)
        info.member("\(model.family).context_length", model.contextLength ?? FakeModel.trainedContextLength)
      }
      out.key("capabilities")
      out.strings(["completion"])
    }
    return .json(json.bytes, contentType: FakeLLMFlavor.ollama.jsonContentType)
  }

  /// `GET /api/version`.
  func version() -> Plan {
    var json = JSONOut(escaping: .go)
    json.object { $0.member("version", context.settings.ollamaVersion) }
    return .json(json.bytes, contentType: FakeLLMFlavor.ollama.jsonContentType)
  }

  /// `GET /`.
  func root() -> Plan { .text("Ollama is running", status: 200) }
}
