import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// The rule of which links can be saved and when two are the same.
@Suite struct SavedLinkTests {
  @Test func httpAndHttpsLinksWithAHostAreTaken() {
    #expect(SavedLink.problem("https://example.org/a?b=c#d") == nil)
    #expect(SavedLink.problem("HTTP://Example.org") == nil)
  }

  @Test func otherSchemesNoHostWhiteSpaceAndLengthAreRefused() {
    #expect(SavedLink.problem("") == .empty)
    #expect(SavedLink.problem("ftp://example.org/a") == .notWeb)
    #expect(SavedLink.problem("example.org/a") == .notWeb)
    #expect(SavedLink.problem("https:///a") == .notWeb)
    #expect(SavedLink.problem("https:example.org") == .notWeb)
    #expect(SavedLink.problem("https://example.org/a b") == .whiteSpace)
    #expect(SavedLink.problem("https://example.org/a\tb") == .whiteSpace)
    let long = "https://example.org/" + String(repeating: "ä", count: 1005)
    #expect(SavedLink.problem(long) == .tooLong(characters: 1025))
    #expect(SavedLink.problem(String(long.dropLast())) == nil, "1,024 characters, however many bytes")
  }

  /// Found by fuzz-url: as Characters, `#` and a combining mark after it are one, which hid the
  /// fragment from the rule and took a link with no host.
  @Test func aCombiningMarkAfterADelimiterDoesNotHideIt() {
    #expect(SavedLink.problem("https://#\u{347}") == .notWeb)
    #expect(SavedLink.problem("https:///\u{301}a") == .notWeb)
    #expect(SavedLink.problem("https://?\u{301}") == .notWeb)
    #expect(SavedLink.problem("https://example.org/a \u{301}b") == .whiteSpace)
    #expect(SavedLink.key("https://Example.org/a#\u{301}x") == SavedLink.key("https://example.org/a"))
  }

  @Test func schemeAndHostCompareWithoutCaseAndTheFragmentNotAtAll() {
    #expect(SavedLink.key("HTTPS://Example.ORG/Path?Q=A#top") == "https://example.org/Path?Q=A")
    #expect(SavedLink.key("https://example.org/Path") != SavedLink.key("https://example.org/path"))
    #expect(SavedLink.key("https://Jane:PW@Example.org") == "https://Jane:PW@example.org")
    #expect(SavedLink.key("http://example.org") != SavedLink.key("https://example.org"))
  }
}

/// Links saved offline in the store: queued once, shown until their article is stored.
@Suite struct LinkQueueTests {
  @Test func aLinkIsQueuedOnceUnderALocalIdWithItsTitleAndLabels() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let when = Date(timeIntervalSince1970: 1_800_000_000)
    let outcomes = try store.queue(
      links: [
        NewLink(url: "https://example.org/a", title: "A", labels: ["later"]),
        NewLink(url: "HTTPS://EXAMPLE.org/a#section"),
        NewLink(url: "https://example.org/b"),
      ], now: when)
    guard case .queued(let first) = outcomes[0], case .alreadyQueued(let again) = outcomes[1],
      case .queued(let second) = outcomes[2]
    else { return #expect(Bool(false), "\(outcomes)") }
    #expect(first.id == "local-1" && first.localID == "local-1" && first.state == .queued)
    #expect(first.title == "A" && first.labels == ["later"] && first.queuedAt == when)
    #expect(again == first)
    #expect(second.id == "local-2")
    #expect(try store.queuedLinks(unsent: true).map(\.url) == ["https://example.org/a", "https://example.org/b"])
    #expect(try store.stats().linksQueued == 2)
  }

  @Test func aLinkWhoseArticleIsCachedIsNotQueued() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("c1", title: "Cached", html: "<p>x</p>"))
    let outcomes = try store.queue(links: [NewLink(url: "https://EXAMPLE.org/c1#x")])
    #expect(outcomes == [.alreadyCached(id: "c1")])
    #expect(try store.queuedLinks().isEmpty)
  }

  @Test func aCreatedLinkLeavesThePushButStaysUntilItsArticleIsStored() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.queue(links: [NewLink(url: "https://example.org/n1")])
    try store.linkSent(localID: "local-1", at: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(try store.queuedLinks(unsent: true).first?.state == .sent)
    #expect(try store.queuedLinks(unsent: true).first?.sentAt == Date(timeIntervalSince1970: 1_800_000_100))
    #expect(try store.linkCreated(localID: "local-1", bookmarkID: "n1"))
    #expect(try store.queuedLinks(unsent: true).isEmpty)
    let created = try store.queuedLinks()
    #expect(created.map(\.id) == ["n1"] && created[0].state == .created && created[0].localID == "local-1")
    #expect(try store.stats().linksCreated == 1 && (try store.stats().linksQueued) == 0)
    #expect(
      try store.queue(links: [NewLink(url: "https://example.org/n1")]) == [.alreadyQueued(created[0])],
      "still not queued twice")

    try store.store(article("n1", title: "Now here", html: "<p>x</p>"))
    #expect(try store.queuedLinks().isEmpty)
  }

  @Test func aDroppedLinkIsGoneAndItsLocalIdIsNeverGivenAgain() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.queue(links: [NewLink(url: "https://example.org/1"), NewLink(url: "https://example.org/2")])
    #expect(try store.dropLink(localID: "local-2")?.url == "https://example.org/2")
    #expect(try store.dropLink(localID: "local-2") == nil)
    #expect(try store.dropLink(localID: "bogus") == nil)
    guard case .queued(let next) = try store.queue(links: [NewLink(url: "https://example.org/3")])[0] else {
      return #expect(Bool(false))
    }
    #expect(next.localID == "local-3")
  }

  @Test func aLinkTheServerLoadedWithoutAnArticleStopsWaitingForOne() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.queue(links: [NewLink(url: "https://example.org/pdf"), NewLink(url: "https://example.org/late")])
    try store.linkCreated(localID: "local-1", bookmarkID: "pdf1")
    try store.linkCreated(localID: "local-2", bookmarkID: "late1")
    let now = Date()
    try store.updateMetadata(
      BookmarkRecord(id: "pdf1", bookmark: ["id": "pdf1", "loaded": true, "has_article": false], fetchedAt: now))
    try store.updateMetadata(
      BookmarkRecord(id: "late1", bookmark: ["id": "late1", "loaded": false, "has_article": false], fetchedAt: now))
    #expect(try store.queuedLinks().map(\.id) == ["late1"], "one still loading keeps waiting")
  }

  @Test func aBookmarkGoneFromTheServerTakesItsLinkAlong() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.queue(links: [NewLink(url: "https://example.org/g")])
    try store.linkCreated(localID: "local-1", bookmarkID: "g1")
    try store.forget(id: "g1")
    #expect(try store.queuedLinks().isEmpty)
  }
}
