import ChatHistory
import Foundation
import TestSupport
import Testing

@Suite struct HistoryStoreTests {
  func withStore(_ body: (HistoryStore) throws -> Void) throws {
    let folder = TemporaryFolder.path("history")
    defer { TemporaryFolder.remove(folder) }
    try body(try HistoryStore(path: folder + "/ailo/history.sqlite", creating: true))
  }

  func exchange(_ input: String, answer: String = "ok", at date: Date = Date(), conversation: Int64? = nil) -> Exchange
  {
    Exchange(
      conversation: conversation, createdAt: date, promptSource: "--system", provider: "p", model: "m", system: "S",
      input: input, answer: answer)
  }

  @Test func aNewExchangeStartsAConversationAndAContinuationJoinsIt() throws {
    try withStore { store in
      let first = try store.record(exchange("one"))
      let second = try store.record(exchange("two", conversation: first))
      let other = try store.record(exchange("three"))
      #expect(try store.conversation(first).map(\.input) == ["one", "two"])
      #expect(try store.conversation(other).map(\.input) == ["three"])
      #expect(try store.last()?.id == other)
      #expect(try store.exchange(id: second)?.conversation == first)
    }
  }

  @Test func searchFindsWordsInInputsAndAnswersFoldingCaseAndAccents() throws {
    try withStore { store in
      try store.record(exchange("Die Rechnung für März", answer: "bezahlt"))
      try store.record(exchange("a café visit", answer: "nice"))
      #expect(try store.list(query: "rechnung").map(\.input) == ["Die Rechnung für März"])
      #expect(try store.list(query: "cafe").map(\.input) == ["a café visit"])
      #expect(try store.list(query: "BEZAHLT").count == 1)
      #expect(try store.list(query: "nothing").isEmpty)
      #expect(try store.list().map(\.input) == ["a café visit", "Die Rechnung für März"])
    }
  }

  @Test func oldExchangesAndTheOldestBeyondTheSizeGoAtTheNextWrite() throws {
    try withStore { store in
      let now = Date()
      try store.record(exchange("ancient", at: now.addingTimeInterval(-HistoryStore.maxAge - 60)), now: now)
      try store.record(exchange("recent", at: now), now: now)
      #expect(try store.list().map(\.input) == ["recent"])
      let big = String(repeating: "x", count: HistoryStore.maxBytes / 2)
      try store.record(exchange("big one " + big), now: now)
      try store.record(exchange("big two " + big), now: now)
      #expect(try store.list(query: "recent").isEmpty, "the oldest went to keep within the size")
      #expect(try store.list().count == 1)
    }
  }
}
