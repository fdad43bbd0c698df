public import Wire

/// The messages of a form Readeck refused (400 on `PATCH /bookmarks/{id}`, 422 elsewhere):
/// `{"is_valid": false, "errors": […], "fields": {"name": {"errors": […], …}, …}}`. The wording
/// is the server's, in its user's language, so it is shown and never matched on.
public struct FormErrors: Sendable, Equatable {
  /// About the whole form.
  public var form: [String]
  /// Each field with messages, by name.
  public var fields: [(name: String, errors: [String])]

  /// Nil for any other body, or a form error without a single message.
  public init?(_ body: JSONValue?) {
    guard let body, body["is_valid"] == .bool(false) else { return nil }
    form = Self.strings(body["errors"])
    fields = (body["fields"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.compactMap { name, field in
      let errors = Self.strings(field["errors"])
      return errors.isEmpty ? nil : (name, errors)
    }
    if form.isEmpty && fields.isEmpty { return nil }
  }

  /// `read_progress: must be a number between 0 and 100; labels: …`, form-wide messages first.
  public var summary: String {
    (form + fields.map { "\($0.name): \($0.errors.joined(separator: ", "))" }).joined(separator: "; ")
  }

  /// The fields' messages as a JSON object, for records.
  public var fieldsObject: JSONObject {
    JSONObject(uniqueKeysWithValues: fields.map { ($0.name, JSONValue.array($0.errors.map(JSONValue.string))) })
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.form == b.form && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.errors) == b.fields.map(\.errors)
  }

  private static func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
}
