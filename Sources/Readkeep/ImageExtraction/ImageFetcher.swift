public import AsyncHTTPClient
import ContentHash
public import Foundation
public import Localization
import NIOCore
import NIOHTTP1
public import Resilience
import Synchronization

/// A downloaded image: its bytes live in the fetcher's spool folder, named by their hash, so a
/// run over many articles keeps at most what is being embedded in memory.
public struct FetchedImage: Sendable, Equatable {
  public var sha256: String
  public var mime: String
  public var bytes: Int
  public var status: Int
}

/// Why an image could not be had.
public struct FetchFailure: Error, Sendable, Equatable {
  public var status: Int?
  /// Why, in every language: the user's on standard error, English in the record's `"error"`.
  public var wording: Wording

  /// Why, in English, as the records say it.
  public var reason: String { wording.english }

  public init(status: Int?, wording: Wording) {
    self.status = status
    self.wording = wording
  }

  /// A reason that is the same in every language (`HTTP 404`).
  public init(status: Int?, reason: String) {
    self.init(status: status, wording: Wording(verbatim: reason))
  }
}

public struct FetchLimits: Sendable {
  /// Requests in flight at once.
  public var concurrency: Int
  /// Seconds for each request.
  public var timeout: Double
  /// Reading stops once an image is larger.
  public var maxImageBytes: Int

  public init(concurrency: Int = 16, timeout: Double = 30, maxImageBytes: Int = 10_000_000) {
    self.concurrency = concurrency
    self.timeout = timeout
    self.maxImageBytes = maxImageBytes
  }

  /// The client these downloads need: a connect timeout within the request's, redirects followed
  /// (five at most), and as many connections to one host as downloads in flight, since every
  /// image of an article saved by Readeck comes from the Readeck server.
  public var clientConfiguration: HTTPClient.Configuration {
    var configuration = RetryingHTTP.configuration(
      connectTimeout: min(timeout, 10).rounded(.up), connectionsPerHost: concurrency)
    configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
    return configuration
  }
}

/// Fetches each canonical URL once per run: later and concurrent requests for the same URL share
/// the first one's result. Bounded concurrency, retries by the shared policy, a byte cap, and
/// the type from the bytes; an HTML page served as 200 is a failure.
public actor ImageFetcher {
  private let http: HTTPClient
  private let limits: FetchLimits
  private let policy: RetryPolicy
  private let breaker: CircuitBreaker
  private let spool: String
  private var results: [String: Task<Result<FetchedImage, FetchFailure>, Never>] = [:]
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private let requestCount = Atomic(0)
  /// How many requests went to the network, for the report and the tests.
  public nonisolated var requests: Int { requestCount.load(ordering: .relaxed) }

  public init(http: HTTPClient, limits: FetchLimits, policy: RetryPolicy, spool: String) {
    self.http = http
    self.limits = limits
    self.policy = policy
    self.spool = spool
    breaker = CircuitBreaker()
  }

  /// The image at `url` (canonical form), fetched now or earlier in the run.
  public func fetch(_ url: String, referer: String?) async -> Result<FetchedImage, FetchFailure> {
    if let known = results[url] { return await known.value }
    let task = Task { await self.download(url, referer: referer) }
    results[url] = task
    return await task.value
  }

  /// The bytes of a fetched image.
  public nonisolated func data(of image: FetchedImage) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: spool + "/" + image.sha256))
  }

  private func download(_ url: String, referer: String?) async -> Result<FetchedImage, FetchFailure> {
    await acquire()
    defer { release() }
    let host = URL(string: url)?.host ?? url
    do {
      let (status, body) = try await withRetries(policy: policy, breaker: breaker, host: host) { @Sendable _ in
        try await self.attempt(url, referer: referer)
      }
      guard !body.isEmpty else {
        return .failure(FetchFailure(status: status, wording: Wording { tr("empty body", in: $0) }))
      }
      guard let mime = ImageType.sniff(body) else {
        let reason =
          Self.looksLikeHTML(body)
          ? Wording { tr("an HTML page, not an image", in: $0) } : Wording { tr("not an image", in: $0) }
        return .failure(FetchFailure(status: status, wording: reason))
      }
      let sha = HexDigest.sha256(body)
      let path = spool + "/" + sha
      if !FileManager.default.fileExists(atPath: path) {
        try Data(body).write(to: URL(fileURLWithPath: path), options: .atomic)
      }
      return .success(FetchedImage(sha256: sha, mime: mime, bytes: body.count, status: status))
    } catch let error as AttemptError {
      if case .status(let status, _, _) = error.failure {
        return .failure(FetchFailure(status: status, wording: error.wording))
      }
      return .failure(FetchFailure(status: nil, wording: error.wording))
    } catch let error as CircuitOpenError {
      return .failure(FetchFailure(status: nil, wording: error.wording))
    } catch let error as FetchFailure {
      return .failure(error)
    } catch {
      return .failure(FetchFailure(status: nil, reason: "\(error)"))
    }
  }

  /// One request: the body up to the cap, or an `AttemptError` the policy can judge.
  private nonisolated func attempt(_ url: String, referer: String?) async throws -> (Int, [UInt8]) {
    requestCount.add(1, ordering: .relaxed)
    var request = HTTPClientRequest(url: url)
    request.headers.add(name: "User-Agent", value: "rk-extract-images")
    request.headers.add(
      name: "Accept", value: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,image/*;q=0.8")
    if let referer { request.headers.add(name: "Referer", value: referer) }
    let response: HTTPClientResponse
    let responseBody: LimitedBody
    do {
      (response, responseBody) = try await http.execute(request, limit: .whole(limits.timeout))
    } catch {
      throw AttemptError(.transport(Self.describe(error, url)), wording: Self.wording(error, url))
    }
    let status = Int(response.status.code)
    guard (200..<300).contains(status) else {
      let retryAfter = response.headers.first(name: "Retry-After").flatMap {
        RetryAfter.seconds($0, now: Date().timeIntervalSince1970)
      }
      throw AttemptError(.status(status, retryAfter: retryAfter, quotaExhausted: false), message: "HTTP \(status)")
    }
    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.maxImageBytes {
      throw FetchFailure(
        status: status, wording: Wording { tr("larger than --max-image-bytes (\(length) bytes)", in: $0) })
    }
    var body: [UInt8] = []
    do {
      for try await chunk in responseBody {
        guard body.count + chunk.readableBytes <= limits.maxImageBytes else {
          let limit = limits.maxImageBytes
          throw FetchFailure(
            status: status, wording: Wording { tr("larger than --max-image-bytes (\(limit) bytes)", in: $0) })
        }
        body += chunk.readableBytesView
      }
    } catch let failure as FetchFailure {
      throw failure
    } catch {
      throw AttemptError(.transport(Self.describe(error, url)), wording: Self.wording(error, url))
    }
    return (status, body)
  }

  private func acquire() async {
    if running < limits.concurrency {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func release() {
    if waiting.isEmpty {
      running -= 1
    } else {
      waiting.removeFirst().resume()  // the slot passes straight on
    }
  }

  private static func looksLikeHTML(_ body: [UInt8]) -> Bool {
    let head = String(decoding: body.prefix(256), as: UTF8.self).lowercased().trimmingCharacters(
      in: .whitespacesAndNewlines)
    return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.contains("<body")
      || head.contains("<head")
  }

  private static func describe(_ error: any Error, _ url: String) -> String { wording(error, url).text() }

  private static func wording(_ error: any Error, _ url: String) -> Wording {
    TransportFailure.wording(error, host: URL(string: url)?.host ?? url)
  }
}
