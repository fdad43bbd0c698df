public import AsyncHTTPClient
import Foundation
public import NIOCore
import NIOHTTP1
import Wire

/// One try of a request, made the same way by every client (Readeck, chat providers, speech
/// servers), so that the retry policy sees the same errors from each: a request that got no
/// answer is a transport failure worded for the user; an answer outside 2xx is a status failure
/// carrying its `Retry-After`, whether the error body says the quota is used up, the body's JSON
/// and one message — `HTTP 503 Service Unavailable`, followed by what the body says when it
/// says more.
extension HTTPClient {
  public func attempt(
    _ request: HTTPClientRequest, limit: TimeLimit, host: String
  ) async throws -> (HTTPClientResponse, LimitedBody) {
    let response: HTTPClientResponse
    let body: LimitedBody
    do {
      (response, body) = try await execute(request, limit: limit)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw AttemptError(
        .transport(TransportFailure.describe(error, host: host)), wording: TransportFailure.wording(error, host: host))
    }
    let status = Int(response.status.code)
    guard (200..<300).contains(status) else {
      // The body of an error is small; its message helps the user.
      let bytes = (try? await body.collect(upTo: 64 << 10)).map { Array($0.readableBytesView) } ?? []
      let json = try? bytes.withUnsafeBytes { try WireCoding.parse($0) }
      let parsed = HTTPErrorBody.parse(bytes, json: json)
      let retryAfter = RetryAfter.seconds(in: response.headers, now: Date().timeIntervalSince1970)
      throw AttemptError(
        .status(status, retryAfter: retryAfter, quotaExhausted: parsed.quotaExhausted),
        message: HTTPErrorBody.summary(status: status, reason: response.status.reasonPhrase, parsed), body: json,
        serverMessage: parsed.message)
    }
    return (response, body)
  }
}

extension LimitedBody {
  /// The whole body, up to `maxBytes`; a body that breaks off or stalls is a transport failure of
  /// the attempt, worded for `host`.
  public func collectWhole(upTo maxBytes: Int, host: String) async throws -> ByteBuffer {
    do {
      return try await collect(upTo: maxBytes)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw AttemptError(
        .transport(TransportFailure.describe(error, host: host)), wording: TransportFailure.wording(error, host: host))
    }
  }
}

extension HTTPErrorBody {
  /// `HTTP 503 Service Unavailable`, and `: ` what the body says when it says something else.
  public static func summary(status: Int, reason: String, _ parsed: Parsed) -> String {
    let head = reason.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(reason)"
    guard parsed.message != noMessage, parsed.message != reason else { return head }
    return head + ": " + parsed.message
  }
}
