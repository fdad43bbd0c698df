import Foundation
import ReadeckFake
import TestSupport
import Testing

/// scripts/readkeep.mk's COLLECTION= and LABELS=: which new articles a sync stores.
@Suite(.serialized) struct ReadkeepMakefileSelectionTests {
  static let token = ReadkeepMakefileTests.token
  static let systems = FakeCollection(id: "SystemsReading000001", name: "Systems reading", labels: "rust")

  /// Eight unread bookmarks labelled "rust", "swift", "later", both "swift" and "rust", or none.
  static let library: [FakeBookmark] = {
    let labels: [[String]] = [["rust"], ["go"], ["swift"], ["later"], [], ["swift", "rust"], ["go"], ["rust"]]
    return zip(FakeReadeck.sampleLibrary(count: 8, imagesPerArticle: 1, allUnread: true), labels).map {
      var bookmark = $0
      bookmark.labels = $1
      return bookmark
    }
  }()

  static func ids(withAnyOf labels: Set<String>) -> Set<String> {
    Set(library.filter { !labels.isDisjoint(with: $0.labels) }.map(\.id))
  }

  func sync(_ variables: [String]) async throws -> (run: ToolRun, stored: Set<String>) {
    let db = TemporaryFolder.path("readkeep-selection") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    let fake = try await FakeReadeck.start(bookmarks: Self.library, collections: [Self.systems], token: Self.token)
    do {
      let result = try run(
        "/usr/bin/make",
        ["-s", "-f", ReadkeepMakefileTests.makefile, "sync", "RK_BIN=\(binaries.path)", "DB=\(db)"] + variables,
        environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": Self.token])
      let ids = try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init)
      try await fake.stop()
      return (result, Set(ids))
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test(.needsMake) func aCollectionNamedInAnyCaseStoresOnlyItsArticles() async throws {
    let (result, stored) = try await sync(["COLLECTION=systems READING"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(stored == Self.ids(withAnyOf: ["rust"]))
    #expect(stored.count == 3)
  }

  @Test(.needsMake) func labelsStoreTheArticlesWithAnyOfThem() async throws {
    let (result, stored) = try await sync(["LABELS=swift later"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(stored == Self.ids(withAnyOf: ["swift", "later"]))
    #expect(stored.count == 3)
  }

  @Test(.needsMake) func aCollectionAndLabelsTogetherStoreWhatBothAllow() async throws {
    let (result, stored) = try await sync(["COLLECTION=\(Self.systems.id)", "LABELS=swift go"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(stored == Set(Self.library.filter { Set($0.labels) == ["swift", "rust"] }.map(\.id)))
  }

  @Test(.needsMake) func anUnknownCollectionFailsTheSyncWith64AndStoresNothing() async throws {
    let (result, stored) = try await sync(["COLLECTION=Nowhere"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("\"Systems reading\""), "\(result.stderr)")
    #expect(stored.isEmpty)
  }
}
