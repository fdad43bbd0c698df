import Foundation
import Readeck

/// Creating something on the server exactly once, for links and highlights alike. The store
/// records that a create is being sent before the POST goes out; one so marked may be on the
/// server already (a push killed after the server took it, an answer lost on the way), so it is
/// looked for there before it is sent again, and after a POST whose answer may hide a create.
enum CreateOnce {
  /// What the server made, and whether it was found there rather than made now.
  /// - Parameters:
  ///   - sentAt: when an earlier push sent it; nil when it never went out.
  ///   - find: looks for it on the server, made at or after the given time (less any slack).
  ///   - markSent: records the time it is sent at, before the POST; nil takes the mark back
  ///     after an answer that says the server made nothing (a refusal), so that the item is
  ///     not held as "sent without an answer".
  ///   - post: sends it.
  static func create<Made>(
    sentAt: Date?, now: Date, find: (Date) async throws -> Made?, markSent: (Date?) throws -> Void,
    post: () async throws -> Made
  ) async throws -> (made: Made, adopted: Bool) {
    if let sentAt, let found = try await find(sentAt) { return (found, true) }
    try markSent(now)
    do {
      return (try await post(), false)
    } catch let error as ReadeckError {
      guard mayHaveReached(error) else {
        // The server answered, and not with a 5xx: it made nothing.
        if error.status != nil { try markSent(nil) }
        throw error
      }
      guard let found = try await find(now) else { throw error }
      return (found, true)
    }
  }

  /// Whether the server may have made it although the push heard no answer that says so.
  static func mayHaveReached(_ error: ReadeckError) -> Bool {
    switch error {
    case .unanswered, .invalidResponse: true
    case .http(let status, _): status >= 500
    default: false
    }
  }
}
