import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `POST /api/bookmarks/{id}/annotations`, `PATCH` and `DELETE …/annotations/{aid}` as Readeck
/// answers them: a new highlight's range is applied to the fake's own parse of the article
/// (`ArticleRanges`) and refused with 400 and the server's message when it does not apply or
/// overlaps another; the form's limits (colour required and at most 32 characters, note at most
/// 1,024) are 422s. The bookmark keeps its highlights in document order.
extension ServerCore {
  func createHighlight(bookmarkID: String, body: [UInt8], format: ErrorFormat) -> Reply {
    guard let object = (try? body.withUnsafeBytes { try WireCoding.parse($0) })?.objectValue else {
      return ErrorReply.form(errors: ["invalid JSON body"], fields: [])
    }
    let startSelector = object["start_selector"]?.stringValue
    let endSelector = object["end_selector"]?.stringValue
    let startOffset = object["start_offset"]?.intValue.map { Int(clamping: $0) }
    let endOffset = object["end_offset"]?.intValue.map { Int(clamping: $0) }
    var invalid = Self.colorAndNoteErrors(object, colorRequired: true)
    for (name, given) in [
      ("start_selector", startSelector != nil), ("end_selector", endSelector != nil),
      ("start_offset", startOffset != nil), ("end_offset", endOffset != nil),
    ] where !given {
      invalid.append((name, nil, ["field is required"]))
    }
    guard invalid.isEmpty, let startSelector, let endSelector, let startOffset, let endOffset else {
      return ErrorReply.form(errors: nil, fields: invalid)
    }
    let color = object["color"]?.stringValue ?? ""
    let note = object["note"]?.stringValue ?? ""

    let id = newID()
    let root = snapshot().library.root
    let outcome: Result<FakeHighlight, ArticleRanges.Refusal>? = modify(id: bookmarkID) { bookmark in
      guard bookmark.hasArticle, let article = ArticleRanges(html: bookmark.articleHTML) else {
        return .failure(.init(message: "bookmark has no article"))
      }
      let range: Range<Int>
      do throws(ArticleRanges.Refusal) {
        range = try article.range(
          startSelector: startSelector, startOffset: startOffset, endSelector: endSelector, endOffset: endOffset)
      } catch {
        return .failure(error)
      }
      let placed = Self.placed(bookmark.highlights, in: article)
      if placed.contains(where: { $0.range.overlaps(range) }) {
        return .failure(.init(message: "overlapping annotation"))
      }
      let highlight = FakeHighlight(
        id: id, text: ArticleRanges.trimmed(article.text(range)), color: color, note: note,
        created: Date(), startSelector: startSelector, startOffset: startOffset, endSelector: endSelector,
        endOffset: endOffset)
      let ordered = (placed + [(highlight, range)]).sorted { $0.range.lowerBound < $1.range.lowerBound }
      bookmark.highlights = ordered.map(\.highlight) + bookmark.highlights.filter { $0.startSelector.isEmpty }
      return .success(highlight)
    }
    switch outcome {
    case nil:
      return ErrorReply.make(404, format: format)
    case .failure(let refusal):
      return ErrorReply.make(400, format: .json, message: refusal.message)
    case .success(let highlight):
      var reply = Reply.json(HighlightRoutes.object(highlight), status: 201)
      reply.add("Location", "\(root)/api/bookmarks/\(bookmarkID)/annotations/\(highlight.id)")
      return reply
    }
  }

  /// PATCH: a new colour and note (a note left out is removed, as Readeck's form does); the
  /// answer lists all the bookmark's highlights.
  func editHighlight(bookmarkID: String, highlightID: String, body: [UInt8], format: ErrorFormat) -> Reply {
    guard let object = (try? body.withUnsafeBytes { try WireCoding.parse($0) })?.objectValue else {
      return ErrorReply.form(errors: ["invalid JSON body"], fields: [])
    }
    let invalid = Self.colorAndNoteErrors(object, colorRequired: true)
    guard invalid.isEmpty else { return ErrorReply.form(errors: nil, fields: invalid) }
    let all = modify(id: bookmarkID) { bookmark -> [FakeHighlight]? in
      guard let index = bookmark.highlights.firstIndex(where: { $0.id == highlightID }) else { return nil }
      bookmark.highlights[index].color = object["color"]?.stringValue ?? ""
      bookmark.highlights[index].note = object["note"]?.stringValue ?? ""
      return bookmark.highlights
    }
    guard let found = all, let highlights = found else { return ErrorReply.make(404, format: format) }
    var json = JSONWriter()
    json.beginObject()
    json.key("annotations")
    json.beginArray()
    for highlight in highlights { json.raw(HighlightRoutes.object(highlight, newline: false)) }
    json.endArray()
    json.key("updated")
    json.string(Timestamp.string(Date()))
    json.endObject()
    json.newline()
    return .json(json.bytes)
  }

  func deleteHighlight(bookmarkID: String, highlightID: String, format: ErrorFormat) -> Reply {
    let removed = modify(id: bookmarkID) { bookmark -> Bool in
      let before = bookmark.highlights.count
      bookmark.highlights.removeAll { $0.id == highlightID }
      return bookmark.highlights.count < before
    }
    guard removed == true else { return ErrorReply.make(404, format: format) }
    return Reply(status: 204, headers: [])
  }

  private static func colorAndNoteErrors(_ object: JSONObject, colorRequired: Bool)
    -> [(name: String, value: String?, errors: [String])]
  {
    var invalid: [(name: String, value: String?, errors: [String])] = []
    let color = object["color"]?.stringValue ?? ""
    if color.isEmpty, colorRequired {
      invalid.append(("color", nil, ["field is required"]))
    } else if color.count > 32 {
      invalid.append(("color", color, ["text must contain 32 characters at most"]))
    }
    if let note = object["note"]?.stringValue, note.count > 1024 {
      invalid.append(("note", note, ["text must contain 1024 characters at most"]))
    }
    return invalid
  }

  /// The highlights with a range (those a test gave without selectors are only listed) where
  /// the article puts them.
  static func placed(_ highlights: [FakeHighlight], in article: ArticleRanges) -> [(
    highlight: FakeHighlight, range: Range<Int>
  )] {
    highlights.compactMap { highlight in
      guard !highlight.startSelector.isEmpty,
        let range = try? article.range(
          startSelector: highlight.startSelector, startOffset: highlight.startOffset,
          endSelector: highlight.endSelector, endOffset: highlight.endOffset)
      else { return nil }
      return (highlight, range)
    }
  }
}
