public import Foundation
import GRDB
public import Wire

/// Which articles go first when the store is over a limit.
public enum PruneStrategy: String, Sendable, CaseIterable {
  /// Oldest cached first: the original app's rule.
  case fifo
  /// Least recently read first; never read counts from when it was cached.
  case lru
  /// Largest first.
  case largest
}

/// The limits a prune enforces; nil means no such limit.
public struct PruneLimits: Sendable, Equatable {
  /// At most this many articles.
  public var keep: Int?
  /// At most this many bytes, counted as `stats` counts them (each article's HTML and images).
  public var maxBytes: Int?
  /// Nothing older than this many seconds: cached (fifo, largest) or last read (lru).
  public var olderThan: TimeInterval?
  /// Remove the archived: on the server, or locally with the change already pushed.
  public var archived: Bool

  public init(keep: Int? = nil, maxBytes: Int? = nil, olderThan: TimeInterval? = nil, archived: Bool = false) {
    self.keep = keep
    self.maxBytes = maxBytes
    self.olderThan = olderThan
    self.archived = archived
  }
}

extension OfflineStore {
  /// The articles a prune removes, in the order it removes them, each with the limit that
  /// removed it (`archived`, `older-than`, `keep`, `max-size`). Nothing is changed. An article
  /// with a change still to push is never removed as archived: its archiving may yet lose a
  /// conflict. One whose deletion or undeletion is queued is never removed: the push removes
  /// it once the server has deleted it, and an undelete means the user wants it kept.
  public func prunePlan(_ limits: PruneLimits, strategy: PruneStrategy, now: Date = Date()) throws -> [Pruned] {
    let order =
      switch strategy {
      case .fifo: "cached_at, rowid"
      case .lru: "COALESCE(accessed_at, cached_at), cached_at, rowid"
      case .largest: "bytes DESC, cached_at, rowid"
      }
    let rows = try reading { db in
      try Row.fetchAll(
        db,
        sql:
          """
          SELECT id, title, bytes, COALESCE(accessed_at, cached_at) AS read_at, cached_at,
            json_extract(bookmark, '$.is_archived') IS 1
              AND NOT EXISTS (SELECT 1 FROM pending_change WHERE bookmark_id = article.id) AS archived
          FROM article
          WHERE id NOT IN (SELECT bookmark_id FROM pending_change WHERE field = 'is_deleted')
          ORDER BY \(order)
          """
      )
    }
    let candidates: [(pruned: Pruned, age: Double)] = rows.map { row in
      let age: Double = strategy == .lru ? row["read_at"] : row["cached_at"]
      return (Pruned(id: row["id"], title: row["title"], bytes: row["bytes"], reason: ""), age)
    }
    var plan: [Pruned] = []
    var kept = [Bool](repeating: true, count: candidates.count)
    var count = candidates.count
    var total = candidates.reduce(0) { $0 + $1.pruned.bytes }
    func drop(_ index: Int, _ reason: String) {
      var pruned = candidates[index].pruned
      pruned.reason = reason
      plan.append(pruned)
      kept[index] = false
      count -= 1
      total -= pruned.bytes
    }
    if limits.archived {
      for index in rows.indices where rows[index]["archived"] as Bool { drop(index, "archived") }
    }
    if let olderThan = limits.olderThan {
      let cutoff = now.timeIntervalSince1970 - olderThan
      for index in candidates.indices where kept[index] && candidates[index].age < cutoff { drop(index, "older-than") }
    }
    // Both limits drop from the front of the strategy's order, skipping what is already gone.
    var next = 0
    func dropNext(_ reason: String) {
      while !kept[next] { next += 1 }
      drop(next, reason)
    }
    if let keep = limits.keep {
      while count > max(0, keep) { dropNext("keep") }
    }
    if let maxBytes = limits.maxBytes {
      while total > maxBytes, count > 0 { dropNext("max-size") }
    }
    return plan
  }

  /// Removes what `prunePlan` chose, one transaction per article (blobs only it used go with
  /// it); returns what was removed with its size at removal. An article removed meanwhile by
  /// someone else is left out.
  public func prune(_ plan: [Pruned]) throws -> [Pruned] {
    let reasons = Dictionary(plan.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    return try remove(ids: plan.map(\.id)).map {
      Pruned(id: $0.id, title: $0.title, bytes: $0.bytes, reason: reasons[$0.id] ?? "")
    }
  }
}
