import Foundation
import GRDB
import Wire

/// Where a step of reading was seen: made here with `rk-cache mark --progress`, or found at a
/// sync on the server (read in Readeck or on the phone).
public enum ReadingSide: String, Sendable, CaseIterable {
  case offline, online
}

/// The reading record: every rise of an article's progress the store sees is a step worth
/// `minutes × (new − old) / 100`. The store keeps the last progress it saw of each bookmark,
/// from either side, so a step is counted once: the push of an offline step shows the server
/// the same progress, which is then no news. The record outlives the articles (pruning keeps
/// it), and progress the store never saw before its first sighting of a bookmark is not counted.
extension OfflineStore {
  /// What it takes to read the whole article: Readeck's `reading_time`, else `word_count / 200`;
  /// 0 when the bookmark has neither (a photo, a video).
  /// At most `longestMinutes`: a bookmark claiming more would make every sum that holds it
  /// too large to print as a whole number.
  static func readingMinutes(_ bookmark: JSONObject) -> Double {
    if let minutes = bookmark["reading_time"]?.intValue, minutes > 0 { return min(Double(minutes), longestMinutes) }
    if let words = bookmark["word_count"]?.intValue, words > 0 { return min(Double(words) / 200, longestMinutes) }
    return 0
  }

  /// A year of reading day and night.
  static let longestMinutes: Double = 525_600

  /// Notes a sighting of `bookmark` inside the caller's transaction. `previous` is the cached
  /// bookmark's progress before this change, for a bookmark the record has not seen yet. Online,
  /// a progress still queued for the push wins over the server's: it is what the server will hold.
  static func noteReading(
    _ db: Database, id: String, bookmark: JSONObject, previous: JSONValue?, side: ReadingSide, at date: Date
  ) throws {
    guard var progress = bookmark["read_progress"]?.intValue.map(Int.init) else { return }
    if side == .online,
      let queued = try String.fetchOne(
        db, sql: "SELECT value FROM pending_change WHERE bookmark_id = ? AND field = 'read_progress'",
        arguments: [id]),
      let value = parse(queued).intValue
    {
      progress = Int(value)
    }
    progress = min(100, max(0, progress))
    let known =
      try Int.fetchOne(db, sql: "SELECT progress FROM reading_article WHERE id = ?", arguments: [id])
      ?? previous?.intValue.map { min(100, max(0, Int($0))) }
    let minutes = readingMinutes(bookmark)
    try db.execute(
      sql: """
        INSERT INTO reading_article (id, title, site, authors, labels, minutes, progress) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET title = excluded.title, site = excluded.site, authors = excluded.authors,
          labels = excluded.labels, minutes = excluded.minutes, progress = excluded.progress
        """,
      arguments: [
        id, WholeText.shown(bookmark["title"]?.stringValue ?? ""),
        bookmark["site"]?.stringValue.map(WholeText.shown),
        json(.array(strings(bookmark["authors"]).map(JSONValue.string))),
        json(.array(strings(bookmark["labels"]).map(JSONValue.string))), minutes, progress,
      ])
    guard let known, progress > known, minutes > 0 else { return }
    try db.execute(
      sql: """
        INSERT INTO reading_step (bookmark_id, at, side, from_progress, to_progress, minutes) VALUES (?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        id, date.timeIntervalSince1970, side.rawValue, known, progress, minutes * Double(progress - known) / 100,
      ])
  }
}
