import Foundation
import Wire

@testable import OfflineStore

/// A fresh store in its own folder (remove the folder when done).
func makeStore() throws -> (OfflineStore, String) {
  let folder = NSTemporaryDirectory() + "store-tests-" + UUID().uuidString
  return (try OfflineStore(path: folder + "/sub/cache.sqlite", creating: true), folder)
}

/// Small real PNGs (1x1), base64 as a browser or monolith would embed them.
enum PNGs {
  static let one = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
  static let two = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

  static func img(_ base64: String, mime: String = "image/png") -> String {
    "<img src=\"data:\(mime);base64,\(base64)\">"
  }
}

func article(_ id: String, title: String, html: String, labels: [String] = [], site: String = "example.org") -> Article
{
  Article(
    id: id,
    bookmark: [
      "id": .string(id), "title": .string(title), "site_name": .string(site), "url": .string("https://\(site)/\(id)"),
      "labels": .array(labels.map(JSONValue.string)), "x_server_field": ["nested": [1, 2]],
    ],
    html: html, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
}
