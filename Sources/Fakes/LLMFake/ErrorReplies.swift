import FakeServer
import Wire

/// The error answers of each imitated server, pre-stream and in the shape its clients meet.
struct ErrorReplies {
  let flavor: FakeLLMFlavor
  /// Ollama's native routes answer `{"error":"…"}`; everything else speaks the OpenAI dialect.
  let native: Bool
  let sequence: Int

  // MARK: Shapes

  /// The OpenAI-family error as this server writes it: OpenAI's own (pretty), LiteLLM's (the
  /// status as a string in `code`), Mistral's flat `{"object":"error",…}`, Ollama's `/v1`.
  func openAIStyle(_ status: Int, message: String, type: String, param: String? = nil, code: String? = nil) -> Plan {
    if native { return ollama(status, message) }
    var json = flavor == .openAI ? JSONOut(layout: .pretty(indent: 4)) : flavor.wholeWriter()
    switch flavor {
    case .mistral:
      json.object { out in
        out.member("object", "error")
        out.member("message", message)
        out.member("type", type)
        out.member("param", orNull: param)
        out.member("code", orNull: code)
      }
    default:
      json.object { out in
        out.objectMember("error") { error in
          error.member("message", message)
          error.member("type", type)
          error.member("param", orNull: param)
          error.member("code", orNull: flavor == .liteLLM ? String(status) : code)
        }
      }
    }
    if flavor == .openAI { json.newline() }
    return .json(json.bytes, status: status, contentType: flavor.jsonContentType)
  }

  func ollama(_ status: Int, _ message: String) -> Plan {
    var json = JSONOut(escaping: .go)
    json.object { $0.member("error", message) }
    return .json(json.bytes, status: status, contentType: FakeLLMFlavor.ollama.jsonContentType)
  }

  func fastAPI(_ status: Int, _ detail: String) -> Plan {
    var json = JSONOut()
    json.object { $0.member("detail", detail) }
    return .json(json.bytes, status: status, contentType: "application/json")
  }

  func mistralUnauthorized() -> Plan {
    var json = JSONOut()
    json.object { out in
      out.member("message", "Unauthorized")
      out.member("request_id", Identifiers.requestID(sequence: sequence))
    }
    return .json(json.bytes, status: 401, contentType: "application/json")
  }

  /// Mistral's 422: one `extra_forbidden` entry per forbidden member, in the order sent.
  func mistralExtraForbidden(_ members: [(location: [JSONValue], input: JSONValue)]) -> Plan {
    var json = JSONOut()
    json.object { out in
      out.member("object", "error")
      out.objectMember("message") { message in
        message.arrayMember("detail") { detail in
          for member in members {
            detail.object { entry in
              entry.member("type", "extra_forbidden")
              entry.key("loc")
              entry.value(.array(member.location))
              entry.member("msg", "Extra inputs are not permitted")
              entry.key("input")
              entry.value(member.input)
            }
          }
        }
      }
      out.member("type", "invalid_request_error")
      out.nullMember("param")
      out.nullMember("code")
    }
    return .json(json.bytes, status: 422, contentType: "application/json")
  }

  // MARK: Answers

  /// An explicitly chosen body.
  func render(_ body: FakeErrorBody, status: Int) -> Plan {
    switch body {
    case .standard:
      return standard(status)
    case .openAI(let message, let type, let param, let code):
      var json = flavor == .openAI ? JSONOut(layout: .pretty(indent: 4)) : JSONOut()
      json.object { out in
        out.objectMember("error") { error in
          error.member("message", message)
          error.member("type", type)
          error.member("param", orNull: param)
          error.member("code", orNull: code)
        }
      }
      if flavor == .openAI { json.newline() }
      return .json(json.bytes, status: status, contentType: flavor.jsonContentType)
    case .insufficientQuota:
      return ErrorReplies(flavor: flavor, native: false, sequence: sequence).render(
        .openAI(
          message: "You exceeded your current quota, please check your plan and billing details. For more "
            + "information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
          type: "insufficient_quota", code: "insufficient_quota"), status: status)
    case .liteLLM(let message, let type):
      return ErrorReplies(flavor: .liteLLM, native: false, sequence: sequence).openAIStyle(
        status, message: message, type: type)
    case .fastAPI(let detail):
      return fastAPI(status, detail)
    case .plainText(let text):
      return .text(text, status: status)
    case .ollama(let message):
      return ollama(status, message)
    case .mistralUnauthorized:
      var plan = mistralUnauthorized()
      plan.status = status
      return plan
    case .mistralExtraForbidden(let member, let input):
      var plan = mistralExtraForbidden([(location: ["body", .string(member)], input: input)])
      plan.status = status
      return plan
    case .raw(let contentType, let bytes):
      return Plan(status: status, headers: [("Content-Type", contentType)], body: .whole(bytes))
    }
  }

  /// What this server typically answers with `status`.
  func standard(_ status: Int) -> Plan {
    let text = StatusText.llm(status)
    if native {
      return ollama(status, status == 500 ? "llama runner process has terminated: exit status 2" : text.lowercased())
    }
    let serverSide = status >= 500
    switch flavor {
    case .openAI:
      switch status {
      case 429:
        return openAIStyle(
          429,
          message: "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. "
            + "Please try again in 20s.", type: "requests", code: "rate_limit_exceeded")
      case 500:
        return openAIStyle(
          500, message: "The server had an error while processing your request. Sorry about that!",
          type: "server_error")
      case 503:
        return openAIStyle(
          503, message: "The engine is currently overloaded, please try again later", type: "server_error")
      default:
        return openAIStyle(status, message: text, type: serverSide ? "server_error" : "invalid_request_error")
      }
    case .liteLLM:
      switch status {
      case 429:
        return openAIStyle(
          429, message: "litellm.RateLimitError: this is a mock rate limit error", type: "throttling_error")
      case 500:
        return openAIStyle(
          500, message: "litellm.InternalServerError: this is a mock internal server error",
          type: "internal_server_error")
      default:
        let name = String(text.filter { $0 != " " })
        return openAIStyle(
          status, message: "litellm.\(name)Error: \(text)",
          type: serverSide ? "internal_server_error" : "invalid_request_error")
      }
    case .llamaCpp:
      return status == 500 ? .text("Internal Server Error", status: 500) : fastAPI(status, text)
    case .mistral:
      switch status {
      case 401: return mistralUnauthorized()
      case 429:
        return openAIStyle(429, message: "Requests rate limit exceeded", type: "rate_limited", code: "1300")
      default:
        return openAIStyle(
          status, message: text, type: serverSide ? "internal_server_error" : "invalid_request_error",
          code: serverSide ? "1000" : nil)
      }
    case .ollama:
      return openAIStyle(status, message: text, type: Self.ollamaType(status))
    }
  }

  /// The `type` Ollama's `/v1` layer gives a status (`openai.NewError`).
  static func ollamaType(_ status: Int) -> String {
    switch status {
    case 400: "invalid_request_error"
    case 404: "not_found_error"
    default: "api_error"
    }
  }

  /// A missing or wrong key. The key is never written back whole: OpenAI and LiteLLM quote it
  /// masked, the others not at all.
  func unauthorized(presented key: String?) -> Plan {
    if native { return ollama(401, "unauthorized") }
    switch flavor {
    case .openAI:
      guard let key else {
        return openAIStyle(
          401,
          message: "You didn't provide an API key. You need to provide your API key in an Authorization header "
            + "using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank "
            + "username) if you're accessing the API from your browser and are prompted for a username and "
            + "password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
          type: "invalid_request_error")
      }
      return openAIStyle(
        401,
        message: "Incorrect API key provided: \(Identifiers.masked(key)). You can find your API key at "
          + "https://platform.openai.com/account/api-keys.", type: "invalid_request_error", code: "invalid_api_key")
    case .liteLLM:
      let message =
        key.map {
          "Authentication Error, Invalid proxy server token passed. Received API Key = "
            + "\(Identifiers.abbreviated($0)), Key Hash (Token) =\(Identifiers.digest(of: $0)). Unable to find "
            + "token in cache or `LiteLLM_VerificationTokenTable`"
        } ?? "Authentication Error, No api key passed in."
      return openAIStyle(401, message: message, type: "auth_error", param: "None")
    case .llamaCpp:
      return fastAPI(401, "Invalid API key")
    case .mistral:
      return mistralUnauthorized()
    case .ollama:
      return openAIStyle(401, message: "unauthorized", type: Self.ollamaType(401))
    }
  }

  /// A path (or method) the server does not serve.
  func notFound(method: String, path: String) -> Plan {
    switch flavor {
    case .openAI:
      return openAIStyle(404, message: "Invalid URL (\(method) \(path))", type: "invalid_request_error")
    case .liteLLM, .llamaCpp:
      return fastAPI(404, "Not Found")
    case .mistral:
      var json = JSONOut()
      json.object { $0.member("message", "no Route matched with those values") }
      return .json(json.bytes, status: 404, contentType: "application/json")
    case .ollama:
      return .text("404 page not found", status: 404)
    }
  }

  func unknownModel(_ model: String) -> Plan {
    if native { return ollama(404, "model '\(model)' not found") }
    switch flavor {
    case .openAI:
      return openAIStyle(
        404, message: "The model `\(model)` does not exist or you do not have access to it.",
        type: "invalid_request_error", code: "model_not_found")
    case .liteLLM:
      return openAIStyle(
        400,
        message: "/chat/completions: Invalid model name passed in model=\(model). Call `/v1/models` to view "
          + "available models for your key.", type: "invalid_request_error", param: "model")
    case .llamaCpp:
      return fastAPI(404, "Model not found")
    case .mistral:
      return openAIStyle(400, message: "Invalid model: \(model)", type: "invalid_model", code: "1500")
    case .ollama:
      return openAIStyle(
        404, message: "model \"\(model)\" not found, try pulling it first", type: Self.ollamaType(404))
    }
  }

  /// A body that is not JSON (or not an object).
  func badJSON(_ body: [UInt8]) -> Plan {
    if native {
      guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
        return ollama(400, "missing request body")
      }
      let character = first < 0x80 ? String(UnicodeScalar(first)) : "\\x\(String(first, radix: 16))"
      return ollama(400, "invalid character '\(character)' looking for beginning of value")
    }
    switch flavor {
    case .openAI:
      return openAIStyle(
        400,
        message: "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your "
          + "HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. "
          + "If you have trouble figuring out how to fix this, please contact us through our help center at "
          + "help.openai.com.)", type: "invalid_request_error")
    case .liteLLM:
      return openAIStyle(
        400, message: "Invalid JSON payload: Expecting value: line 1 column 1 (char 0)",
        type: "invalid_request_error", param: "request_body")
    case .llamaCpp:
      return .text("Internal Server Error", status: 500)
    case .mistral:
      var json = JSONOut()
      json.object { out in
        out.member("object", "error")
        out.objectMember("message") { message in
          message.arrayMember("detail") { detail in
            detail.object { entry in
              entry.member("type", "json_invalid")
              entry.key("loc")
              entry.value(["body", 0])
              entry.member("msg", "JSON decode error")
              entry.objectMember("input") { _ in }
              entry.objectMember("ctx") { $0.member("error", "Expecting value") }
            }
          }
        }
        out.member("type", "invalid_request_error")
        out.nullMember("param")
        out.nullMember("code")
      }
      return .json(json.bytes, status: 422, contentType: "application/json")
    case .ollama:
      return openAIStyle(
        400, message: "invalid character looking for beginning of value", type: "invalid_request_error")
    }
  }

  /// A request without `model`.
  func missingModel() -> Plan {
    if native { return ollama(400, "model is required") }
    return openAIStyle(
      400, message: "you must provide a model parameter", type: "invalid_request_error",
      param: flavor == .openAI ? nil : "model")
  }

  /// A chat request without `messages` (llama.cpp does not mind).
  func missingMessages() -> Plan {
    openAIStyle(
      400, message: "Missing required parameter: 'messages'.", type: "invalid_request_error", param: "messages",
      code: flavor == .openAI ? "missing_required_parameter" : nil)
  }

  /// A stream's mid-way error event's JSON.
  func streamError(_ message: String) -> [UInt8] {
    if native {
      var json = JSONOut(escaping: .go)
      json.object { $0.member("error", message) }
      return json.bytes
    }
    var json = flavor.chunkWriter()
    json.object { out in
      out.objectMember("error") { error in
        error.member("message", message)
        error.member("type", "server_error")
        error.nullMember("param")
        if flavor == .liteLLM { error.member("code", "500") } else { error.nullMember("code") }
      }
    }
    return json.bytes
  }
}
