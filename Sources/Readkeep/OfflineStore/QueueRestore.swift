import Foundation
import GRDB
import Wire

/// Changes read back from an archive (``CacheArchive``'s `queue.ndjson`) into the offline write
/// queue, so that a restore does not lose what `rk-push` has still to send.
extension OfflineStore {
  /// Merges `changes` into the queue in one transaction, field by field of each bookmark:
  /// a field with nothing queued takes the archive's change; where both have one, the later
  /// word wins (for labels, label by label: the later edit applied on top of the earlier), and
  /// the store's base stays, since it is this store's last view of the server. A change made at
  /// the same moment as the queued one is the same change and is left alone. The cached bookmark
  /// takes the merged values, as after `mark`. Returns how many queue rows were added or changed.
  func restore(queued changes: [FieldChange]) throws -> Int {
    try writing { db in
      var restored = 0
      for change in changes where try restore(change, db) { restored += 1 }
      return restored
    }
  }

  private func restore(_ change: FieldChange, _ db: Database) throws -> Bool {
    let archivedAt = change.madeAt.timeIntervalSince1970
    let existing = try Row.fetchOne(
      db,
      sql: "SELECT value, add_labels, remove_labels, made_at FROM pending_change WHERE bookmark_id = ? AND field = ?",
      arguments: [change.id, change.field])
    var value = change.value
    var add = change.addLabels ?? []
    var remove = change.removeLabels ?? []
    if let existing {
      let queuedAt: Double = existing["made_at"]
      // The archive keeps times to the microsecond at best.
      if abs(queuedAt - archivedAt) < 0.001 { return false }
      let archiveIsLater = archivedAt > queuedAt
      if change.field == "labels" {
        var queuedAdd = (existing["add_labels"] as String?).map { Self.strings(Self.parse($0)) } ?? []
        var queuedRemove = (existing["remove_labels"] as String?).map { Self.strings(Self.parse($0)) } ?? []
        if archiveIsLater {
          Self.applyLabels(adding: add, removing: remove, to: &queuedAdd, &queuedRemove)
          (add, remove) = (queuedAdd, queuedRemove)
        } else {
          Self.applyLabels(adding: queuedAdd, removing: queuedRemove, to: &add, &remove)
        }
      } else {
        guard archiveIsLater else { return false }
      }
      if !archiveIsLater { value = (existing["value"] as String?).map(Self.parse) }
      try db.execute(
        sql: """
          UPDATE pending_change SET value = ?, add_labels = ?, remove_labels = ?, made_at = ?, revision = revision + 1
          WHERE bookmark_id = ? AND field = ?
          """,
        arguments: [
          value.map(Self.json), labelsJSON(change.field, add), labelsJSON(change.field, remove),
          max(queuedAt, archivedAt), change.id, change.field,
        ])
    } else {
      try db.execute(
        sql: """
          INSERT INTO pending_change (bookmark_id, field, value, add_labels, remove_labels, base, base_updated, made_at, revision)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
          """,
        arguments: [
          change.id, change.field, value.map(Self.json), labelsJSON(change.field, add),
          labelsJSON(change.field, remove), Self.json(change.base), change.baseUpdated, archivedAt,
        ])
    }
    // The cached bookmark shows what is queued, as `mark` leaves it.
    if var bookmark = try cachedBookmark(db, id: change.id) {
      if change.field == "labels" {
        let labels = Set(Self.strings(bookmark["labels"])).union(add).subtracting(remove)
        bookmark["labels"] = .array(labels.sorted().map(JSONValue.string))
      } else if let value {
        bookmark[change.field] = value
      }
      _ = try writeMetadata(db, id: change.id, bookmark: bookmark)
    }
    return true
  }

  private func labelsJSON(_ field: String, _ labels: [String]) -> String? {
    field == "labels" ? Self.json(.array(labels.sorted().map(JSONValue.string))) : nil
  }
}
