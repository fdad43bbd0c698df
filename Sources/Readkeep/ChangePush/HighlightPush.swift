import Foundation
import OfflineStore
import Readeck
import Wire

/// Sending what was queued for highlights, oldest first: creates (POST, exactly once by
/// CreateOnce: a create sent before is looked for among the bookmark's highlights by its
/// selectors and offsets), edits (PATCH) and deletes (DELETE). A highlight or bookmark the server
/// no longer has is a `gone` record and leaves the queue; one the server refuses fails alone
/// and stays.
struct HighlightPush: Sendable {
  let client: ReadeckClient
  let store: OfflineStore
  let now: @Sendable () -> Date

  struct Tally {
    var pushed = 0
    var gone = 0
    var failed = 0
  }

  func run(
    _ queued: [QueuedHighlight], observer: (any PushObserver)?, emit: (any WireRecord) throws -> Void
  ) async throws -> Tally {
    var tally = Tally()
    for item in queued {
      do {
        switch item.action {
        case .create: try await create(item, emit: emit)
        case .edit: try await edit(item, emit: emit)
        case .delete:
          try await client.deleteHighlight(bookmarkID: item.bookmarkID, id: item.id)
          try store.highlightSettled(id: item.id, record: nil)
          try emit(HighlightDeleted(id: item.id, bookmarkID: item.bookmarkID))
        }
        tally.pushed += 1
      } catch let error as ReadeckError {
        switch error {
        case .tokenRejected, .unreachable:
          throw error
        case .http(404, _):
          try store.highlightSettled(id: item.id, record: nil)
          try emit(Gone(id: item.id, changes: 1))
          tally.gone += 1
        default:
          try emit(ChangePush.failure(id: item.id, sent: Self.body(of: item), error))
          observer?.failed(id: item.id, error: error)
          tally.failed += 1
        }
      }
      observer?.advanced()
    }
    return tally
  }

  private func create(_ item: QueuedHighlight, emit: (any WireRecord) throws -> Void) async throws {
    let (answer, adopted) = try await createdOnce(item)
    guard var record = try store.highlightSettled(id: item.id, record: Self.record(item, answer)) else { return }
    record.localID = item.id
    if adopted { record.unknownFields["adopted"] = .bool(true) }
    try emit(record)
  }

  /// The server's highlight for a create, and whether it was found there rather than made now.
  private func createdOnce(_ item: QueuedHighlight) async throws -> (JSONObject, adopted: Bool) {
    try await CreateOnce.create(
      sentAt: item.sentAt, now: now(), find: { _ in try await find(item) },
      markSent: { try store.highlightSent(localID: item.id, at: $0) },
      post: { try await client.createHighlight(bookmarkID: item.bookmarkID, fields: Self.body(of: item)) })
  }

  private func edit(_ item: QueuedHighlight, emit: (any WireRecord) throws -> Void) async throws {
    let answer = try await client.updateHighlight(bookmarkID: item.bookmarkID, id: item.id, fields: Self.body(of: item))
    if let record = try store.highlightSettled(id: item.id, record: Self.record(item, answer ?? [:])) {
      try emit(record)
    }
  }

  /// The server's highlight at the create's place, if it holds one.
  private func find(_ item: QueuedHighlight) async throws -> JSONObject? {
    try await client.highlights(ofBookmark: item.bookmarkID).first { highlight in
      highlight["start_selector"]?.stringValue == item.startSelector
        && highlight["start_offset"]?.intValue == item.startOffset.map(Int64.init)
        && highlight["end_selector"]?.stringValue == item.endSelector
        && highlight["end_offset"]?.intValue == item.endOffset.map(Int64.init)
    }
  }

  /// The highlight record of what the server answered (the store adds the article's title, link
  /// and site).
  private static func record(_ item: QueuedHighlight, _ answer: JSONObject) -> HighlightRecord {
    let note = answer["note"]?.stringValue ?? item.note
    return HighlightRecord(
      id: answer["id"]?.stringValue ?? item.id, bookmarkID: item.bookmarkID,
      text: answer["text"]?.stringValue ?? item.text ?? "",
      note: note?.isEmpty == false ? note : nil,
      color: answer["color"]?.stringValue ?? item.color ?? HighlightColor.defaultName,
      created: answer["created"]?.stringValue.flatMap(RFC3339.date(from:)) ?? item.queuedAt)
  }

  /// What the request for `item` carries (a delete carries nothing).
  static func body(of item: QueuedHighlight) -> JSONObject {
    var fields: JSONObject = [:]
    if item.action == .create {
      fields["start_selector"] = item.startSelector.map(JSONValue.string)
      fields["start_offset"] = item.startOffset.map { .integer(Int64($0)) }
      fields["end_selector"] = item.endSelector.map(JSONValue.string)
      fields["end_offset"] = item.endOffset.map { .integer(Int64($0)) }
    }
    if item.action != .delete {
      fields["color"] = .string(item.color ?? HighlightColor.defaultName)
      if let note = item.note, !note.isEmpty { fields["note"] = .string(note) }
    }
    return fields
  }

  static func request(_ item: QueuedHighlight, client: ReadeckClient) -> PushRequest {
    switch item.action {
    case .create:
      PushRequest(
        id: item.id, method: "POST", url: client.highlightsURL(bookmarkID: item.bookmarkID), body: body(of: item))
    case .edit:
      PushRequest(
        id: item.id, method: "PATCH", url: client.highlightURL(bookmarkID: item.bookmarkID, id: item.id),
        body: body(of: item))
    case .delete:
      PushRequest(
        id: item.id, method: "DELETE", url: client.highlightURL(bookmarkID: item.bookmarkID, id: item.id), body: [:])
    }
  }
}
