import ChangePush
import Foundation
import OfflineStore
import ReadeckFake
import Testing
import Wire

/// Deletions queued offline, pushed to the fake: the server schedules them and the article leaves
/// the cache; an undelete reaches the server and the article stays.
@Suite struct DeletionPushTests {
  func library() -> [FakeBookmark] { FakeReadeck.sampleLibrary(count: 3, imagesPerArticle: 0, allUnread: true) }

  @Test func aDeletionReachesTheServerAndTheArticleLeavesTheCache() async throws {
    try await withPushHarness(library()) { harness in
      let id = harness.fake.bookmarks[0].id
      _ = try harness.store.mark(ids: [id], BookmarkEdit(deleted: true))
      #expect(!(try harness.store.list().map(\.id)).contains(id))
      let (outcome, records) = try await harness.push()
      #expect(outcome.summary.pushed == 1 && outcome.summary.complete)
      #expect(records.compactMap { $0 as? Pushed }.first?.sent == ["is_deleted": true])
      #expect(try await harness.serverBookmarks([id])[id]?["is_deleted"] == true)
      #expect(try harness.store.article(id: id) == nil)
      #expect(try harness.store.pendingChanges().isEmpty)
      #expect(try harness.store.list().count == 2)
    }
  }

  @Test func anUndeleteCancelsTheServersScheduledDeletionAndTheArticleStays() async throws {
    var bookmarks = library()
    bookmarks[1].isDeleted = true
    try await withPushHarness(bookmarks) { harness in
      let id = bookmarks[1].id
      _ = try harness.store.mark(ids: [id], BookmarkEdit(deleted: false))
      let (outcome, _) = try await harness.push()
      #expect(outcome.summary.pushed == 1)
      #expect(try await harness.serverBookmarks([id])[id]?["is_deleted"] == false)
      #expect(try harness.cached(id)?["is_deleted"] == false)
      #expect(try harness.store.list().map(\.id).contains(id))
    }
  }
}
