import FakeServer

/// The bytes of `/v1/chat/completions` answers as each imitated server writes them: member order,
/// layout, where the role goes, when `finish_reason` is present, and the usage chunk.
struct OpenAIFraming {
  let flavor: FakeLLMFlavor
  let id: String
  let created: Int
  let model: String

  enum Delta {
    /// The role-only opening delta (`{"role":"assistant"}` plus what the server adds to it).
    case role
    /// Text; `withRole` for servers that name the role on it too.
    case content(String, withRole: Bool)
    /// The closing delta: `{}` (Mistral: `{"content":""}`, Ollama: role and empty content).
    case closing
  }

  struct Usage {
    var prompt: Int
    var completion: Int
    var total: Int { prompt + completion }
  }

  // MARK: Stream

  /// Every event of a stream, in order, with its pause.
  func events(_ generation: Generation, includeUsage: Bool) -> [Plan.Event] {
    let usage = Usage(prompt: generation.promptTokens, completion: generation.completionTokens)
    // OpenAI marks every chunk with "usage":null once usage was asked for.
    let usageNull = flavor == .openAI && includeUsage
    var events: [Plan.Event] = []
    func add(_ json: [UInt8], delay: Int = 0) {
      events.append(Plan.Event(delayMilliseconds: delay, bytes: Self.sse(json)))
    }

    switch flavor {
    case .openAI, .llamaCpp, .mistral:
      add(chunk(.role, finish: nil, usageNull: usageNull))
      for (index, piece) in generation.pieces.enumerated() {
        add(
          chunk(.content(piece, withRole: false), finish: nil, usageNull: usageNull),
          delay: generation.delayBefore(piece: index))
      }
    case .liteLLM:
      // The role rides on the first text.
      let pieces = generation.pieces.isEmpty ? [""] : generation.pieces
      for (index, piece) in pieces.enumerated() {
        add(chunk(.content(piece, withRole: index == 0), finish: nil), delay: generation.delayBefore(piece: index))
      }
    case .ollama:
      for (index, piece) in generation.pieces.enumerated() {
        add(chunk(.content(piece, withRole: true), finish: nil), delay: generation.delayBefore(piece: index))
      }
    }
    add(
      chunk(
        .closing, finish: generation.finishReason, usage: flavor == .mistral ? usage : nil, usageNull: usageNull))
    if includeUsage, let usageChunk = usageChunk(usage) { add(usageChunk) }
    events.append(Plan.Event(delayMilliseconds: 0, bytes: Array("data: [DONE]\n\n".utf8)))
    return events
  }

  static func sse(_ json: [UInt8]) -> [UInt8] { Array("data: ".utf8) + json + [0x0A, 0x0A] }

  func chunk(_ delta: Delta, finish: String?, usage: Usage? = nil, usageNull: Bool = false) -> [UInt8] {
    var json = flavor.chunkWriter()
    json.object { out in
      out.member("id", id)
      switch flavor {
      case .llamaCpp:
        out.member("model", model)
        out.member("created", created)
        out.member("object", "chat.completion.chunk")
      default:
        out.member("object", "chat.completion.chunk")
        out.member("created", created)
        out.member("model", model)
      }
      if flavor == .openAI { out.member("system_fingerprint", Self.openAIFingerprint) }
      if flavor == .ollama { out.member("system_fingerprint", "fp_ollama") }
      out.arrayMember("choices") { choices in
        choices.object { choice in
          choice.member("index", 0)
          choice.key("delta")
          writeDelta(delta, to: &choice)
          switch flavor {
          case .openAI, .llamaCpp:
            choice.nullMember("logprobs")
            choice.member("finish_reason", orNull: finish)
          case .liteLLM:
            // LiteLLM leaves the key out until there is a reason.
            if let finish { choice.member("finish_reason", finish) }
          case .mistral, .ollama:
            choice.member("finish_reason", orNull: finish)
          }
        }
      }
      if let usage {
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .mistral) }
      } else if usageNull {
        out.nullMember("usage")
      }
    }
    return json.bytes
  }

  private func writeDelta(_ delta: Delta, to out: inout JSONOut) {
    out.object { members in
      switch delta {
      case .role:
        members.member("role", "assistant")
        if flavor == .openAI || flavor == .mistral { members.member("content", "") }
        if flavor == .openAI { members.nullMember("refusal") }
      case .content(let text, let withRole):
        if withRole { members.member("role", "assistant") }
        members.member("content", text)
      case .closing:
        if flavor == .ollama { members.member("role", "assistant") }
        if flavor == .mistral || flavor == .ollama { members.member("content", "") }
      }
    }
  }

  /// The extra chunk `stream_options.include_usage` asks for; llama.cpp ignores the option and
  /// Mistral already sent usage in its last chunk.
  func usageChunk(_ usage: Usage) -> [UInt8]? {
    var json = flavor.chunkWriter()
    switch flavor {
    case .llamaCpp, .mistral:
      return nil
    case .liteLLM:
      json.object { out in
        out.member("id", id)
        out.member("created", created)
        out.member("model", model)
        out.member("object", "chat.completion.chunk")
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("index", 0)
            choice.objectMember("delta") { _ in }
          }
        }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .liteLLM) }
      }
    case .openAI, .ollama:
      json.object { out in
        out.member("id", id)
        out.member("object", "chat.completion.chunk")
        out.member("created", created)
        out.member("model", model)
        out.member("system_fingerprint", flavor == .openAI ? Self.openAIFingerprint : "fp_ollama")
        out.arrayMember("choices") { _ in }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: flavor == .openAI ? .openAI : .plain) }
      }
    }
    return json.bytes
  }

  // MARK: Whole answer

  func completion(_ generation: Generation) -> [UInt8] {
    let usage = Usage(prompt: generation.promptTokens, completion: generation.completionTokens)
    let text = generation.content
    let finish = generation.finishReason
    var json = flavor.wholeWriter(capacity: text.utf8.count + 512)
    json.object { out in
      out.member("id", id)
      switch flavor {
      case .openAI:
        out.member("object", "chat.completion")
        out.member("created", created)
        out.member("model", model)
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("index", 0)
            choice.objectMember("message") { message in
              message.member("role", "assistant")
              message.member("content", text)
              message.nullMember("refusal")
              message.arrayMember("annotations") { _ in }
            }
            choice.nullMember("logprobs")
            choice.member("finish_reason", finish)
          }
        }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .openAI) }
        out.member("service_tier", "default")
        out.member("system_fingerprint", Self.openAIFingerprint)
      case .liteLLM:
        out.member("created", created)
        out.member("model", model)
        out.member("object", "chat.completion")
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("finish_reason", finish)
            choice.member("index", 0)
            choice.objectMember("message") { message in
              message.member("content", text)
              message.member("role", "assistant")
            }
          }
        }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .liteLLMWhole) }
      case .llamaCpp:
        out.member("object", "chat.completion")
        out.member("created", created)
        out.member("model", model)
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("index", 0)
            choice.objectMember("message") { message in
              message.member("role", "assistant")
              message.member("content", text)
            }
            choice.nullMember("logprobs")
            choice.member("finish_reason", finish)
          }
        }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .plain) }
      case .mistral:
        out.member("object", "chat.completion")
        out.member("model", model)
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .plain) }
        out.member("created", created)
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("index", 0)
            choice.objectMember("message") { message in
              message.member("role", "assistant")
              message.nullMember("tool_calls")
              message.member("content", text)
            }
            choice.member("finish_reason", finish)
          }
        }
      case .ollama:
        out.member("object", "chat.completion")
        out.member("created", created)
        out.member("model", model)
        out.member("system_fingerprint", "fp_ollama")
        out.arrayMember("choices") { choices in
          choices.object { choice in
            choice.member("index", 0)
            choice.objectMember("message") { message in
              message.member("role", "assistant")
              message.member("content", text)
            }
            choice.member("finish_reason", finish)
          }
        }
        out.objectMember("usage") { writeUsage(usage, to: &$0, order: .plain) }
      }
    }
    return json.bytes
  }

  // MARK: Usage

  enum UsageOrder {
    /// `prompt_tokens, completion_tokens, total_tokens`.
    case plain
    /// The plain three plus OpenAI's detail objects.
    case openAI
    /// Mistral's: `prompt_tokens, total_tokens, completion_tokens`.
    case mistral
    /// LiteLLM's sorted members, with its `completion_tokens_details` (stream).
    case liteLLM
    /// LiteLLM's sorted members (whole answer).
    case liteLLMWhole
  }

  private func writeUsage(_ usage: Usage, to out: inout JSONOut, order: UsageOrder) {
    switch order {
    case .plain, .openAI:
      out.member("prompt_tokens", usage.prompt)
      out.member("completion_tokens", usage.completion)
      out.member("total_tokens", usage.total)
      if order == .openAI {
        out.objectMember("prompt_tokens_details") { details in
          details.member("cached_tokens", 0)
          details.member("audio_tokens", 0)
        }
        out.objectMember("completion_tokens_details") { details in
          details.member("reasoning_tokens", 0)
          details.member("audio_tokens", 0)
          details.member("accepted_prediction_tokens", 0)
          details.member("rejected_prediction_tokens", 0)
        }
      }
    case .mistral:
      out.member("prompt_tokens", usage.prompt)
      out.member("total_tokens", usage.total)
      out.member("completion_tokens", usage.completion)
    case .liteLLM, .liteLLMWhole:
      out.member("completion_tokens", usage.completion)
      out.member("prompt_tokens", usage.prompt)
      out.member("total_tokens", usage.total)
      if order == .liteLLM {
        out.objectMember("completion_tokens_details") { details in
          details.member("reasoning_tokens", 0)
          details.member("text_tokens", usage.completion)
        }
      }
    }
  }

  static let openAIFingerprint = "fp_7fcd609668"
}
