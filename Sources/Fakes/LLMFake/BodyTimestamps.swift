import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The wall-clock forms of time the server writes in bodies.
enum BodyTimestamps {
  /// Unix seconds, as `created` carries them.
  static func unixSeconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

  /// Go's `time.Time` in JSON (RFC 3339 with trailing zeros of the fraction trimmed), in UTC.
  static func goTime(_ date: Date) -> String { RFC3339.string(from: date) }
}
