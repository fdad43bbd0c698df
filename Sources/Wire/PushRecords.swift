#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `change`: one field of one bookmark changed offline and not yet confirmed by the server, as
/// `rk-cache pending` writes it.
public struct FieldChange: WireRecord, Hashable {
  public static let kind = "change"

  public var id: String
  /// `is_archived`, `is_marked`, `read_progress`, `is_deleted` or `labels`.
  public var field: String
  /// The value to send, for every field but `labels`.
  public var value: JSONValue?
  /// For `labels`: what to add and what to remove.
  public var addLabels: [String]?
  public var removeLabels: [String]?
  /// The field's value when it was first changed offline (the server's value as last seen).
  public var base: JSONValue
  /// The bookmark's `updated` at that moment, as the server wrote it.
  public var baseUpdated: String?
  /// When the last change to the field was made.
  public var madeAt: Date
  public var unknownFields: JSONObject

  public init(
    id: String, field: String, value: JSONValue? = nil, addLabels: [String]? = nil, removeLabels: [String]? = nil,
    base: JSONValue, baseUpdated: String? = nil, madeAt: Date, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.field = field
    self.value = value
    self.addLabels = addLabels
    self.removeLabels = removeLabels
    self.base = base
    self.baseUpdated = baseUpdated
    self.madeAt = madeAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    field = try members.string("field")
    value = members.optionalValue("value")
    addLabels = try members.optionalStrings("add_labels")
    removeLabels = try members.optionalStrings("remove_labels")
    base = members.optionalValue("base") ?? .null
    baseUpdated = try members.optionalString("base_updated")
    madeAt = try members.date("made_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("field", field)
    members.putValue("value", value)
    members.put("add_labels", addLabels)
    members.put("remove_labels", removeLabels)
    members.putValue("base", base)
    members.put("base_updated", baseUpdated)
    members.put("made_at", madeAt)
  }
}

/// `pushed`: the changes of one bookmark the server confirmed, with what it answered.
public struct Pushed: WireRecord, Hashable {
  public static let kind = "pushed"

  public var id: String
  /// The PATCH body sent.
  public var sent: JSONObject
  /// The server's answer: the values that changed, `href`, `id`, `updated`.
  public var answer: JSONObject
  public var unknownFields: JSONObject

  public init(id: String, sent: JSONObject, answer: JSONObject, unknownFields: JSONObject = [:]) {
    self.id = id
    self.sent = sent
    self.answer = answer
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    sent = try members.object("sent")
    answer = try members.object("answer")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("sent", sent)
    members.put("answer", answer)
  }
}

/// `conflict`: a field changed on the server after the offline change was made; the server's
/// value won and the offline change was dropped.
public struct PushConflict: WireRecord, Hashable {
  public static let kind = "conflict"

  public var id: String
  public var field: String
  /// What the offline change wanted: a value, or for labels `{"add_labels":…,"remove_labels":…}`.
  public var local: JSONValue
  /// The server's value, which the cache now holds.
  public var server: JSONValue
  /// The bookmark's `updated` on the server.
  public var serverUpdated: String?
  public var unknownFields: JSONObject

  public init(
    id: String, field: String, local: JSONValue, server: JSONValue, serverUpdated: String?,
    unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.field = field
    self.local = local
    self.server = server
    self.serverUpdated = serverUpdated
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    field = try members.string("field")
    local = members.optionalValue("local") ?? .null
    server = members.optionalValue("server") ?? .null
    serverUpdated = try members.optionalString("server_updated")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("field", field)
    members.putValue("local", local)
    members.putValue("server", server)
    members.put("server_updated", serverUpdated)
  }
}

/// `gone`: the bookmark no longer exists on the server (404); its changes were dropped and the
/// article removed from the cache.
public struct Gone: WireRecord, Hashable {
  public static let kind = "gone"

  public var id: String
  /// How many queued changes were dropped.
  public var changes: Int
  public var unknownFields: JSONObject

  public init(id: String, changes: Int, unknownFields: JSONObject = [:]) {
    self.id = id
    self.changes = changes
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    changes = try members.int("changes")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("changes", changes)
  }
}

/// `push_failed`: the server refused or kept failing a bookmark's changes; they stay queued.
public struct PushFailed: WireRecord, Hashable {
  public static let kind = "push_failed"

  public var id: String
  /// The HTTP status, when the server answered.
  public var status: Int?
  /// What went wrong, with the server's message.
  public var reason: String
  public var sent: JSONObject
  /// A refused form's messages as the server wrote them: those about the whole change, and
  /// those of each field (`{"labels": ["…"]}`); absent when it sent none.
  public var errors: [String]?
  public var fieldErrors: JSONObject?
  public var unknownFields: JSONObject

  public init(
    id: String, status: Int?, reason: String, sent: JSONObject, errors: [String]? = nil, fieldErrors: JSONObject? = nil,
    unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.status = status
    self.reason = reason
    self.sent = sent
    self.errors = errors
    self.fieldErrors = fieldErrors
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    status = try members.optionalInt("status")
    reason = try members.string("reason")
    sent = try members.object("sent")
    errors = try members.optionalStrings("errors")
    fieldErrors = try members.optionalObject("field_errors")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("status", status)
    members.put("reason", reason)
    members.put("sent", sent)
    members.put("errors", errors)
    members.put("field_errors", fieldErrors)
  }
}

/// `push_request`: a request `rk-push --dry-run` would send.
public struct PushRequest: WireRecord, Hashable {
  public static let kind = "push_request"

  public var id: String
  public var method: String
  public var url: String
  public var body: JSONObject
  public var unknownFields: JSONObject

  public init(id: String, method: String, url: String, body: JSONObject, unknownFields: JSONObject = [:]) {
    self.id = id
    self.method = method
    self.url = url
    self.body = body
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    method = try members.string("method")
    url = try members.string("url")
    body = try members.object("body")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("method", method)
    members.put("url", url)
    members.put("body", body)
  }
}

/// `push_summary`: the last record of `rk-push`. Counts are of changes (one field of one bookmark).
public struct PushSummary: WireRecord, Hashable {
  public static let kind = "push_summary"

  public var server: String
  /// Links and changes queued when the push started.
  public var queued: Int
  /// Links saved on the server (or found there, sent by an earlier push).
  public var created: Int
  /// Changes confirmed by the server (or found already applied there).
  public var pushed: Int
  public var conflicts: Int
  public var gone: Int
  public var failed: Int
  /// False when the push was aborted (the server became unreachable); what was confirmed before stays.
  public var complete: Bool
  public var startedAt: Date
  public var endedAt: Date
  public var unknownFields: JSONObject

  public init(
    server: String, queued: Int, created: Int = 0, pushed: Int, conflicts: Int, gone: Int, failed: Int,
    complete: Bool, startedAt: Date, endedAt: Date, unknownFields: JSONObject = [:]
  ) {
    self.server = server
    self.queued = queued
    self.created = created
    self.pushed = pushed
    self.conflicts = conflicts
    self.gone = gone
    self.failed = failed
    self.complete = complete
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    server = try members.string("server")
    queued = try members.int("queued")
    created = try members.optionalInt("created") ?? 0
    pushed = try members.int("pushed")
    conflicts = try members.int("conflicts")
    gone = try members.int("gone")
    failed = try members.int("failed")
    complete = try members.bool("complete")
    startedAt = try members.date("started_at")
    endedAt = try members.date("ended_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("server", server)
    members.put("queued", queued)
    members.put("created", created)
    members.put("pushed", pushed)
    members.put("conflicts", conflicts)
    members.put("gone", gone)
    members.put("failed", failed)
    members.put("complete", complete)
    members.put("started_at", startedAt)
    members.put("ended_at", endedAt)
  }
}
