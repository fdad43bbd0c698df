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
  public struct Failure: Codable, Sendable, Hashable {
    public var id: String
    /// The HTTP status, when the server answered at all.
    public var status: Int?
    public var reason: String

    public init(id: String, status: Int? = nil, reason: String) {
      self.id = id
      self.status = status
      self.reason = reason
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

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, server, requested, fetched, skipped, failed, deleted, complete
    case startedAt = "started_at"
    case endedAt = "ended_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    server = try c.decode(String.self, forKey: .server)
    requested = try c.decode(Int.self, forKey: .requested)
    fetched = try c.decode(Int.self, forKey: .fetched)
    skipped = try c.decode(Int.self, forKey: .skipped)
    failed = try c.decode([Failure].self, forKey: .failed)
    deleted = try c.decodeIfPresent(Int.self, forKey: .deleted)
    complete = try c.decode(Bool.self, forKey: .complete)
    startedAt = try c.decode(Date.self, forKey: .startedAt)
    endedAt = try c.decode(Date.self, forKey: .endedAt)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(server, forKey: .server)
    try c.encode(requested, forKey: .requested)
    try c.encode(fetched, forKey: .fetched)
    try c.encode(skipped, forKey: .skipped)
    try c.encode(failed, forKey: .failed)
    try c.encodeIfPresent(deleted, forKey: .deleted)
    try c.encode(complete, forKey: .complete)
    try c.encode(startedAt, forKey: .startedAt)
    try c.encode(endedAt, forKey: .endedAt)
  }
}
