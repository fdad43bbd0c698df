import Foundation
import Readeck
import ReadeckFake
import Testing
import Wire

/// Choosing bookmarks by collection and by several labels, against the fake over loopback.
@Suite struct CollectionSelectionTests {
  /// Eight bookmarks, newest first as listed, labels spread so that "rust", "swift", both and
  /// neither all occur; the fourth (a "rust" one) is archived, the others unread.
  static func library() -> [FakeBookmark] {
    let labels: [[String]] = [["rust"], ["go"], ["swift"], ["rust"], [], ["swift", "rust"], ["go"], ["swift"]]
    return zip(unread(8, imagesPerArticle: 0), labels).enumerated().map { index, pair in
      var bookmark = pair.0
      bookmark.labels = pair.1
      bookmark.created = date("2026-05-01T00:00:00Z").addingTimeInterval(-3600 * Double(index))
      bookmark.isArchived = index == 3
      return bookmark
    }
  }

  static func ids(_ library: [FakeBookmark], where wanted: (FakeBookmark) -> Bool) -> [String] {
    library.filter(wanted).map(\.id)
  }

  @Test func theCollectionsListFollowsItsPagesToTheLast() async throws {
    let collections = (0..<130).map { FakeCollection(id: "Collection\(1000 + $0)xxxxxx", name: "Saved \($0)") }
    try await withFake([]) { harness in
      harness.fake.setCollections(collections)
      let listed = try await harness.client().collections()
      #expect(Set(listed.map(\.id)) == Set(collections.map(\.id)))
      #expect(listed.count == 130)
      #expect(harness.requests(.collections).count == 2)
    }
  }

  @Test func aNameIsMatchedInAnyCaseAndAnIdExactly() throws {
    let saved = [
      ReadeckCollection(id: "SysReading00000000001", name: "Systems reading"),
      ReadeckCollection(id: "Later0000000000000002", name: "Later"),
    ]
    #expect(try ReadeckCollection.choose("systems READING", among: saved) == saved[0])
    #expect(try ReadeckCollection.choose("Later0000000000000002", among: saved) == saved[1])
    #expect(throws: ReadeckCollection.ChoiceFailure.unknown(available: saved)) {
      try ReadeckCollection.choose("later0000000000000002", among: saved)
    }
  }

  @Test func twoCollectionsNamedAlikeApartFromCaseAreBothNamed() {
    let saved = [
      ReadeckCollection(id: "SysReading00000000001", name: "Systems reading"),
      ReadeckCollection(id: "SysReading00000000002", name: "systems Reading"),
      ReadeckCollection(id: "Later0000000000000003", name: "Later"),
    ]
    #expect(throws: ReadeckCollection.ChoiceFailure.ambiguous(Array(saved[0..<2]))) {
      try ReadeckCollection.choose("SYSTEMS READING", among: saved)
    }
  }

  @Test func aCollectionSyncSelectsItsBookmarksThatAlsoMatchTheState() async throws {
    let library = Self.library()
    try await withFake(library) { harness in
      harness.fake.setCollections([FakeCollection(id: "SysReading00000000001", name: "Systems", labels: "rust")])
      let options = SyncOptions(
        query: BookmarkQuery(collection: "SysReading00000000001"), limit: 0, metadataOnly: true)
      let (_, records) = try await harness.sync(options)
      let selected = records.all.compactMap { ($0 as? BookmarkRecord)?.id }
      #expect(selected == Self.ids(library) { $0.labels.contains("rust") && !$0.isArchived })
      #expect(selected.count == 2)
      #expect(records.summary?.complete == true)
    }
  }

  @Test func twoLabelsSelectTheNewestBookmarksWithEitherEachOnceWithinTheLimit() async throws {
    let library = Self.library()
    try await withFake(library) { harness in
      let options = SyncOptions(labels: ["swift", "rust"], limit: 3, mode: .bulk)
      let (_, records) = try await harness.sync(options)
      let either = Self.ids(library) { !$0.isArchived && ($0.labels.contains("rust") || $0.labels.contains("swift")) }
      #expect(records.articleIDs == Array(either.prefix(3)))
      #expect(records.summary?.requested == 3)

      let (_, everything) = try await harness.sync(SyncOptions(labels: ["swift", "rust"], limit: 0, mode: .bulk))
      #expect(everything.articleIDs == either)
      #expect(everything.articleIDs.count == 4)
    }
  }

  @Test func twoLabelsMergeInTheOrderOfTheGivenSort() async throws {
    let titles = ["Echo", "Delta", "Charlie", "Bravo", "Alpha", "Foxtrot", "Golf", "Hotel"]
    let library = zip(Self.library(), titles).map { bookmark, title in
      var bookmark = bookmark
      bookmark.title = title
      return bookmark
    }
    try await withFake(library) { harness in
      let options = SyncOptions(
        query: BookmarkQuery(sort: ["title"]), labels: ["rust", "swift"], limit: 0, metadataOnly: true)
      let (_, records) = try await harness.sync(options)
      let titleByID = Dictionary(uniqueKeysWithValues: library.map { ($0.id, $0.title) })
      let selected = records.all.compactMap { ($0 as? BookmarkRecord)?.id }.compactMap { titleByID[$0] }
      #expect(selected == ["Charlie", "Echo", "Foxtrot", "Hotel"])
    }
  }
}
