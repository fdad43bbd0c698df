import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `PATCH /api/bookmarks/{id}` with Readeck's semantics: only the given fields change; labels in
/// the order `labels` → `add_labels` → `remove_labels`, sorted and de-duplicated; progress 0 or
/// 100 clears the anchor; `updated` moves. The answer is the changed values plus `href`, `id`
/// and `updated`, keys sorted; a wrong type is a 400 with the form-error body.
extension ServerCore {
  func update(id: String, body: [UInt8], format: ErrorFormat) -> Reply {
    guard let object = (try? body.withUnsafeBytes { try WireCoding.parse($0) })?.objectValue else {
      return ErrorReply.form(errors: ["invalid JSON body"], fields: [], status: 400)
    }
    let edit: UpdateForm
    switch UpdateForm.parse(object) {
    case .success(let form): edit = form
    case .failure(let invalid): return ErrorReply.form(errors: nil, fields: invalid.fields, status: 400)
    }
    let root = snapshot().library.root
    let href = "\(root)/api/bookmarks/\(id)"
    let answer = modify(id: id) { bookmark in edit.apply(to: &bookmark, now: Date()) }
    guard var answer else { return ErrorReply.make(404, format: format) }
    answer["href"] = .string(href)
    answer["id"] = .string(id)
    let bytes = (try? WireCoding.line(JSONValue.object(answer))) ?? []
    return .json(bytes, headers: [("Location", href)])
  }
}

/// The fields of an update, checked.
struct UpdateForm {
  var isArchived: Bool?
  var isMarked: Bool?
  var isDeleted: Bool?
  var readProgress: Int?
  var readAnchor: String?
  var title: String?
  var labels: [String]?
  var addLabels: [String]?
  var removeLabels: [String]?

  static func parse(_ object: JSONObject) -> Result<UpdateForm, ListFilter.Invalid> {
    var form = UpdateForm()
    var invalid = ListFilter.Invalid()
    func fail(_ name: String, _ error: String) {
      invalid.fields.append((name, object[name].map { String(describing: $0) }, [error]))
    }
    func boolean(_ name: String) -> Bool? {
      guard let value = object[name], value != .null else { return nil }
      guard let bool = value.boolValue else {
        fail(name, "invalid boolean value")
        return nil
      }
      return bool
    }
    func strings(_ name: String) -> [String]? {
      guard let value = object[name], value != .null else { return nil }
      guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
        fail(name, "invalid list of strings")
        return nil
      }
      return array.compactMap(\.stringValue)
    }
    form.isArchived = boolean("is_archived")
    form.isMarked = boolean("is_marked")
    form.isDeleted = boolean("is_deleted")
    if let value = object["read_progress"], value != .null {
      if let progress = value.intValue, (0...100).contains(progress) {
        form.readProgress = Int(progress)
      } else {
        fail("read_progress", "must be a number between 0 and 100")
      }
    }
    if let value = object["read_anchor"], value != .null {
      if let anchor = value.stringValue, anchor.count <= 256 {
        form.readAnchor = anchor
      } else {
        fail("read_anchor", "must be a text of at most 256 characters")
      }
    }
    if let value = object["title"], value != .null {
      if let title = value.stringValue { form.title = title } else { fail("title", "must be a text") }
    }
    form.labels = strings("labels")
    form.addLabels = strings("add_labels")
    form.removeLabels = strings("remove_labels")
    return invalid.fields.isEmpty ? .success(form) : .failure(invalid)
  }

  /// Changes the bookmark; returns the changed values and `updated`, or nothing for an empty update.
  func apply(to bookmark: inout FakeBookmark, now: Date) -> JSONObject {
    var changed: JSONObject = [:]
    if let isArchived {
      bookmark.isArchived = isArchived
      changed["is_archived"] = .bool(isArchived)
    }
    if let isMarked {
      bookmark.isMarked = isMarked
      changed["is_marked"] = .bool(isMarked)
    }
    if let isDeleted {
      bookmark.isDeleted = isDeleted
      changed["is_deleted"] = .bool(isDeleted)
    }
    if let readProgress {
      bookmark.readProgress = readProgress
      changed["read_progress"] = .integer(Int64(readProgress))
      if readProgress == 0 || readProgress == 100 { changed["read_anchor"] = .string("") }
    }
    if let readAnchor, changed["read_anchor"] == nil { changed["read_anchor"] = .string(readAnchor) }
    if let title {
      bookmark.title = title
      changed["title"] = .string(title)
    }
    if labels != nil || addLabels != nil || removeLabels != nil {
      var result = labels ?? bookmark.labels
      result += addLabels ?? []
      let removed = Set(removeLabels ?? [])
      result = Set(result.filter { !removed.contains($0) && !$0.isEmpty }).sorted()
      bookmark.labels = result
      changed["labels"] = .array(result.map(JSONValue.string))
    }
    guard !changed.isEmpty else { return [:] }
    // `updated` always moves forward, even within one clock tick.
    let updated = max(now, bookmark.updated.addingTimeInterval(0.000_001))
    bookmark.updated = updated
    changed["updated"] = .string(Timestamp.string(updated))
    return changed
  }
}
