public import Foundation

/// `queued_highlight`: a highlight made, edited or deleted offline (`rk-cache highlight`),
/// waiting for rk-push.
public struct QueuedHighlight: WireRecord, Hashable {
  public static let kind = "queued_highlight"

  public enum Action: String, Sendable {
    /// POST: a new highlight, `id` its local id until the server gives one.
    case create
    /// PATCH: a new colour and note for the server's highlight `id`.
    case edit
    /// DELETE the server's highlight `id`.
    case delete
  }

  /// `local-hl-N` for a highlight to create, else the server's id.
  public var id: String
  public var bookmarkID: String
  public var action: Action
  /// What a create covers (as the server will store it).
  public var text: String?
  public var color: String?
  public var note: String?
  public var startSelector: String?
  public var startOffset: Int?
  public var endSelector: String?
  public var endOffset: Int?
  /// Code points of the article body's text before the start and the end (a create's overlap
  /// checks).
  public var rangeStart: Int?
  public var rangeEnd: Int?
  public var queuedAt: Date
  /// When rk-push last sent a create: the server may hold it (a push looks before sending again).
  public var sentAt: Date?
  public var unknownFields: JSONObject

  public init(
    id: String, bookmarkID: String, action: Action, text: String? = nil, color: String? = nil, note: String? = nil,
    startSelector: String? = nil, startOffset: Int? = nil, endSelector: String? = nil, endOffset: Int? = nil,
    rangeStart: Int? = nil, rangeEnd: Int? = nil, queuedAt: Date, sentAt: Date? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.bookmarkID = bookmarkID
    self.action = action
    self.text = text
    self.color = color
    self.note = note
    self.startSelector = startSelector
    self.startOffset = startOffset
    self.endSelector = endSelector
    self.endOffset = endOffset
    self.rangeStart = rangeStart
    self.rangeEnd = rangeEnd
    self.queuedAt = queuedAt
    self.sentAt = sentAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    bookmarkID = try members.string("bookmark_id")
    let action = try members.string("action")
    guard let known = Action(rawValue: action) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "\"action\" is create, edit or delete, not \(action.prefix(40))"))
    }
    self.action = known
    text = try members.optionalString("text")
    color = try members.optionalString("color")
    note = try members.optionalString("note")
    startSelector = try members.optionalString("start_selector")
    startOffset = try members.optionalInt("start_offset")
    endSelector = try members.optionalString("end_selector")
    endOffset = try members.optionalInt("end_offset")
    rangeStart = try members.optionalInt("range_start")
    rangeEnd = try members.optionalInt("range_end")
    queuedAt = try members.date("queued_at")
    sentAt = try members.optionalDate("sent_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark_id", bookmarkID)
    members.put("action", action.rawValue)
    members.put("text", text)
    members.put("color", color)
    members.put("note", note)
    members.put("start_selector", startSelector)
    members.put("start_offset", startOffset)
    members.put("end_selector", endSelector)
    members.put("end_offset", endOffset)
    members.put("range_start", rangeStart)
    members.put("range_end", rangeEnd)
    members.put("queued_at", queuedAt)
    members.put("sent_at", sentAt)
  }
}

/// `highlight_deleted`: rk-push deleted a highlight on the server.
public struct HighlightDeleted: WireRecord, Hashable {
  public static let kind = "highlight_deleted"

  public var id: String
  public var bookmarkID: String
  public var unknownFields: JSONObject

  public init(id: String, bookmarkID: String, unknownFields: JSONObject = [:]) {
    self.id = id
    self.bookmarkID = bookmarkID
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    bookmarkID = try members.string("bookmark_id")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark_id", bookmarkID)
  }
}
