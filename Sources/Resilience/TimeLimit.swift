public import AsyncHTTPClient
public import Localization
public import NIOCore

/// How long one request may take, body included. AsyncHTTPClient's own deadline ends when the
/// response head arrives, so a server that sends headers and then nothing would hold a run for
/// good; these limits cover every byte.
public enum TimeLimit: Sendable, Equatable {
  /// The whole exchange, head and body, within these seconds: for bodies read whole.
  case whole(Double)
  /// The head within these seconds, then never this long without a byte: for streams, which may
  /// run as long as they keep delivering. Time the reader spends between reads does not count.
  case idle(Double)
}

/// A request that went silent, or ran out of its whole time: a transport failure, retried as one.
public struct RequestStalled: Error, Sendable, Equatable, CustomStringConvertible {
  public var limit: TimeLimit
  /// Whether the head had arrived (the body stopped) or not.
  public var inBody: Bool

  public var description: String { wording.text() }

  /// The message in every language.
  public var wording: Wording { Wording(text(in:)) }

  func text(in language: Language) -> String {
    switch limit {
    case .whole(let seconds):
      let time = Self.format(seconds, in: language)
      return tr("timed out: no complete answer within \(time) s", in: language)
    case .idle(let seconds):
      let time = Self.format(seconds, in: language)
      return inBody
        ? tr("timed out: the answer stalled, no data for \(time) s", in: language)
        : tr("timed out: no answer within \(time) s", in: language)
    }
  }

  /// `30`, `0.5` (`0,5` in German).
  static func format(_ seconds: Double, in language: Language = .english) -> String {
    guard seconds != seconds.rounded() || !seconds.isFinite || seconds.magnitude >= 1e15 else {
      return String(Int(seconds))
    }
    return String(seconds).replacing(".", with: String(language.decimalSeparator))
  }
}

extension HTTPClient {
  /// Sends `request` and returns once the head is in; the body is read through the returned
  /// ``LimitedBody``, which holds to `limit` as well.
  public func execute(_ request: HTTPClientRequest, limit: TimeLimit) async throws -> (HTTPClientResponse, LimitedBody)
  {
    let started = NIODeadline.now()
    let headWithin: Double
    switch limit {
    case .whole(let seconds), .idle(let seconds): headWithin = seconds
    }
    do {
      let response = try await execute(request, deadline: started + .nanoseconds(Int64(headWithin * 1e9)))
      return (response, LimitedBody(response.body, limit: limit, started: started))
    } catch let error as HTTPClientError where error == .deadlineExceeded {
      throw RequestStalled(limit: limit, inBody: false)
    }
  }
}

/// A response body whose every read is bounded by the request's ``TimeLimit``: a read that gets
/// no bytes in time cancels the request and throws ``RequestStalled``.
public struct LimitedBody: AsyncSequence, Sendable {
  public typealias Element = ByteBuffer
  private let body: HTTPClientResponse.Body
  private let limit: TimeLimit
  private let started: NIODeadline

  init(_ body: HTTPClientResponse.Body, limit: TimeLimit, started: NIODeadline) {
    self.body = body
    self.limit = limit
    self.started = started
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(inner: body.makeAsyncIterator(), limit: limit, started: started)
  }

  /// The whole body, or an error when it is longer than `maxBytes`.
  public func collect(upTo maxBytes: Int) async throws -> ByteBuffer {
    var collected = ByteBuffer()
    for try await var chunk in self {
      guard collected.readableBytes + chunk.readableBytes <= maxBytes else {
        throw NIOTooManyBytesError(maxBytes: maxBytes)
      }
      collected.writeBuffer(&chunk)
    }
    return collected
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    private let reader: Reader
    private let limit: TimeLimit
    private let started: NIODeadline

    init(inner: HTTPClientResponse.Body.AsyncIterator, limit: TimeLimit, started: NIODeadline) {
      self.reader = Reader(inner)
      self.limit = limit
      self.started = started
    }

    /// The body's iterator, handed to the one child task that reads with it. AsyncHTTPClient's
    /// iterator is not Sendable; it is only ever used by one task at a time, because the task
    /// group below ends (its reading child included) before the next read starts.
    private final class Reader: @unchecked Sendable {
      var iterator: HTTPClientResponse.Body.AsyncIterator
      init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }
    }

    private enum Step: Sendable {
      case chunk(ByteBuffer?)
      case silent
    }

    public mutating func next() async throws -> ByteBuffer? {
      let wait: TimeAmount
      switch limit {
      case .idle(let seconds): wait = .nanoseconds(Int64(seconds * 1e9))
      case .whole(let seconds): wait = started + .nanoseconds(Int64(seconds * 1e9)) - .now()
      }
      guard wait > .zero else { throw RequestStalled(limit: limit, inBody: true) }
      // The read races a timer: whichever ends first wins, and cancelling the read makes
      // AsyncHTTPClient cancel the request and let go of its connection.
      let reader = self.reader
      let step = try await withThrowingTaskGroup(of: Step.self) { group in
        group.addTask { .chunk(try await reader.iterator.next()) }
        group.addTask {
          try await Task.sleep(for: .nanoseconds(wait.nanoseconds))
          return .silent
        }
        defer { group.cancelAll() }
        return try await group.next() ?? .silent
      }
      guard case .chunk(let chunk) = step else { throw RequestStalled(limit: limit, inBody: true) }
      return chunk
    }
  }
}
