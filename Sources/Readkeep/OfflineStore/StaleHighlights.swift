import GRDB
import HTMLScan

/// Cached articles whose HTML shows other highlights than the server holds. Readeck writes the
/// highlights into the article it serves (`rd-annotation` wrappers, the note in a marker after
/// them), and a sync fetches an article once; so a highlight made or changed since, on the phone
/// or offline here, reaches page, text and epub only when the article is fetched again. The
/// listing (`rk-fetch --highlights`) tells what the server holds now; an article whose wrappers
/// differ from it in ids, colours or notes is named here for `rk-fetch --also-ids`.
extension OfflineStore {
  /// The ids of those articles, newest cached first; none before a complete listing was kept
  /// (without one, every highlighted article would look changed). Highlights with something
  /// queued offline are left out of the comparison: the server changes them at the next push.
  public func articlesWithStaleHighlights() throws -> [String] {
    try reading { db in
      guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'highlights_listed'") != nil else {
        return []
      }
      let queued = Set(
        try String.fetchAll(db, sql: "SELECT highlight_id FROM pending_highlight WHERE highlight_id IS NOT NULL"))
      var listed: [String: [String: Shown]] = [:]
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, bookmark_id, json_extract(record, '$.color') AS color, json_extract(record, '$.note') AS note
          FROM highlight WHERE id NOT LIKE 'local-hl-%'
          """)
      for row in rows where !queued.contains(row["id"]) {
        listed[row["bookmark_id"], default: [:]][row["id"]] = Shown(color: row["color"] ?? "", note: row["note"])
      }
      var stale: [String] = []
      let articles = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, html FROM article
          WHERE instr(html, 'rd-annotation') > 0 OR id IN (SELECT bookmark_id FROM highlight)
          ORDER BY cached_at DESC, id
          """)
      while let row = try articles.next() {
        let id: String = row["id"]
        let shown = Self.shownHighlights(row["html"]).filter { !queued.contains($0.key) }
        if shown != listed[id, default: [:]] { stale.append(id) }
      }
      return stale
    }
  }

  /// What a reader sees of a highlight: its colour and note.
  struct Shown: Equatable {
    var color: String
    var note: String?

    init(color: String, note: String?) {
      self.color = color.lowercased()
      self.note = note?.isEmpty == false ? note : nil
    }
  }

  /// The highlights an article's HTML shows, by id; a note marker belongs to the highlight whose
  /// piece came last before it.
  static func shownHighlights(_ html: String) -> [String: Shown] {
    var shown: [String: Shown] = [:]
    var last: String?
    var tokenizer = HTMLTokenizer(
      html, valuesOf: ["data-annotation-id-value", "data-annotation-color", "data-annotation-note", "title"])
    while let token = tokenizer.next() {
      guard case .startTag(let tag) = token, tag.name == "rd-annotation" else { continue }
      if tag.attribute("data-annotation-note") != nil {
        if let last { shown[last]?.note = Shown(color: "", note: tag.attribute("title")?.value).note }
      } else if let id = tag.attribute("data-annotation-id-value")?.value, !id.isEmpty {
        if shown[id] == nil {
          shown[id] = Shown(color: tag.attribute("data-annotation-color")?.value ?? "", note: nil)
        }
        last = id
      }
    }
    return shown
  }
}
