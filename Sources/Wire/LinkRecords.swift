public import Foundation

/// `queued_link`: a link saved offline (`rk-cache add`), from the moment it is queued until the
/// store holds its article.
public struct QueuedLink: WireRecord, Hashable {
  public static let kind = "queued_link"

  /// Where the link is on its way to a bookmark with an article.
  public enum State: String, Sendable {
    /// Waiting for rk-push.
    case queued
    /// Sent, without an answer yet: the server may hold it (rk-push looks before sending again).
    case sent
    /// The server created the bookmark (`id` is its id); a sync fetches its article.
    case created
  }

  /// The server's bookmark id once created, else the local id.
  public var id: String
  /// `local-N`, the id it was queued under.
  public var localID: String
  public var url: String
  public var title: String?
  public var labels: [String]
  public var state: State
  public var queuedAt: Date
  /// When rk-push last sent it.
  public var sentAt: Date?
  public var unknownFields: JSONObject

  public init(
    id: String, localID: String, url: String, title: String? = nil, labels: [String] = [], state: State,
    queuedAt: Date, sentAt: Date? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.localID = localID
    self.url = url
    self.title = title
    self.labels = labels
    self.state = state
    self.queuedAt = queuedAt
    self.sentAt = sentAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    localID = try members.string("local_id")
    url = try members.string("url")
    title = try members.optionalString("title")
    labels = try members.optionalStrings("labels") ?? []
    let state = try members.string("state")
    guard let known = State(rawValue: state) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "\"state\" is queued, sent or created, not \(state.prefix(40))"))
    }
    self.state = known
    queuedAt = try members.date("queued_at")
    sentAt = try members.optionalDate("sent_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("local_id", localID)
    members.put("url", url)
    members.put("title", title)
    members.put("labels", labels)
    members.put("state", state.rawValue)
    members.put("queued_at", queuedAt)
    members.put("sent_at", sentAt)
  }
}

/// `created`: rk-push saved a queued link on the server; `id` is the new bookmark's.
public struct Created: WireRecord, Hashable {
  public static let kind = "created"

  public var id: String
  public var localID: String
  public var url: String
  /// True when an earlier push had sent it and the server already held it: found by its URL
  /// and creation time, not sent again.
  public var adopted: Bool
  public var unknownFields: JSONObject

  public init(id: String, localID: String, url: String, adopted: Bool = false, unknownFields: JSONObject = [:]) {
    self.id = id
    self.localID = localID
    self.url = url
    self.adopted = adopted
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    localID = try members.string("local_id")
    url = try members.string("url")
    adopted = try members.optionalBool("adopted") ?? false
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("local_id", localID)
    members.put("url", url)
    members.put("adopted", adopted)
  }
}
