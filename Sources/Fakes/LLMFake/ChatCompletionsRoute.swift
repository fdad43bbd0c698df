import Wire

/// `POST /v1/chat/completions`: validation as the imitated server does it, then the answer whole
/// or as SSE.
struct ChatCompletionsRoute {
  let context: RouteContext

  func reply(to request: IncomingRequest) -> Plan {
    let flavor = context.settings.flavor
    let errors = context.errors
    guard let body = request.json, body.objectValue != nil else { return errors.badJSON(request.body) }
    if flavor == .mistral {
      let forbidden = MistralValidation.forbidden(raw: request.body, body: body)
      if !forbidden.isEmpty { return errors.mistralExtraForbidden(forbidden) }
    }

    let models = context.settings.models
    let model: FakeModel
    let requested = body["model"]?.stringValue
    if flavor == .llamaCpp {
      // llama-cpp-python serves whatever name is asked with the one model it has loaded.
      guard let first = requested.flatMap({ models.find($0, tags: false) }) ?? models.first else {
        return errors.unknownModel(requested ?? "")
      }
      model = first
    } else {
      guard let requested, !requested.isEmpty else { return errors.missingModel() }
      guard let found = models.find(requested, tags: flavor == .ollama) else { return errors.unknownModel(requested) }
      model = found
      guard body["messages"]?.arrayValue != nil else { return errors.missingMessages() }
    }
    let modelName = flavor == .llamaCpp ? model.name : requested ?? model.name

    let prompt = FakePrompt(
      api: .chatCompletions, model: modelName, messages: RequestFields.messages(in: body, route: .chatCompletions),
      body: body)
    let limit = body.positiveInt("max_completion_tokens") ?? body.positiveInt("max_tokens")
    // llama.cpp's server (and OpenAI, vLLM) refuse a request longer than the window; Ollama's
    // `/v1` cuts it as its native API does.
    if flavor != .ollama, let window = model.contextLength, prompt.promptTokens + (limit ?? 0) > window {
      return errors.render(
        .contextLengthExceeded(maximum: window, requested: prompt.promptTokens, completion: limit ?? 0), status: 400)
    }
    let generation = Generation(
      answer: context.answerOverride ?? model.answer, prompt: prompt,
      timing: model.timing ?? context.settings.timing, limit: limit, contextLength: nil)
    let framing = OpenAIFraming(
      flavor: flavor, id: Identifiers.completionID(flavor: flavor, sequence: context.sequence),
      created: BodyTimestamps.unixSeconds(context.now), model: modelName)

    guard body["stream"]?.boolValue == true else {
      var plan = Plan.json(framing.completion(generation), contentType: flavor.jsonContentType)
      plan.firstByteDelayMilliseconds = generation.wholeDelayMilliseconds
      return plan
    }
    let includeUsage = body["stream_options"]?["include_usage"]?.boolValue == true
    var plan = Plan(
      status: 200, headers: [("Content-Type", flavor.eventStreamContentType), ("Cache-Control", "no-cache")],
      body: .events(framing.events(generation, includeUsage: includeUsage)))
    plan.firstByteDelayMilliseconds = generation.timing.firstByteDelayMilliseconds
    return plan
  }
}

/// `GET /v1/models` and `/v1/models/{id}`.
struct ModelsRoute {
  let context: RouteContext

  func reply(to request: IncomingRequest) -> Plan {
    let flavor = context.settings.flavor
    let models = context.settings.models
    var json = flavor.wholeWriter()
    if let id = request.modelID {
      guard let model = models.find(id, tags: flavor == .ollama) else { return context.errors.unknownModel(id) }
      write(model, to: &json)
    } else {
      json.object { out in
        if flavor != .liteLLM { out.member("object", "list") }
        out.arrayMember("data") { data in
          for model in models { write(model, to: &data) }
        }
        if flavor == .liteLLM { out.member("object", "list") }
      }
    }
    if flavor == .openAI { json.newline() }
    return .json(json.bytes, contentType: flavor.jsonContentType)
  }

  private func write(_ model: FakeModel, to out: inout JSONOut) {
    let flavor = context.settings.flavor
    let created = flavor == .liteLLM ? 1_677_610_602 : BodyTimestamps.unixSeconds(context.modelTime)
    out.object { entry in
      entry.member("id", flavor == .ollama ? model.taggedName : model.name)
      entry.member("object", "model")
      // llama-cpp-python sends no `created`.
      if flavor != .llamaCpp { entry.member("created", created) }
      entry.member("owned_by", model.ownedBy ?? flavor.defaultOwner)
      switch flavor {
      case .llamaCpp:
        entry.arrayMember("permissions") { _ in }
      case .mistral:
        entry.objectMember("capabilities") { capabilities in
          capabilities.member("completion_chat", true)
          capabilities.member("completion_fim", false)
          capabilities.member("function_calling", true)
          capabilities.member("fine_tuning", false)
          capabilities.member("vision", false)
          capabilities.member("classification", false)
        }
        entry.member("name", model.name)
        entry.member("description", "Fake model \(model.name)")
        entry.member("max_context_length", model.contextLength ?? 32768)
        entry.arrayMember("aliases") { _ in }
        entry.nullMember("deprecation")
        entry.key("default_model_temperature")
        entry.value(.number(0.3))
        entry.member("type", "base")
      default:
        break
      }
    }
  }
}
