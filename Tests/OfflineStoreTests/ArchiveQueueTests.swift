import ArticleTestSupport
import Foundation
import GRDB
import Testing
import Wire
import ZIPFoundation

@testable import OfflineStore

/// The offline write queue in an archive: exported with the articles, merged back by import
/// field by field, and an archive without it (older) imported as before.
@Suite struct ArchiveQueueTests {
  let made = Date(timeIntervalSince1970: 1_800_000_100)

  func storeWith(_ ids: [String]) throws -> (OfflineStore, String) {
    let (store, folder) = try makeStore()
    for id in ids {
      var record = article(id, title: "Title \(id)", html: "<p>body of \(id)</p>", labels: ["old"])
      record.bookmark["is_archived"] = false
      record.bookmark["read_progress"] = 0
      record.bookmark["updated"] = "2027-01-15T08:00:00.5Z"
      try store.store(record)
    }
    return (store, folder)
  }

  func bookmark(_ store: OfflineStore, _ id: String) throws -> JSONObject {
    try #require(try store.article(id: id)).bookmark
  }

  @Test func savedLinksTravelWithTheArchiveQueuedSentOrCreated() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.queue(
      links: [
        NewLink(url: "https://example.net/1", title: "One", labels: ["x"]), NewLink(url: "https://example.net/2"),
        NewLink(url: "https://example.net/3"),
      ], now: made)
    try store.linkSent(localID: "local-2", at: made)
    try store.linkCreated(localID: "local-3", bookmarkID: "srv3")
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")

    let (copy, copyFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    _ = try copy.queue(links: [NewLink(url: "https://example.net/0")])
    let summary = try copy.importArchive(from: zipPath) { entry, reason in Issue.record("\(entry): \(reason)") }
    #expect(summary.queued == 3 && summary.rejected == 0)
    let links = try copy.queuedLinks()
    #expect(
      links.map(\.url) == [
        "https://example.net/0", "https://example.net/1", "https://example.net/2", "https://example.net/3",
      ])
    #expect(links.map(\.state) == [.queued, .queued, .sent, .created])
    #expect(links[1].title == "One" && links[1].labels == ["x"] && links[1].localID == "local-2")
    #expect(links[2].sentAt == made && links[3].id == "srv3")
    #expect(try copy.importArchive(from: zipPath) { _, _ in }.queued == 0, "nothing queued twice")
  }

  @Test func anImportIntoAnEmptyStoreBringsTheQueueBackAsItWas() throws {
    let (store, folder) = try storeWith(["a", "b"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true, progress: 40), now: made)
    _ = try store.mark(ids: ["b"], BookmarkEdit(addLabels: ["later"], removeLabels: ["old"]), now: made)
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")

    let (copy, copyFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    let summary = try copy.importArchive(from: zipPath) { entry, reason in Issue.record("\(entry): \(reason)") }
    #expect(summary.inserted == 2 && summary.queued == 3 && summary.rejected == 0)
    #expect(try copy.pendingChanges().map(\.change) == store.pendingChanges().map(\.change))
    #expect(try copy.pendingChanges().allSatisfy { $0.revision == 1 })
    #expect(try copy.entry(id: "a")?.pending == ["is_archived", "read_progress"])
    #expect(try bookmark(copy, "b")["labels"] == ["later"])

    // The same archive again: the same changes, nothing merged twice.
    let again = try copy.importArchive(from: zipPath) { _, _ in }
    #expect(again.queued == 0 && again.unchanged == 2)
    #expect(try copy.pendingChanges().allSatisfy { $0.revision == 1 })
  }

  @Test func theLaterChangeOfAFieldWinsAndTheStoresBaseStays() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 70), now: made.addingTimeInterval(60))
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true), now: made.addingTimeInterval(-60))
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")

    // Another store with the same article: progress changed earlier, archived changed later.
    let (other, otherFolder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: otherFolder) }
    _ = try other.mark(ids: ["a"], BookmarkEdit(progress: 30), now: made)
    _ = try other.mark(ids: ["a"], BookmarkEdit(archived: false), now: made)
    let summary = try other.importArchive(from: zipPath) { _, _ in }
    #expect(summary.queued == 1)
    let queue = Dictionary(uniqueKeysWithValues: try other.pendingChanges().map { ($0.change.field, $0) })
    #expect(queue["read_progress"]?.change.value == 70, "the archive's later progress wins")
    #expect(queue["read_progress"]?.change.base == 0)
    #expect(queue["read_progress"]?.revision == 2, "a push that sent 30 must not remove 70")
    #expect(queue["is_archived"]?.change.value == false, "the store's later word stands")
    #expect(try bookmark(other, "a")["read_progress"] == 70)
  }

  @Test func labelEditsMergeLabelByLabelWithTheLaterOnTop() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(addLabels: ["swift", "later"]), now: made.addingTimeInterval(60))
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")

    let (other, otherFolder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: otherFolder) }
    _ = try other.mark(ids: ["a"], BookmarkEdit(addLabels: ["ios"], removeLabels: ["swift"]), now: made)
    #expect(try other.importArchive(from: zipPath) { _, _ in }.queued == 1)
    let labels = try #require(try other.pendingChanges().first?.change)
    #expect(labels.addLabels == ["ios", "later", "swift"])
    #expect(labels.removeLabels == [])
    #expect(try bookmark(other, "a")["labels"] == ["ios", "later", "old", "swift"])
  }

  @Test func anArchiveWithoutAQueueImportsAsBefore() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")
    let entries = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .read).map(\.path)
    #expect(!entries.contains(CacheArchive.queueEntry), "an empty queue writes no entry, as older versions did")

    let (copy, copyFolder) = try storeWith([])
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    _ = try copy.store(article("own", title: "Own", html: "<p>own</p>"))
    _ = try copy.mark(ids: ["own"], BookmarkEdit(archived: true), now: made)
    let summary = try copy.importArchive(from: zipPath) { entry, reason in Issue.record("\(entry): \(reason)") }
    #expect(summary.inserted == 1 && summary.queued == 0)
    #expect(try copy.pendingChanges().map(\.change.id) == ["own"], "the store's own queue stays")
  }

  @Test func aQueuedKindThisVersionDoesNotKnowIsReportedAndTheRestComesBack() throws {
    let (store, folder) = try storeWith(["a"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.mark(ids: ["a"], BookmarkEdit(archived: true), now: made)
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")
    let later = folder + "/later.zip"
    let input = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .read)
    let output = try Archive(url: URL(fileURLWithPath: later), accessMode: .create)
    for entry in input {
      var data = Data()
      _ = try input.extract(entry) { data.append($0) }
      if entry.path == CacheArchive.queueEntry {
        data = Data(#"{"kind":"highlight","id":"a","text":"x"}"#.utf8) + Data("\n".utf8) + data + Data("{bad\n".utf8)
      }
      try output.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }

    let (copy, copyFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    var rejected: [String] = []
    let summary = try copy.importArchive(from: later) { entry, reason in rejected.append("\(entry): \(reason)") }
    #expect(summary.queued == 1 && summary.rejected == 2)
    #expect(rejected.first == "queue.ndjson line 1: a queued \"highlight\" this rk-cache does not know; left out")
    #expect(rejected.last?.hasPrefix("queue.ndjson line 3: ") == true)
    #expect(try copy.pendingChanges().map(\.change.field) == ["is_archived"])
  }
}
