import Foundation
import Localization
import Readeck
import Testing

@testable import ChangePush

/// The exactly-once rule on its own, with the server's side played by closures that count.
@Suite struct CreateOnceTests {
  let sentBefore = Date(timeIntervalSince1970: 1_900_000_000)
  let now = Date(timeIntervalSince1970: 1_900_000_600)

  /// What the rule asked of the server, in order.
  final class Calls: @unchecked Sendable {
    var log: [String] = []
  }

  func run(
    sentAt: Date?, onServer: String?, post: @escaping () throws -> String, calls: Calls
  ) async throws -> (made: String, adopted: Bool) {
    try await CreateOnce.create(
      sentAt: sentAt, now: now,
      find: { since in
        calls.log.append("find since \(Int(since.timeIntervalSince1970))")
        return onServer
      },
      markSent: { at in calls.log.append(at.map { "mark \(Int($0.timeIntervalSince1970))" } ?? "unmark") },
      post: {
        calls.log.append("post")
        return try post()
      })
  }

  @Test func aCreateNeverSentIsMarkedThenPostedWithoutLookingForIt() async throws {
    let calls = Calls()
    let result = try await run(sentAt: nil, onServer: "old", post: { "new" }, calls: calls)
    #expect(result.made == "new" && !result.adopted)
    #expect(calls.log == ["mark 1900000600", "post"])
  }

  @Test func aCreateSentBeforeAndFoundOnTheServerIsAdoptedAndNotPostedAgain() async throws {
    let calls = Calls()
    let result = try await run(sentAt: sentBefore, onServer: "there", post: { "new" }, calls: calls)
    #expect(result.made == "there" && result.adopted)
    #expect(calls.log == ["find since 1900000000"])
  }

  @Test func aCreateSentBeforeButNotFoundIsSentAgain() async throws {
    let calls = Calls()
    let result = try await run(sentAt: sentBefore, onServer: nil, post: { "new" }, calls: calls)
    #expect(result.made == "new" && !result.adopted)
    #expect(calls.log == ["find since 1900000000", "mark 1900000600", "post"])
  }

  @Test func anUnansweredPostIsLookedForSinceItWasSentAndAdoptedWhenThere() async throws {
    let calls = Calls()
    let result = try await run(
      sentAt: nil, onServer: "made", post: { throw ReadeckError.unanswered(Wording(verbatim: "timed out")) },
      calls: calls)
    #expect(result.made == "made" && result.adopted)
    #expect(calls.log == ["mark 1900000600", "post", "find since 1900000600"])
  }

  @Test func aServerErrorWhoseCreateIsNotThereIsThrown() async throws {
    let calls = Calls()
    await #expect(throws: ReadeckError.self) {
      try await run(
        sentAt: nil, onServer: nil, post: { throw ReadeckError.http(status: 502, message: "bad gateway") },
        calls: calls)
    }
    #expect(calls.log == ["mark 1900000600", "post", "find since 1900000600"])
  }

  @Test func aRefusalIsThrownWithoutLookingForACreateThatCannotHaveHappenedAndTheMarkGoes() async throws {
    let calls = Calls()
    await #expect(throws: ReadeckError.self) {
      try await run(
        sentAt: nil, onServer: "made",
        post: { throw ReadeckError.http(status: 400, message: "overlapping annotation") }, calls: calls)
    }
    #expect(calls.log == ["mark 1900000600", "post", "unmark"])
  }

  @Test func aRefusedTokenTakesTheMarkBackButNoAnswerKeepsIt() async throws {
    let refused = Calls()
    await #expect(throws: ReadeckError.self) {
      try await run(sentAt: nil, onServer: nil, post: { throw ReadeckError.tokenRejected(status: 401) }, calls: refused)
    }
    #expect(refused.log == ["mark 1900000600", "post", "unmark"])
    let unreachable = Calls()
    await #expect(throws: ReadeckError.self) {
      try await run(
        sentAt: nil, onServer: nil, post: { throw ReadeckError.unreachable(Wording(verbatim: "refused")) },
        calls: unreachable)
    }
    #expect(unreachable.log == ["mark 1900000600", "post"], "no answer: the mark stays, as it costs only a look")
  }
}
