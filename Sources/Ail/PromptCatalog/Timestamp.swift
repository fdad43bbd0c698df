#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An ISO 8601 date as the catalog file writes it.
///
/// The text read is kept and written back unchanged (fractional seconds, offsets and all), so that
/// an imported catalog exports byte for byte as it came; new dates are written in UTC with `Z`
/// and whole seconds, as the app's encoder writes them.
public struct Timestamp: Sendable, Hashable, CustomStringConvertible {
  public let text: String
  public let date: Date

  public init(_ date: Date) {
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    self.date = whole
    self.text = whole.formatted(.iso8601)
  }

  /// Nil when `text` is not an ISO 8601 date with a zone (`Z` or an offset).
  public init?(text: String) {
    guard let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) else { return nil }
    self.text = text
    self.date = date
  }

  public var description: String { text }
}

extension Timestamp: Codable {
  public init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    let text = try single.decode(String.self)
    guard let parsed = Timestamp(text: text) else {
      throw DecodingError.dataCorruptedError(in: single, debugDescription: "\"\(text)\" is not an ISO 8601 date")
    }
    self = parsed
  }

  public func encode(to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    try single.encode(text)
  }
}
