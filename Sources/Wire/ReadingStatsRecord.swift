#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `reading_stats`: what `rk-cache stats --reading` adds up, in minutes: read offline (`rk-cache
/// mark --progress`) and online (progress seen at a sync), by article (most read first), label,
/// site, author and day. A step's minutes count in full for each label and author of its article.
public struct ReadingStatsRecord: WireRecord, Hashable {
  public static let kind = "reading_stats"

  /// One article read: its minutes on each side and the last progress seen, 0–100.
  public struct Article: WireObject, Hashable {
    public var id: String
    public var title: String
    public var minutes: Double
    public var offlineMinutes: Double
    public var onlineMinutes: Double
    public var progress: Int
    public var unknownFields: JSONObject

    public init(
      id: String, title: String, minutes: Double, offlineMinutes: Double, onlineMinutes: Double, progress: Int,
      unknownFields: JSONObject = [:]
    ) {
      self.id = id
      self.title = title
      self.minutes = minutes
      self.offlineMinutes = offlineMinutes
      self.onlineMinutes = onlineMinutes
      self.progress = progress
      self.unknownFields = unknownFields
    }

    public init(reading members: inout MemberReader) throws {
      id = try members.string("id")
      title = try members.string("title")
      minutes = try members.double("minutes")
      offlineMinutes = try members.double("offline_minutes")
      onlineMinutes = try members.double("online_minutes")
      progress = try members.int("progress")
      unknownFields = members.remaining()
    }

    public func write(to members: inout MemberWriter) {
      members.put("id", id)
      members.put("title", title)
      members.put("minutes", minutes)
      members.put("offline_minutes", offlineMinutes)
      members.put("online_minutes", onlineMinutes)
      members.put("progress", progress)
    }
  }

  /// A label, site or author and its minutes; on the wire `{"label": …, "minutes": …}` and so on,
  /// the name under the list's own word.
  public struct Share: Hashable, Sendable {
    public var name: String
    public var minutes: Double

    public init(name: String, minutes: Double) {
      self.name = name
      self.minutes = minutes
    }
  }

  /// A calendar day with reading (`2026-12-06`, in the reader's time zone) and its minutes.
  public struct Day: WireObject, Hashable {
    public var date: String
    public var offline: Double
    public var online: Double
    public var unknownFields: JSONObject

    public init(date: String, offline: Double, online: Double, unknownFields: JSONObject = [:]) {
      self.date = date
      self.offline = offline
      self.online = online
      self.unknownFields = unknownFields
    }

    public init(reading members: inout MemberReader) throws {
      date = try members.string("date")
      offline = try members.double("offline")
      online = try members.double("online")
      unknownFields = members.remaining()
    }

    public func write(to members: inout MemberWriter) {
      members.put("date", date)
      members.put("offline", offline)
      members.put("online", online)
    }
  }

  /// Where the count starts; nil (`null` on the wire) for the whole record.
  public var since: Date?
  public var minutesOffline: Double
  public var minutesOnline: Double
  public var articles: [Article]
  public var labels: [Share]
  public var sites: [Share]
  public var authors: [Share]
  /// Oldest first.
  public var days: [Day]
  public var unknownFields: JSONObject

  public init(
    since: Date?, minutesOffline: Double, minutesOnline: Double, articles: [Article], labels: [Share],
    sites: [Share], authors: [Share], days: [Day], unknownFields: JSONObject = [:]
  ) {
    self.since = since
    self.minutesOffline = minutesOffline
    self.minutesOnline = minutesOnline
    self.articles = articles
    self.labels = labels
    self.sites = sites
    self.authors = authors
    self.days = days
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    since = try members.optionalDate("since")
    minutesOffline = try members.double("minutes_offline")
    minutesOnline = try members.double("minutes_online")
    articles = try members.optionalObjects("articles") ?? []
    labels = try Self.shares(members.optionalValue("labels"), named: "label")
    sites = try Self.shares(members.optionalValue("sites"), named: "site")
    authors = try Self.shares(members.optionalValue("authors"), named: "author")
    days = try members.optionalObjects("days") ?? []
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.putValue("since", since.map { .string(RFC3339.string(from: $0)) } ?? .null)
    members.put("minutes_offline", minutesOffline)
    members.put("minutes_online", minutesOnline)
    members.put("articles", articles)
    members.putValue("labels", Self.value(labels, named: "label"))
    members.putValue("sites", Self.value(sites, named: "site"))
    members.putValue("authors", Self.value(authors, named: "author"))
    members.put("days", days)
  }

  private static func value(_ shares: [Share], named key: String) -> JSONValue {
    .array(shares.map { .object([key: .string($0.name), "minutes": .number($0.minutes)]) })
  }

  private static func shares(_ value: JSONValue?, named key: String) throws -> [Share] {
    guard let value else { return [] }
    guard let elements = value.arrayValue else { throw Self.malformed("\(key)s is not an array") }
    return try elements.map { element in
      guard let name = element[key]?.stringValue, let minutes = element["minutes"].flatMap(Self.number) else {
        throw Self.malformed("each of \(key)s needs \"\(key)\" and \"minutes\"")
      }
      return Share(name: name, minutes: minutes)
    }
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .integer(let integer): Double(integer)
    case .number(let number): number
    default: nil
    }
  }

  private static func malformed(_ description: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: description))
  }
}
