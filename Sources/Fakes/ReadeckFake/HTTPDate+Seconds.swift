import FakeServer
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HTTPDate {
  /// Go's `time.RFC3339` layout, whole seconds: `2026-03-01T12:00:00Z`.
  static func seconds(_ date: Date) -> String {
    RFC3339.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
  }
}
