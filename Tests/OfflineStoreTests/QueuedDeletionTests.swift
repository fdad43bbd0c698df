import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// A deletion queued offline: the article leaves every listing at once, stays readable by id and
/// safe from pruning until the server holds the deletion, and goes then; an undelete brings it back.
@Suite struct QueuedDeletionTests {
  func storeWith(_ ids: [String]) throws -> (OfflineStore, String) {
    let (store, folder) = try makeStore()
    for id in ids {
      var record = article(id, title: "Walk \(id)", html: "<p>a walk in the hills, \(id)</p>")
      record.bookmark["is_deleted"] = false
      record.bookmark["updated"] = "2027-01-15T08:00:00Z"
      try store.store(record)
    }
    return (store, folder)
  }

  @Test func aQueuedDeletionLeavesListSearchAndTheSelectionButNotTheStore() throws {
    let (store, folder) = try storeWith(["a", "b"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try store.mark(ids: ["a"], BookmarkEdit(deleted: true)) == [])
    #expect(try store.list().map(\.id) == ["b"])
    #expect(try store.search("hills").map(\.id) == ["b"])
    #expect(try store.selection() == ["b"])
    #expect(try store.article(id: "a") != nil, "still readable by its id")
    let queued = try store.pendingChanges().map(\.change)
    #expect(queued.map(\.field) == ["is_deleted"] && queued[0].value == true && queued[0].base == false)

    #expect(try store.mark(ids: ["a"], BookmarkEdit(deleted: false)) == [])
    #expect(Set(try store.list().map(\.id)) == ["a", "b"], "an undelete brings it back")
    #expect(try store.search("hills").count == 2)
  }

  @Test func pruningPassesOverAQueuedDeletionOrUndeletion() throws {
    let (store, folder) = try storeWith(["a", "b", "c"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(deleted: true))
    _ = try store.mark(ids: ["b"], BookmarkEdit(deleted: true))
    _ = try store.mark(ids: ["b"], BookmarkEdit(deleted: false))
    let plan = try store.prunePlan(PruneLimits(keep: 0), strategy: .fifo)
    #expect(plan.map(\.id) == ["c"])
  }

  @Test func theArticleGoesOnceTheServerHoldsTheDeletionWithWhateverElseWasQueued() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true, deleted: true))
    let revisions = Dictionary(uniqueKeysWithValues: try store.pendingChanges().map { ($0.change.field, $0.revision) })
    _ = try store.settle(
      id: "a", revisions: ["is_deleted": revisions["is_deleted"]!], serverValues: ["is_deleted": true])
    #expect(try store.article(id: "a") == nil)
    #expect(try store.pendingChanges().isEmpty)
  }

  @Test func anUndeleteTheServerConfirmedKeepsTheArticle() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(deleted: true))
    _ = try store.mark(ids: ["a"], BookmarkEdit(deleted: false))
    let revision = try #require(try store.pendingChanges().first).revision
    _ = try store.settle(id: "a", revisions: ["is_deleted": revision], serverValues: ["is_deleted": false])
    #expect(try store.article(id: "a")?.bookmark["is_deleted"] == false)
    #expect(try store.list().map(\.id) == ["a"])
  }
}
