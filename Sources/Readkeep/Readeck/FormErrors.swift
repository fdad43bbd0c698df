public import Wire

/// The messages of a form Readeck refused (400 on `PATCH /bookmarks/{id}`, 422 elsewhere):
/// `{"is_valid": false, "errors": […], "fields": {"name": {"errors": […], …}, …}}`. The wording
/// is the server's, in its user's language, so it is shown and never matched on.
public struct FormErrors: Sendable, Equatable {
  /// About the whole form.
  public var form: [String]
  /// The messages of each field that has any.
  public var fields: [String: [String]]

  /// Nil for any other body, or a form error without a single message.
  public init?(_ body: JSONValue?) {
    guard let body, body["is_valid"] == .bool(false) else { return nil }
    form = Self.strings(body["errors"])
    fields = (body["fields"]?.objectValue ?? [:]).mapValues { Self.strings($0["errors"]) }.filter { !$0.value.isEmpty }
    if form.isEmpty && fields.isEmpty { return nil }
  }

  /// `read_progress: must be a number between 0 and 100; labels: …`, form-wide messages first.
  public var summary: String {
    (form + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: ", "))" })
      .joined(separator: "; ")
  }

  /// The fields' messages as a JSON object, for records.
  public var fieldsObject: JSONObject {
    fields.mapValues { .array($0.map(JSONValue.string)) }
  }

  private static func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
}
