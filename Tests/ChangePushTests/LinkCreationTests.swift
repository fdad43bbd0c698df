import ChangePush
import Foundation
import OfflineStore
import Readeck
import ReadeckFake
import Testing
import Wire

/// Links saved offline and pushed to the fake: created once, whatever happened to the answer.
@Suite struct LinkCreationTests {
  func creates(_ fake: FakeReadeck) -> [FakeRequest] { fake.requests.filter { $0.route == .create } }

  @Test func aQueuedLinkIsCreatedWithItsTitleAndLabelsAndTakesTheServersId() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://news.example.net/x#top", title: "X", labels: ["in"])])
      let watcher = PushWatcher()
      let (outcome, records) = try await harness.push(observer: watcher)
      let created = try #require(records.compactMap { $0 as? Created }.first)
      #expect(created.localID == "local-1" && !created.adopted && created.url == "https://news.example.net/x#top")
      let server = try #require(harness.fake.bookmark(id: created.id))
      #expect(server.url == "https://news.example.net/x" && server.title == "X" && server.labels == ["in"])
      #expect(outcome.summary.created == 1 && outcome.summary.queued == 1 && outcome.summary.complete)
      #expect(watcher.events == ["selected 1", "advanced"])
      #expect(try harness.store.queuedLinks().map(\.id) == [created.id])
      #expect(try harness.store.queuedLinks(unsent: true).isEmpty)

      let again = try await harness.push()
      #expect(again.outcome.summary.queued == 0 && creates(harness.fake).count == 1, "never sent twice")
    }
  }

  @Test func anAnswerLostAfterTheServerCreatedTheBookmarkIsFoundNotSentAgain() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://example.net/lost")])
      harness.fake.inject([.resetMidBody], on: .create)
      let watcher = PushWatcher()
      let (outcome, records) = try await harness.push(observer: watcher)
      #expect(watcher.events == ["selected 1", "advanced"])
      let created = try #require(records.compactMap { $0 as? Created }.first)
      #expect(created.adopted)
      #expect(harness.fake.bookmarks.filter { $0.url == "https://example.net/lost" }.map(\.id) == [created.id])
      #expect(creates(harness.fake).count == 1)
      #expect(outcome.summary.created == 1 && outcome.summary.failed == 0)
      let look = try #require(harness.fake.requests.last { $0.route == .list })
      #expect(look.query.contains { $0.0 == "range_start" })
    }
  }

  /// The server keeps `café` as Go writes it, `caf%C3%A9`: the look after a lost answer must
  /// take that spelling for the link, not send it again.
  @Test func aLostAnswerIsFoundUnderTheSpellingTheServerKeeps() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://example.org/café")])
      harness.fake.inject([.resetMidBody], on: .create)
      let (outcome, records) = try await harness.push()
      let created = try #require(records.compactMap { $0 as? Created }.first, "\(records)")
      #expect(created.adopted)
      #expect(harness.fake.bookmark(id: created.id)?.url == "https://example.org/caf%C3%A9")
      #expect(outcome.summary.created == 1 && outcome.summary.failed == 0)
      let again = try await harness.push()
      #expect(again.outcome.summary.queued == 0)
      #expect(creates(harness.fake).count == 1, "never sent twice")
    }
  }

  @Test func aLinkSentByAPushThatDiedIsAdoptedWithoutARequestToCreate() async throws {
    try await withPushHarness(library()) { harness in
      // Created by the push that died, after the store was synced.
      harness.fake.upsert(
        FakeBookmark(
          id: "Zz1Yy2Xx3Ww4Vv5Uu6Tt7S", title: "Sent before", url: "https://example.net/died", created: Date(),
          articleHTML: "<p>x</p>"))
      _ = try harness.store.queue(links: [NewLink(url: "https://EXAMPLE.net/died")])
      try harness.store.linkSent(localID: "local-1", at: Date().addingTimeInterval(-5))
      let (_, records) = try await harness.push()
      #expect(records.compactMap { $0 as? Created }.map(\.id) == ["Zz1Yy2Xx3Ww4Vv5Uu6Tt7S"])
      #expect(records.compactMap { $0 as? Created }.first?.adopted == true)
      #expect(creates(harness.fake).isEmpty)
    }
  }

  @Test func aLinkSentBeforeThatTheServerDoesNotHoldIsSentAgain() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://example.net/never-arrived")])
      try harness.store.linkSent(localID: "local-1", at: Date().addingTimeInterval(-60))
      let (outcome, records) = try await harness.push()
      #expect(records.compactMap { $0 as? Created }.first?.adopted == false)
      #expect(creates(harness.fake).count == 1 && outcome.summary.created == 1)
    }
  }

  @Test func aLinkTheServerRefusesFailsAloneAndStaysQueued() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://example.net/1"), NewLink(url: "https://example.net/2")])
      harness.fake.inject([.refuseField("url", message: "invalid URL")], on: .create)
      let watcher = PushWatcher()
      let (outcome, records) = try await harness.push(observer: watcher)
      let failed = try #require(records.compactMap { $0 as? PushFailed }.first)
      #expect(failed.id == "local-1" && failed.status == 422 && failed.sent == ["url": "https://example.net/1"])
      #expect(failed.fieldErrors == ["url": ["invalid URL"]])
      #expect(outcome.summary.failed == 1 && outcome.summary.created == 1)
      #expect(watcher.events.contains("failed local-1"))
      #expect(try harness.store.queuedLinks(unsent: true).map(\.localID) == ["local-1"])
    }
  }

  @Test func aDryRunShowsThePostBeforeThePatches() async throws {
    try await withPushHarness(library()) { harness in
      _ = try harness.store.queue(links: [NewLink(url: "https://example.net/d", labels: ["a"])])
      _ = try harness.store.mark(ids: [harness.fake.bookmarks[0].id], BookmarkEdit(archived: true))
      let requests = try ChangePush.dryRun(store: harness.store, client: try harness.client())
      #expect(requests.map(\.method) == ["POST", "PATCH"])
      #expect(requests[0].url == harness.fake.baseURL + "/api/bookmarks" && requests[0].id == "local-1")
      #expect(requests[0].body == ["url": "https://example.net/d", "labels": ["a"]])
      #expect(harness.fake.requests.isEmpty)
    }
  }
}
