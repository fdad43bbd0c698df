#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `sync_summary`: the last record of a sync stream. Its presence with `complete: true` tells a
/// consumer that the stream was not cut short.
public struct SyncSummary: WireRecord, Hashable {
  public static let kind = "sync_summary"

  /// One bookmark that could not be synced.
  public struct Failure: WireObject, Hashable {
    public var id: String
    /// The HTTP status, when the server answered at all.
    public var status: Int?
    public var reason: String
    public var unknownFields: JSONObject

    public init(id: String, status: Int? = nil, reason: String, unknownFields: JSONObject = [:]) {
      self.id = id
      self.status = status
      self.reason = reason
      self.unknownFields = unknownFields
    }

    public init(reading members: inout MemberReader) throws {
      id = try members.string("id")
      status = try members.optionalInt("status")
      reason = try members.string("reason")
      unknownFields = members.remaining()
    }

    public func write(to members: inout MemberWriter) {
      members.put("id", id)
      members.put("status", status)
      members.put("reason", reason)
    }
  }

  /// The server's base URL (never with credentials).
  public var server: String
  /// Bookmarks selected for this run.
  public var requested: Int
  public var fetched: Int
  /// Bookmarks passed over: already cached, still loading, without an article.
  public var skipped: Int
  public var failed: [Failure]
  /// Deletions reported (incremental sync only).
  public var deleted: Int?
  /// False when the run was aborted; records written before stay valid.
  public var complete: Bool
  public var startedAt: Date
  public var endedAt: Date
  public var unknownFields: JSONObject

  public init(
    server: String, requested: Int, fetched: Int, skipped: Int, failed: [Failure], deleted: Int? = nil,
    complete: Bool, startedAt: Date, endedAt: Date, unknownFields: JSONObject = [:]
  ) {
    self.server = server
    self.requested = requested
    self.fetched = fetched
    self.skipped = skipped
    self.failed = failed
    self.deleted = deleted
    self.complete = complete
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    server = try members.string("server")
    requested = try members.int("requested")
    fetched = try members.int("fetched")
    skipped = try members.int("skipped")
    failed = try members.objects("failed")
    deleted = try members.optionalInt("deleted")
    complete = try members.bool("complete")
    startedAt = try members.date("started_at")
    endedAt = try members.date("ended_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("server", server)
    members.put("requested", requested)
    members.put("fetched", fetched)
    members.put("skipped", skipped)
    members.put("failed", failed)
    members.put("deleted", deleted)
    members.put("complete", complete)
    members.put("started_at", startedAt)
    members.put("ended_at", endedAt)
  }
}
