import ArticleTestSupport
import Foundation
import GRDB
import Testing
import Wire

@testable import OfflineStore

/// The offline write queue on a real store file: marks update the cached bookmark and queue the
/// change in one transaction, coalesce per field, and settle only what a push sent.
@Suite struct OfflineChangesTests {
  let made = Date(timeIntervalSince1970: 1_800_000_100)

  /// A store holding `ids`, each bookmark unarchived with progress 0, labelled `old`, updated at a
  /// fixed server time.
  func storeWith(_ ids: [String]) throws -> (OfflineStore, String) {
    let (store, folder) = try makeStore()
    for id in ids {
      var record = article(id, title: "Title \(id)", html: "<p>body of \(id)</p>", labels: ["old"])
      record.bookmark["is_archived"] = false
      record.bookmark["is_marked"] = false
      record.bookmark["read_progress"] = 0
      record.bookmark["updated"] = "2027-01-15T08:00:00.5Z"
      try store.store(record)
    }
    return (store, folder)
  }

  func bookmark(_ store: OfflineStore, _ id: String) throws -> JSONObject {
    try #require(try store.article(id: id)).bookmark
  }

  @Test func aMarkChangesTheCachedBookmarkAndQueuesTheChangeWithItsBase() throws {
    let (store, folder) = try storeWith(["a", "b"])
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(try store.mark(ids: ["a"], BookmarkEdit(archived: true, progress: 40), now: made) == [])
    let cached = try bookmark(store, "a")
    #expect(cached["is_archived"] == true)
    #expect(cached["read_progress"] == 40)
    #expect(cached["x_server_field"] == ["nested": [1, 2]], "the server's other fields stay")

    let queue = try store.pendingChanges().map(\.change)
    #expect(queue.map(\.field) == ["is_archived", "read_progress"])
    #expect(queue.allSatisfy { $0.id == "a" && $0.madeAt == made && $0.baseUpdated == "2027-01-15T08:00:00.5Z" })
    #expect(queue[0].value == true && queue[0].base == false)
    #expect(queue[1].value == 40 && queue[1].base == 0)

    let entry = try #require(try store.entry(id: "a"))
    #expect(entry.archived == true && entry.progress == 40 && entry.marked == false)
    #expect(entry.pending == ["is_archived", "read_progress"])
    #expect(try store.entry(id: "b")?.pending == [])
    #expect(try store.stats().pending == 2)
  }

  @Test func twoChangesToOneFieldKeepTheLastValueAndTheFirstBase() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }

    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 30), now: made)
    let first = try #require(try store.pendingChanges().first)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 70), now: made.addingTimeInterval(60))
    let queue = try store.pendingChanges()
    #expect(queue.count == 1)
    #expect(queue[0].change.value == 70)
    #expect(queue[0].change.base == 0, "the base is the value before the first offline change")
    #expect(queue[0].change.madeAt == made.addingTimeInterval(60))
    #expect(queue[0].revision > first.revision)
    #expect(try bookmark(store, "a")["read_progress"] == 70)
  }

  @Test func labelsKeepWhatToAddAndWhatToRemove() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }

    _ = try store.mark(ids: ["a"], BookmarkEdit(addLabels: ["later", "swift"], removeLabels: ["old"]), now: made)
    _ = try store.mark(ids: ["a"], BookmarkEdit(removeLabels: ["swift"]), now: made)
    let change = try #require(try store.pendingChanges().first?.change)
    #expect(change.field == "labels")
    #expect(change.addLabels == ["later"])
    #expect(change.removeLabels == ["old", "swift"])
    #expect(change.base == ["old"])
    #expect(try store.entry(id: "a")?.labels == ["later"])
    #expect(try store.list(label: "later").map(\.id) == ["a"])
    #expect(try store.search("labels:later").map(\.id) == ["a"], "the index follows the labels")
    #expect(try store.search("labels:old").isEmpty)
  }

  @Test func aMarkNamingAnUncachedBookmarkChangesNothing() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(try store.mark(ids: ["a", "nope"], BookmarkEdit(archived: true), now: made) == ["nope"])
    #expect(try store.pendingChanges().isEmpty)
    #expect(try bookmark(store, "a")["is_archived"] == false)
  }

  @Test func serverMetadataLeavesFieldsWithAPendingChangeAlone() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true), now: made)

    var server = try bookmark(store, "a")
    server["is_archived"] = false  // stale: the server has not seen the offline change yet
    server["is_marked"] = true
    server["title"] = "Renamed on the server"
    try store.updateMetadata(BookmarkRecord(id: "a", bookmark: server, fetchedAt: made))
    let cached = try bookmark(store, "a")
    #expect(cached["is_archived"] == true)
    #expect(cached["is_marked"] == true)
    #expect(try store.entry(id: "a")?.title == "Renamed on the server")
  }

  @Test func settlingRemovesOnlyTheRevisionSentAndTakesTheServersValues() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true, progress: 50), now: made)
    let sent = try store.pendingChanges()
    // A change made while the push was on its way.
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 80), now: made)

    let revisions = Dictionary(uniqueKeysWithValues: sent.map { ($0.change.field, $0.revision) })
    let removed = try store.settle(
      id: "a", revisions: revisions,
      serverValues: ["is_archived": true, "read_progress": 50, "updated": "2027-02-01T00:00:00Z", "href": "x"])
    #expect(removed == 1)
    let queue = try store.pendingChanges().map(\.change)
    #expect(queue.map(\.field) == ["read_progress"])
    #expect(queue.first?.value == 80)
    let cached = try bookmark(store, "a")
    #expect(cached["read_progress"] == 80, "a field still queued keeps its local value")
    #expect(cached["updated"] == "2027-02-01T00:00:00Z")
    #expect(cached["href"] == nil)
  }

  @Test func droppingAChangeGivesTheCachedBookmarkTheServersValueBack() throws {
    let (store, folder) = try storeWith(["a", "b"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a", "b"], BookmarkEdit(archived: true, progress: 40, addLabels: ["new"]), now: made)

    let dropped = try store.drop(id: "a", field: "labels")
    #expect(dropped.map(\.field) == ["labels"])
    #expect(try bookmark(store, "a")["labels"] == ["old"], "the labels as the server last had them")
    #expect(try bookmark(store, "a")["is_archived"] == true, "the other changes of the bookmark stay")
    #expect(try store.pendingChanges(ids: ["a"]).map(\.change.field) == ["is_archived", "read_progress"])

    #expect(try store.drop(id: "a").map(\.field) == ["is_archived", "read_progress"])
    let a = try bookmark(store, "a")
    #expect(a["is_archived"] == false && a["read_progress"] == 0)
    #expect(try store.entry(id: "a")?.pending == [])
    #expect(try store.drop(id: "a").isEmpty, "nothing left to drop")
    #expect(try store.pendingChanges().allSatisfy { $0.change.id == "b" } && store.pendingCount() == 3)
  }

  @Test func forgettingABookmarkRemovesItsArticleImagesAndChanges() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a", title: "A", html: PNGs.img(PNGs.one)))
    _ = try store.mark(ids: ["a"], BookmarkEdit(marked: true), now: made)

    let forgotten = try store.forget(id: "a")
    #expect(forgotten.changes == 1 && forgotten.removedArticle)
    #expect(try store.contains(id: "a") == false)
    #expect(try store.pendingCount() == 0)
    #expect(try store.stats().blobs == 0)
  }

  @Test func archivedArticlesArePrunedOnceNoChangeIsPending() throws {
    let (store, folder) = try storeWith(["server", "local", "unread"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var archived = try bookmark(store, "server")
    archived["is_archived"] = true
    try store.updateMetadata(BookmarkRecord(id: "server", bookmark: archived, fetchedAt: made))
    _ = try store.mark(ids: ["local"], BookmarkEdit(archived: true), now: made)

    let plan = try store.prunePlan(PruneLimits(archived: true), strategy: .fifo)
    #expect(plan.map(\.id) == ["server"])
    #expect(plan.map(\.reason) == ["archived"])

    let queued = try #require(try store.pendingChanges().first)
    try store.settle(id: "local", revisions: ["is_archived": queued.revision], serverValues: ["is_archived": true])
    #expect(Set(try store.prunePlan(PruneLimits(archived: true), strategy: .fifo).map(\.id)) == ["server", "local"])
    // Combined with a count: the archived go first, then the count is met from what is left.
    let combined = try store.prunePlan(PruneLimits(keep: 0, archived: true), strategy: .fifo)
    #expect(combined.count == 3)
    #expect(combined.last?.id == "unread" && combined.last?.reason == "keep")
  }
}
