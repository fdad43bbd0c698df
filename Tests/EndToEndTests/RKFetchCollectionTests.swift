import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-fetch --collection` and a repeated `--label` against the fake Readeck with collections.
@Suite(.serialized) struct RKFetchCollectionTests {
  static let token = RKFetchTests.token
  static let systems = FakeCollection(id: "SystemsReading000001", name: "Systems reading", labels: "rust")
  static let later = FakeCollection(id: "LaterReading00000002", name: "Later", labels: "later")

  /// Nine unread bookmarks, newest first: "rust", "swift", "later", both, and none as labels.
  static let library: [FakeBookmark] = {
    let labels: [[String]] = [
      ["rust"], ["go"], ["swift"], ["later"], [], ["swift", "rust"], ["go"], ["swift"], ["rust"],
    ]
    return zip(FakeReadeck.sampleLibrary(count: 9, imagesPerArticle: 0, allUnread: true), labels).map {
      var bookmark = $0
      bookmark.labels = $1
      return bookmark
    }
  }()

  static func ids(withAnyOf labels: Set<String>) -> [String] {
    library.filter { !labels.isDisjoint(with: $0.labels) }.map(\.id)
  }

  private func fetch(_ fake: FakeReadeck, _ arguments: [String], environment: [String: String] = [:]) throws
    -> ToolRun
  {
    try run(
      "rk-fetch",
      ["--server", fake.baseURL, "--retry-delay", "0.2"] + (arguments.contains("--limit") ? [] : ["--limit", "0"])
        + arguments,
      environment: ["READECK_TOKEN": Self.token].merging(environment) { _, given in given })
  }

  private func withCollections(_ body: (FakeReadeck) async throws -> Void) async throws {
    let fake = try await FakeReadeck.start(
      bookmarks: Self.library, collections: [Self.systems, Self.later], token: Self.token)
    do {
      try await body(fake)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  private func articleIDs(_ result: ToolRun) -> [String] {
    result.records(kind: "article").compactMap { $0["id"]?.stringValue }
  }

  @Test func aCollectionNamedInAnotherCaseBringsItsArticlesInTheServersOrder() async throws {
    try await withCollections { fake in
      let listed = Self.ids(withAnyOf: ["rust"]).sorted { a, b in
        (fake.bookmarks.firstIndex { $0.id == a } ?? 0) < (fake.bookmarks.firstIndex { $0.id == b } ?? 0)
      }
      let result = try fetch(fake, ["--collection", "SYSTEMS Reading"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(articleIDs(result) == listed)
      #expect(result.summary?["requested"]?.intValue == 3)
      #expect(result.summary?["complete"] == .bool(true))
      let lists = fake.requests.filter { $0.path == "/api/bookmarks" && $0.method == "GET" }
      #expect(lists.allSatisfy { $0.query.contains { $0.0 == "collection" && $0.1 == Self.systems.id } })
    }
  }

  @Test func aCollectionGivenByItsIdBringsTheSameArticles() async throws {
    try await withCollections { fake in
      let byName = try fetch(fake, ["--collection", "Systems reading"])
      let byID = try fetch(fake, ["--collection", Self.systems.id])
      #expect(byID.status == 0, "\(byID.stderr)")
      #expect(articleIDs(byID) == articleIDs(byName))
      #expect(Set(articleIDs(byID)) == Set(Self.ids(withAnyOf: ["rust"])))
    }
  }

  @Test func anUnknownCollectionExits64WritingNothingAndNamesTheCollections() async throws {
    try await withCollections { fake in
      let result = try fetch(fake, ["--collection", "Systems"])
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains("\"Later\""), "\(result.stderr)")
      #expect(result.stderr.contains("\"Systems reading\""), "\(result.stderr)")
      #expect(!fake.requests.contains { $0.path == "/api/bookmarks" }, "bookmarks were listed")

      let german = try fetch(fake, ["--collection", "Systems"], environment: ["LANG": "de_DE.UTF-8"])
      #expect(german.status == 64)
      #expect(german.stdout.isEmpty)
      #expect(german.stderr.contains("keine Sammlung"), "\(german.stderr)")
    }
  }

  @Test func twoCollectionsAlikeApartFromCaseExit64NamingBothWithTheirIds() async throws {
    try await withCollections { fake in
      let twin = FakeCollection(id: "SystemsReadingTwin03", name: "systems READING", labels: "go")
      fake.setCollections([Self.systems, Self.later, twin])
      let result = try fetch(fake, ["--collection", "Systems Reading"])
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains(Self.systems.id) && result.stderr.contains(twin.id), "\(result.stderr)")
      let byID = try fetch(fake, ["--collection", twin.id])
      #expect(byID.status == 0, "\(byID.stderr)")
      #expect(Set(articleIDs(byID)) == Set(Self.ids(withAnyOf: ["go"])))
    }
  }

  @Test func twoLabelsBringTheBookmarksOfEitherAndNoOthers() async throws {
    try await withCollections { fake in
      let result = try fetch(fake, ["--label", "swift", "--label", "later"])
      #expect(result.status == 0, "\(result.stderr)")
      let expected = fake.bookmarks.filter { !Set(["swift", "later"]).isDisjoint(with: $0.labels) }.map(\.id)
      #expect(articleIDs(result) == expected)
      #expect(expected.count == 4)
      #expect(result.summary?["requested"]?.intValue == 4)

      let newest = try fetch(fake, ["--label", "swift", "--label", "later", "--limit", "2"])
      #expect(articleIDs(newest) == Array(expected.prefix(2)))
    }
  }

  @Test func aCollectionAndALabelSelectWhatBothAllow() async throws {
    try await withCollections { fake in
      let result = try fetch(fake, ["--collection", "systems reading", "--label", "swift"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(articleIDs(result) == fake.bookmarks.filter { Set($0.labels) == ["swift", "rust"] }.map(\.id))
    }
  }
}
