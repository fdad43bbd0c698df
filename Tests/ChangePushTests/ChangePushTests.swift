import ChangePush
import Foundation
import OfflineStore
import Readeck
import ReadeckFake
import Testing
import Wire

/// Pushes against the in-process fake on real store files: what reaches the server (checked
/// through its own list route), the conflict rule in both directions, and every failure.
@Suite struct ChangePushTests {
  let ids = library().map(\.id)

  @Test func offlineMarksReachTheServerWithOnlyTheChangedFields() async throws {
    try await withPushHarness(library()) { harness in
      let store = harness.store
      #expect(try store.mark(ids: [ids[0]], .finishedReading) == [])
      #expect(
        try store.mark(ids: [ids[1]], BookmarkEdit(marked: true, addLabels: ["later"], removeLabels: ["old"])) == [])

      let (outcome, records) = try await harness.push()
      #expect(outcome.abortedBy == nil)
      #expect(outcome.summary.pushed == 4 && outcome.summary.queued == 4 && outcome.summary.complete)
      let pushed = records.compactMap { $0 as? Pushed }
      #expect(Set(pushed.map(\.id)) == [ids[0], ids[1]])
      #expect(pushed.first { $0.id == ids[0] }?.sent == ["is_archived": true, "read_progress": 100])
      #expect(
        pushed.first { $0.id == ids[1] }?.sent == [
          "is_marked": true, "add_labels": ["later"], "remove_labels": ["old"],
        ])
      #expect(records.last is PushSummary)

      let server = try await harness.serverBookmarks(ids)
      #expect(server[ids[0]]?["is_archived"] == true)
      #expect(server[ids[0]]?["read_progress"] == 100)
      #expect(server[ids[0]]?["is_marked"] == false)
      #expect(server[ids[1]]?["is_marked"] == true)
      #expect(server[ids[1]]?["labels"] == ["keep", "later"])
      #expect(
        server[ids[2]]?["updated"] == (try harness.cached(ids[2]))?["updated"], "an unchanged bookmark is left alone")

      #expect(try store.pendingChanges().isEmpty)
      // The cache holds what the server answered, its `updated` included.
      #expect(try harness.cached(ids[0])?["updated"] == server[ids[0]]?["updated"])
      #expect(try harness.cached(ids[1])?["labels"] == ["keep", "later"])
      #expect(harness.updateRequests().count == 2)

      // Nothing left: a second push sends nothing.
      harness.fake.clearRequests()
      let (again, _) = try await harness.push()
      #expect(again.summary.queued == 0 && again.summary.pushed == 0)
      #expect(harness.fake.requests.isEmpty)
    }
  }

  @Test func twoChangesToOneFieldGoInOneRequestWithTheLastValue() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(progress: 30))
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(progress: 70))
      let (outcome, records) = try await harness.push()
      #expect(outcome.summary.pushed == 1)
      #expect(harness.updateRequests().count == 1)
      #expect((records.first as? Pushed)?.sent == ["read_progress": 70])
      #expect(try await harness.serverBookmarks([ids[0]])[ids[0]]?["read_progress"] == 70)
    }
  }

  @Test func theServerWinsAFieldChangedThereAfterTheOfflineChange() async throws {
    try await withPushHarness(library()) { harness in
      let madeAt = Date()
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(archived: true, progress: 100), now: madeAt)
      // Another device, later: progress 50. Archiving it never touched.
      harness.fake.modify(id: ids[0], at: madeAt.addingTimeInterval(60)) { $0.readProgress = 50 }

      let (outcome, records) = try await harness.push()
      let conflicts = records.compactMap { $0 as? PushConflict }
      #expect(conflicts.count == 1)
      #expect(conflicts.first?.field == "read_progress")
      #expect(conflicts.first?.local == 100 && conflicts.first?.server == 50)
      #expect(outcome.summary.conflicts == 1 && outcome.summary.pushed == 1)
      // Only the field without a conflict was sent.
      #expect((records.first { $0 is Pushed } as? Pushed)?.sent == ["is_archived": true])
      let server = try await harness.serverBookmarks([ids[0]])[ids[0]]
      #expect(server?["read_progress"] == 50 && server?["is_archived"] == true)
      #expect(try harness.cached(ids[0])?["read_progress"] == 50, "the cache takes the server's value")
      #expect(try harness.store.pendingChanges().isEmpty)
    }
  }

  @Test func anOfflineChangeMadeAfterTheServersIsSent() async throws {
    try await withPushHarness(library()) { harness in
      let madeAt = Date()
      // Another device changed progress before the offline change was made.
      harness.fake.modify(id: ids[0], at: madeAt.addingTimeInterval(-60)) { $0.readProgress = 50 }
      // And, later, the favourite flag: a different field, so no conflict for the progress.
      harness.fake.modify(id: ids[1], at: madeAt.addingTimeInterval(60)) { $0.isMarked = true }
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(progress: 100), now: madeAt)
      _ = try harness.store.mark(ids: [ids[1]], BookmarkEdit(archived: true), now: madeAt)

      let (outcome, records) = try await harness.push()
      #expect(records.compactMap { $0 as? PushConflict }.isEmpty)
      #expect(outcome.summary.pushed == 2)
      let server = try await harness.serverBookmarks([ids[0], ids[1]])
      #expect(server[ids[0]]?["read_progress"] == 100)
      #expect(server[ids[1]]?["is_archived"] == true && server[ids[1]]?["is_marked"] == true)
    }
  }

  @Test func aBookmarkDeletedOnTheServerIsDroppedAndLeavesTheCache() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(archived: true, addLabels: ["x"]))
      _ = try harness.store.mark(ids: [ids[1]], BookmarkEdit(marked: true))
      harness.fake.delete(id: ids[0])

      let (outcome, records) = try await harness.push()
      let gone = records.compactMap { $0 as? Gone }
      #expect(gone.map(\.id) == [ids[0]] && gone.first?.changes == 2)
      #expect(outcome.summary.gone == 2 && outcome.summary.pushed == 1 && outcome.abortedBy == nil)
      #expect(try harness.store.contains(id: ids[0]) == false)
      #expect(try harness.store.pendingChanges().isEmpty)
    }
  }

  @Test func aRefusedChangeIsReportedWithTheServersMessageAndKept() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(progress: 40))
      harness.fake.inject([.status(400)], on: .update, ids: [ids[0]])

      let (outcome, records) = try await harness.push()
      let failed = try #require(records.compactMap { $0 as? PushFailed }.first)
      #expect(failed.status == 400)
      #expect(failed.reason == "HTTP 400 Bad Request", "said once")
      #expect(failed.sent == ["read_progress": 40])
      #expect(outcome.summary.failed == 1 && outcome.summary.complete)
      #expect(harness.updateRequests().count == 1, "a 400 is never retried")
      #expect(try harness.store.pendingChanges().map(\.change.value) == [40])
      #expect(try harness.cached(ids[0])?["read_progress"] == 40)
    }
  }

  @Test func theObserverHearsTheCountThenEachBookmarkOnceAndWhichFailed() async throws {
    try await withPushHarness(library()) { harness in
      // The first bookmark gets a conflict-free push of two fields, the second is refused.
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(progress: 40))
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(marked: true))
      _ = try harness.store.mark(ids: [ids[1]], BookmarkEdit(progress: 10))
      harness.fake.inject([.status(400)], on: .update, ids: [ids[1]])
      let watcher = PushWatcher()
      _ = try await harness.push(observer: watcher)
      #expect(watcher.events.first == "selected 2")
      #expect(watcher.events.filter { $0 == "advanced" }.count == 2)
      #expect(watcher.events.filter { $0.hasPrefix("failed") } == ["failed \(ids[1])"])
    }
  }

  @Test func aRefusedFormCarriesTheServersMessagesPerField() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(addLabels: ["x"]))
      harness.fake.inject([.refuseField("add_labels", message: "label is too long")], on: .update, ids: [ids[0]])

      let (outcome, records) = try await harness.push()
      let failed = try #require(records.compactMap { $0 as? PushFailed }.first)
      #expect(failed.status == 400)
      #expect(failed.fieldErrors == ["add_labels": ["label is too long"]])
      #expect(failed.errors == nil)
      #expect(failed.reason == "HTTP 400 Bad Request: add_labels: label is too long")
      #expect(outcome.summary.failed == 1 && outcome.summary.complete)
      #expect(try harness.store.pendingChanges().count == 1, "kept until the user drops it")
    }
  }

  @Test func aBookmarkWhosePatchGetsNoAnswerFailsAloneWhileTheServerAnswers() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: ids, BookmarkEdit(archived: true))
      harness.fake.inject(Array(repeating: .stallAfter(bytes: 5), count: 3), on: .update, ids: [ids[1]])

      let (outcome, records) = try await harness.push(client: try harness.client(timeout: 1))
      #expect(records.compactMap { $0 as? Pushed }.map(\.id).sorted() == [ids[0], ids[2]].sorted())
      let failed = try #require(records.compactMap { $0 as? PushFailed }.first)
      #expect(failed.id == ids[1] && failed.status == nil)
      #expect(outcome.abortedBy == nil && outcome.summary.complete)
      #expect(outcome.summary.pushed == 2 && outcome.summary.failed == 1)
      #expect(try harness.store.pendingChanges().map(\.change.id) == [ids[1]])
    }
  }

  @Test func aServerErrorIsRetriedUntilItAnswers() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(archived: true))
      harness.fake.inject([.status(503)], on: .update)

      let (outcome, records) = try await harness.push()
      #expect(outcome.summary.pushed == 1 && outcome.summary.failed == 0)
      #expect(records.contains { $0 is Pushed })
      #expect(harness.updateRequests().count == 2)
      #expect(try await harness.serverBookmarks([ids[0]])[ids[0]]?["is_archived"] == true)
      #expect(try harness.store.pendingChanges().isEmpty)
    }
  }

  @Test func anUnreachableServerLeavesQueueAndCacheAsTheyWere() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0]], BookmarkEdit(archived: true, progress: 100))
      let queue = try harness.store.pendingChanges()
      let cached = try harness.cached(ids[0])
      let gone = try await FakeReadeck.start(bookmarks: [], token: token)
      let closed = gone.baseURL
      try await gone.stop()

      let (outcome, records) = try await harness.push(client: try harness.client(server: closed, maxRetries: 1))
      guard case .unreachable = outcome.abortedBy else {
        Issue.record("expected unreachable, got \(String(describing: outcome.abortedBy))")
        return
      }
      #expect(outcome.summary.complete == false && outcome.summary.pushed == 0)
      #expect(records.count == 1 && records.first is PushSummary)
      #expect(try harness.store.pendingChanges() == queue)
      #expect(try harness.cached(ids[0]) == cached)
    }
  }

  @Test func aDryRunShowsEachBookmarksRequestWithoutAskingTheServer() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.mark(ids: [ids[0], ids[1]], BookmarkEdit(archived: true))
      _ = try harness.store.mark(ids: [ids[1]], BookmarkEdit(removeLabels: ["old"]))
      let requests = try ChangePush.dryRun(store: harness.store, client: try harness.client())
      #expect(requests.map(\.id) == [ids[0], ids[1]])
      #expect(requests.allSatisfy { $0.method == "PATCH" })
      #expect(requests[1].url == harness.fake.baseURL + "/api/bookmarks/" + ids[1])
      #expect(requests[1].body == ["is_archived": true, "remove_labels": ["old"]])
      #expect(harness.fake.requests.isEmpty)
    }
  }
}
