import Foundation
import Wire

@testable import OfflineStore

/// Small real PNGs (1x1), base64 as a browser or monolith would embed them.
enum PNGs {
  static let one = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
  static let two = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

  static func img(_ base64: String, mime: String = "image/png") -> String {
    "<img src=\"data:\(mime);base64,\(base64)\">"
  }
}
