import Foundation
public import OfflineStore
public import Wire

/// What to do with one bookmark's queued changes, given the bookmark as the server has it now:
/// the conflict rule, with nothing sent or stored.
///
/// Last writer wins, per field: when the server's `updated` is later than the change and the
/// server's value differs from the change's base, someone else changed the field after it was
/// changed offline, and the server wins. A field the server already holds as queued needs no
/// request (a push cut short after the server confirmed, before the queue was told).
public struct PushPlan: Sendable {
  /// The PATCH body: only the changed fields.
  public var patch: JSONObject = [:]
  /// The revision of every field in `patch`.
  public var sent: [String: Int64] = [:]
  /// Fields the server already holds with the queued value.
  public var applied: [String: Int64] = [:]
  /// Fields where the server's newer value wins.
  public var conflicts: [Conflict] = []

  /// A queued change the server's newer value overrides: the change, the revision to remove
  /// from the queue, and the value that wins.
  public struct Conflict: Sendable {
    public var change: FieldChange
    public var revision: Int64
    public var serverValue: JSONValue
  }

  /// - Parameter server: the bookmark on the server; nil when the listing did not have it (it is
  ///   then sent, and the server's 404 says it is gone).
  public init(_ changes: [QueuedChange], server: JSONObject?) {
    let serverUpdated = server?["updated"]?.stringValue.flatMap(RFC3339.date(from:))
    for queued in changes {
      let change = queued.change
      guard let server else {
        add(queued)
        continue
      }
      let serverValue = Self.value(of: change.field, in: server)
      if Self.holds(serverValue, change) {
        applied[change.field] = queued.revision
      } else if let serverUpdated, serverUpdated > change.madeAt,
        !Self.same(serverValue, Self.normalized(change.base, field: change.field), field: change.field)
      {
        conflicts.append(Conflict(change: change, revision: queued.revision, serverValue: serverValue))
      } else {
        add(queued)
      }
    }
  }

  private mutating func add(_ queued: QueuedChange) {
    patch.merge(Self.body(of: queued.change)) { _, new in new }
    sent[queued.change.field] = queued.revision
  }

  /// The PATCH members one change sends.
  public static func body(of change: FieldChange) -> JSONObject {
    guard change.field == "labels" else { return [change.field: change.value ?? .null] }
    var body: JSONObject = [:]
    if let add = change.addLabels, !add.isEmpty { body["add_labels"] = .array(add.map(JSONValue.string)) }
    if let remove = change.removeLabels, !remove.isEmpty {
      body["remove_labels"] = .array(remove.map(JSONValue.string))
    }
    return body
  }

  /// The PATCH body of a bookmark's changes, all of them, as a dry run shows it.
  public static func body(of changes: [QueuedChange]) -> JSONObject {
    changes.reduce(into: [:]) { body, queued in body.merge(Self.body(of: queued.change)) { _, new in new } }
  }

  /// What the offline change wanted, as a `conflict` record shows it.
  public static func local(_ change: FieldChange) -> JSONValue {
    change.field == "labels" ? .object(body(of: change)) : change.value ?? .null
  }

  /// The server's value of a field, with the defaults the server leaves implicit.
  static func value(of field: String, in bookmark: JSONObject) -> JSONValue {
    normalized(bookmark[field] ?? .null, field: field)
  }

  static func normalized(_ value: JSONValue, field: String) -> JSONValue {
    switch field {
    case "labels": .array(Set(value.arrayValue?.compactMap(\.stringValue) ?? []).sorted().map(JSONValue.string))
    case "read_progress": .integer(value.intValue ?? 0)
    default: value == .null ? .bool(false) : value
    }
  }

  static func same(_ lhs: JSONValue, _ rhs: JSONValue, field: String) -> Bool {
    normalized(lhs, field: field) == normalized(rhs, field: field)
  }

  /// Whether the server's value already is what the change sets.
  static func holds(_ serverValue: JSONValue, _ change: FieldChange) -> Bool {
    guard change.field == "labels" else { return same(serverValue, change.value ?? .null, field: change.field) }
    let labels = Set(serverValue.arrayValue?.compactMap(\.stringValue) ?? [])
    return labels.isSuperset(of: change.addLabels ?? []) && labels.isDisjoint(with: change.removeLabels ?? [])
  }
}
