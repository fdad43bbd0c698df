public import AsyncHTTPClient
public import Audio
import Foundation
import Localization
import NIOCore
import NIOHTTP1
import NIOPosix
import Resilience

/// A transcription server reached over HTTP: each chunk goes up as a
/// 16-bit WAV in a multipart form and comes back as `verbose_json`, read leniently.
///
/// * ``Style/openAI``: `POST {base}/audio/transcriptions` — OpenAI, Groq, speaches, LocalAI.
/// * ``Style/whisperServer``: `POST {base}/inference` — whisper.cpp's `whisper-server`.
///
/// Failures that may pass (no connection, 408, 409, 425, 429, 5xx) are retried with backoff,
/// honouring `Retry-After`; after three consecutive connection failures the engine stops trying
/// for 30 s so that the chunks after them fail at once. The key is never part of an error.
///
/// The `HTTPClient` belongs to the caller, who shuts it down after the last chunk (see
/// ``makeHTTPClient(connectTimeout:)`` and ``shutDown(_:)``).
public struct HTTPTranscriptionEngine: SpeechEngine {
  public enum Style: String, Sendable, CaseIterable {
    /// OpenAI's `/audio/transcriptions` (and every server that copies it).
    case openAI = "openai"
    /// whisper.cpp's `whisper-server` and its `/inference`.
    case whisperServer = "whisper-server"
  }

  /// How often and how patiently to try one chunk again.
  public struct Retries: Sendable, Equatable {
    /// Retries after the first attempt.
    public var maxRetries: Int
    /// The wait before the first retry; each further one doubles it (with ±10 % jitter).
    public var baseDelay: Double
    /// No computed wait exceeds this.
    public var maxDelay: Double
    /// The longest `Retry-After` honoured; a longer one gives up at once.
    public var retryAfterCap: Double

    public init(maxRetries: Int = 2, baseDelay: Double = 2, maxDelay: Double = 30, retryAfterCap: Double = 120) {
      self.maxRetries = max(0, maxRetries)
      self.baseDelay = max(0, baseDelay)
      self.maxDelay = max(0, maxDelay)
      self.retryAfterCap = max(0, retryAfterCap)
    }

    /// One attempt only.
    public static let none = Retries(maxRetries: 0)

    /// Resilience's policy: transport failures, 408, 409, 425, 429 (unless the quota is used
    /// up) and every 5xx.
    var policy: RetryPolicy {
      RetryPolicy(
        maxRetries: maxRetries, baseDelay: baseDelay, maxDelay: maxDelay, retryAfterCap: retryAfterCap,
        retryableStatuses: Set([408, 409, 425, 429] + Array(500...599)))
    }
  }

  /// The model OpenAI-style servers get when none is named.
  public static let defaultModel = "whisper-1"
  /// Prompts longer than this are cut to their end (OpenAI reads only the last 224 tokens).
  static let promptLimit = 800

  public let style: Style
  /// The URL posted to: the base made into the style's endpoint.
  public let endpoint: String
  /// The model sent; nil for whisper-server, which serves the one it loaded.
  public let model: String?
  /// Seconds for one whole request, upload and answer.
  public let timeout: Double
  public let retries: Retries
  private let apiKey: String?
  private let http: HTTPClient
  private let breaker: CircuitBreaker
  private let onRetry: @Sendable (String) -> Void
  /// `host:port`, for messages and the circuit breaker.
  let authority: String
  /// Waits between attempts (tests record instead).
  var sleep: @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }

  /// - Parameters:
  ///   - baseURL: `http://host:port/v1` for the OpenAI style (a bare `http://host:port` gets
  ///     `/v1`), the server root for whisper-server; a trailing slash or a pasted endpoint path
  ///     (`…/audio/transcriptions`, `…/inference`) is fine.
  ///   - model: OpenAI style only; nil for ``defaultModel``.
  ///   - apiKey: sent as `Authorization: Bearer …` when given.
  ///   - http: the client to send with; the caller shuts it down.
  ///   - timeout: seconds for one whole request.
  ///   - onRetry: told in words about each retry before its wait (for a warning on stderr).
  /// - Throws: ``TranscriptionError`` (`.unavailable`) when `baseURL` is not an http(s) URL.
  public init(
    style: Style, baseURL: String, model: String? = nil, apiKey: String? = nil, http: HTTPClient,
    timeout: Double = 600, retries: Retries = Retries(), onRetry: @escaping @Sendable (String) -> Void = { _ in }
  ) throws {
    guard let endpoint = Self.endpoint(style: style, baseURL: baseURL) else {
      throw TranscriptionError(.unavailable, tr("not an http(s) URL: \(Self.withoutCredentials(baseURL))"))
    }
    self.style = style
    self.endpoint = endpoint
    let named = model?.httpTrimmed()
    self.model = style == .openAI ? (named?.isEmpty == false ? named : Self.defaultModel) : nil
    let key = apiKey?.httpTrimmed()
    self.apiKey = key?.isEmpty == false ? key : nil
    self.http = http
    self.timeout = timeout > 0 ? timeout : 600
    self.retries = retries
    self.onRetry = onRetry
    authority = Self.authority(of: endpoint)
    breaker = CircuitBreaker()
  }

  /// `openai` or `whisper-server`.
  public var name: String { style.rawValue }

  public var isNetworked: Bool { true }

  public func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition {
    try await recognize(audio, language: language, prompt: nil)
  }

  /// Transcribes one chunk. `prompt` (e.g. the previous chunk's text) guides spelling and
  /// style; only its last 800 characters are sent. Throws ``TranscriptionError``.
  public func recognize(_ audio: PCM, language: SpeechLanguage, prompt: String?) async throws -> Recognition {
    let wav = WAVEncoding.encode(audio)
    let (contentType, body) = form(wav: wav, language: language, prompt: prompt).encoded()
    do {
      return try await withRetries(
        policy: retries.policy, breaker: breaker, host: authority, sleep: sleep,
        onRetry: { retry, delay, error in
          let (message, wait, most) = (
            scrubbed(error.message), Formatted.tenths(Int((delay * 10).rounded())), retries.maxRetries
          )
          onRetry(tr("\(name) at \(authority): \(message); retrying in \(wait) s (retry \(retry) of \(most))"))
        }
      ) { _ in
        try await attempt(contentType: contentType, body: body)
      }
    } catch let error as AttemptError {
      throw failure(error, upload: wav.count, seconds: audio.duration)
    } catch let error as CircuitOpenError {
      throw TranscriptionError(.transport, "\(name): \(error.description)")
    } catch let error as TranscriptionError {
      throw TranscriptionError(error.kind, scrubbed(error.message))
    }
  }

  /// The form of one chunk: the file first, then the style's fields.
  func form(wav: [UInt8], language: SpeechLanguage, prompt: String?, boundary: String? = nil) -> MultipartForm {
    var form = MultipartForm(boundary: boundary)
    form.addFile("file", filename: "chunk.wav", contentType: "audio/wav", bytes: wav)
    switch style {
    case .openAI:
      form.add("model", model ?? Self.defaultModel)
      if let code = language.iso639 { form.add("language", code) }
      form.add("response_format", "verbose_json")
      form.add("timestamp_granularities[]", "word")
      form.add("timestamp_granularities[]", "segment")
    case .whisperServer:
      form.add("language", language.iso639 ?? "auto")
      form.add("response_format", "verbose_json")
    }
    form.add("temperature", "0")
    if let prompt = prompt.map(Self.clipped), !prompt.isEmpty { form.add("prompt", prompt) }
    return form
  }

  // MARK: One attempt

  private func attempt(contentType: String, body: [UInt8]) async throws -> Recognition {
    var request = HTTPClientRequest(url: endpoint)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: contentType)
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "User-Agent", value: "ail-transcribe")
    if let apiKey { request.headers.add(name: "Authorization", value: "Bearer " + apiKey) }
    request.body = .bytes(ByteBuffer(bytes: body))
    let (response, body) = try await http.attempt(request, limit: .whole(timeout), host: authority)
    let bytes = Array(try await body.collectWhole(upTo: 32 << 20, host: authority).readableBytesView)
    do {
      return try HTTPTranscriptionResponse.parse(bytes, contentType: response.headers.first(name: "Content-Type"))
    } catch let error as HTTPTranscriptionResponse.Unreadable {
      throw TranscriptionError(.rejected, tr("\(name) at \(authority): \(error.message)"))
    }
  }

  /// The error a failed chunk ends with, in words for the user.
  private func failure(_ error: AttemptError, upload: Int, seconds: Double) -> TranscriptionError {
    let message = scrubbed(error.message)
    let server = tr("\(name) at \(authority)")
    let most = retries.maxRetries
    let retried =
      most > 0
      ? tr(
        one: "\(server): \(message) (after \(most) retry)", other: "\(server): \(message) (after \(most) retries)",
        count: most)
      : "\(server): \(message)"
    switch error.failure {
    case .transport:
      return TranscriptionError(.transport, retried)
    case .status(let status, let retryAfter, let quotaExhausted):
      switch status {
      case 401, 403:
        return TranscriptionError(
          .unauthorized,
          apiKey == nil
            ? tr("\(server): an API key is needed (\(message))") : tr("\(server): the API key was refused (\(message))")
        )
      case 404:
        return TranscriptionError(.rejected, "\(server): \(message) (POST \(Self.withoutCredentials(endpoint)))")
      case 413:
        let size = Formatted.tenths(Int((Double(upload) / 1_048_576 * 10).rounded()))
        let audio = Int(seconds.rounded())
        return TranscriptionError(
          .rejected,
          tr(
            "\(server): the chunk is too large for the server (\(size) MB, \(audio) s of audio; \(message)); lower --max-chunk"
          ))
      case 429 where quotaExhausted:
        return TranscriptionError(.rejected, tr("\(server): the account's quota is used up (\(message))"))
      default:
        if retries.policy.isRetryable(error.failure) {
          let capped = retryAfter.map { $0 > retries.retryAfterCap } ?? false
          let wait = Int(retryAfter ?? 0)
          return TranscriptionError(
            .transport,
            capped ? tr("\(server): \(message) (the server asked to wait \(wait) s, longer than allowed)") : retried)
        }
        return TranscriptionError(.rejected, "\(server): \(message)")
      }
    }
  }

  // MARK: Plumbing

  /// The message with the key, should a server have echoed it, blanked.
  private func scrubbed(_ message: String) -> String {
    guard let apiKey, apiKey.count >= 4 else { return message }
    return message.replacingOccurrences(of: apiKey, with: "[redacted]")
  }

  /// The prompt's end, from a word start, at most ``promptLimit`` characters.
  static func clipped(_ prompt: String) -> String {
    let text = prompt.httpTrimmed()
    guard text.count > promptLimit else { return text }
    let tail = text.suffix(promptLimit)
    guard let space = tail.firstIndex(where: \.isWhitespace) else { return String(tail) }
    return String(tail[space...]).httpTrimmed()
  }

  // MARK: URLs

  /// The style's endpoint for a base URL as users write it, or nil when it is not http(s).
  public static func endpoint(style: Style, baseURL: String) -> String? {
    var base = baseURL.httpTrimmed()
    let lower = base.lowercased()
    let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
    guard scheme > 0, base.count > scheme, !base.contains(where: \.isWhitespace) else { return nil }
    while base.hasSuffix("/") { base.removeLast() }
    for suffix in ["/audio/transcriptions", "/inference"] where base.lowercased().hasSuffix(suffix) {
      base.removeLast(suffix.count)
      break
    }
    while base.hasSuffix("/") { base.removeLast() }
    guard base.count > scheme else { return nil }
    switch style {
    case .openAI:
      // A bare server address means OpenAI's `/v1`, as for ail-ai's providers.
      let hasPath = base.dropFirst(scheme).contains("/")
      return base + (hasPath ? "" : "/v1") + "/audio/transcriptions"
    case .whisperServer:
      return base + "/inference"
    }
  }

  /// `host:port` of a URL.
  static func authority(of url: String) -> String {
    guard let start = url.firstRange(of: "://")?.upperBound else { return url }
    let rest = url[start...]
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let authority = rest[..<end]
    return String(authority.split(separator: "@").last ?? authority)
  }

  /// A URL without `user:password@`, for messages.
  static func withoutCredentials(_ url: String) -> String {
    guard let start = url.firstRange(of: "://")?.upperBound else { return url }
    let rest = url[start...]
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    guard let at = rest[..<end].lastIndex(of: "@") else { return url }
    return String(url[..<start]) + String(rest[rest.index(after: at)...])
  }

  // MARK: The HTTP client

  /// A client for transcription servers: the connect timeout set, and no silent reconnects of
  /// its own (the engine's retries count and report every attempt).
  public static func makeHTTPClient(connectTimeout: Double = 10) -> HTTPClient {
    RetryingHTTP.client(connectTimeout: max(0.1, connectTimeout))
  }

  /// Shuts a client down (for callers that do not import AsyncHTTPClient themselves).
  public static func shutDown(_ http: HTTPClient) async {
    try? await http.shutdown()
  }
}
