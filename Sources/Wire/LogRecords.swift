#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `log_entry`: one note of `ail-log`, a text or voice entry with its category, tags and reminder.
public struct LogEntry: WireRecord, Hashable {
  public static let kind = "log_entry"

  /// A UUID, upper-case as Foundation writes it.
  public var id: String
  /// At least one character.
  public var title: String
  /// Markdown.
  public var content: String
  public var category: String?
  /// No two equal when compared case-insensitively; the first spelling is kept.
  public var tags: [String]
  public var reminder: Date?
  /// The stored recording's file name in the store's audio folder (its SHA-256 and extension).
  public var audio: String?
  public var source: LogSource?
  public var createdAt: Date
  public var updatedAt: Date
  /// Earlier contents, oldest first; only in exports, so that an import restores them.
  public var versions: [LogVersion]?
  public var unknownFields: JSONObject

  public init(
    id: String, title: String, content: String = "", category: String? = nil, tags: [String] = [],
    reminder: Date? = nil, audio: String? = nil, source: LogSource? = nil, createdAt: Date, updatedAt: Date,
    versions: [LogVersion]? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.title = title
    self.content = content
    self.category = category
    self.tags = tags
    self.reminder = reminder
    self.audio = audio
    self.source = source
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.versions = versions
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    title = try members.string("title")
    content = try members.optionalString("content") ?? ""
    category = try members.optionalString("category")
    tags = try members.optionalStrings("tags") ?? []
    reminder = try members.optionalDate("reminder")
    audio = try members.optionalString("audio")
    source = try members.optionalObject("source", as: LogSource.self)
    createdAt = try members.date("created_at")
    updatedAt = try members.date("updated_at")
    versions = try members.optionalObjects("versions", as: LogVersion.self)
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("title", title)
    members.put("content", content)
    members.put("category", category)
    members.put("tags", tags)
    members.put("reminder", reminder)
    members.put("audio", audio)
    members.put("source", source)
    members.put("created_at", createdAt)
    members.put("updated_at", updatedAt)
    members.put("versions", versions)
  }
}

/// Where an entry came from: a mail (message id, sender, date) or a recording (its file name).
public struct LogSource: WireObject, Hashable {
  public var messageID: String?
  public var from: String?
  public var date: Date?
  public var file: String?
  /// The web page an entry is about (an article whose highlights it holds).
  public var url: String?
  public var unknownFields: JSONObject

  public init(
    messageID: String? = nil, from: String? = nil, date: Date? = nil, file: String? = nil, url: String? = nil,
    unknownFields: JSONObject = [:]
  ) {
    self.messageID = messageID
    self.from = from
    self.date = date
    self.file = file
    self.url = url
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    messageID = try members.optionalString("message_id")
    from = try members.optionalString("from")
    date = try members.optionalDate("date")
    file = try members.optionalString("file")
    url = try members.optionalString("url")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("message_id", messageID)
    members.put("from", from)
    members.put("date", date)
    members.put("file", file)
    members.put("url", url)
  }
}

/// `log_version`: an earlier content of an entry, as `ail-log history` lists them; 1 is the oldest.
public struct LogVersion: WireRecord, Hashable {
  public static let kind = "log_version"

  public var entry: String?
  public var version: Int
  public var content: String
  /// When this content was replaced.
  public var savedAt: Date
  public var unknownFields: JSONObject

  public init(entry: String?, version: Int, content: String, savedAt: Date, unknownFields: JSONObject = [:]) {
    self.entry = entry
    self.version = version
    self.content = content
    self.savedAt = savedAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    entry = try members.optionalString("entry")
    version = try members.int("version")
    content = try members.string("content")
    savedAt = try members.date("saved_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("entry", entry)
    members.put("version", version)
    members.put("content", content)
    members.put("saved_at", savedAt)
  }
}

/// `log_hit`: an entry that matches an `ail-log search`, best first.
public struct LogHit: WireRecord, Hashable {
  public static let kind = "log_hit"

  public var id: String
  public var title: String
  public var category: String?
  public var tags: [String]
  /// Text around the match with the matched terms in `[…]`.
  public var snippet: String
  /// bm25 rank: lower is better.
  public var rank: Double
  public var unknownFields: JSONObject

  public init(
    id: String, title: String, category: String?, tags: [String], snippet: String, rank: Double,
    unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.title = title
    self.category = category
    self.tags = tags
    self.snippet = snippet
    self.rank = rank
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    title = try members.string("title")
    category = try members.optionalString("category")
    tags = try members.optionalStrings("tags") ?? []
    snippet = try members.string("snippet")
    rank = try members.double("rank")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("title", title)
    members.put("category", category)
    members.put("tags", tags)
    members.put("snippet", snippet)
    members.put("rank", rank)
  }
}

/// `log_label`: a tag or a category of `ail-log`, with how many entries carry it.
public struct LogLabel: WireRecord, Hashable {
  public static let kind = "log_label"

  /// `tag` or `category`.
  public var type: String
  public var name: String
  /// A category's colour as the user set it (`#ff8800`, `red`).
  public var color: String?
  public var entries: Int
  public var unknownFields: JSONObject

  public init(type: String, name: String, color: String? = nil, entries: Int, unknownFields: JSONObject = [:]) {
    self.type = type
    self.name = name
    self.color = color
    self.entries = entries
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    type = try members.string("type")
    name = try members.string("name")
    color = try members.optionalString("color")
    entries = try members.int("entries")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("type", type)
    members.put("name", name)
    members.put("color", color)
    members.put("entries", entries)
  }
}
