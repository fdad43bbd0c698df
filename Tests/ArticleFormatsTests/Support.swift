import Foundation
import OfflineStore
import Wire

/// A fresh store in its own folder (remove the folder when done).
func makeStore() throws -> (OfflineStore, String) {
  let folder = NSTemporaryDirectory() + "reading-tests-" + UUID().uuidString
  return (try OfflineStore(path: folder + "/cache.sqlite", creating: true), folder)
}

/// Real images: a 2×2 PNG (not a placeholder pixel), another one, a 1×1 GIF placeholder and a
/// 1×1 lossless WebP, base64.
enum Images {
  static let png =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg=="
  static let png2 =
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQkzsBRAwQCgAZ1gQRShBSHAAAAABJRU5ErkJggg=="
  static let pixelGIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
  static let webp = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

  static func uri(_ base64: String, _ mime: String = "image/png") -> String { "data:\(mime);base64,\(base64)" }
}

func article(
  _ id: String, title: String, html: String, lang: String = "en", authors: [String] = ["Jane Doe"],
  archived: Bool = false, labels: [String] = []
) -> Article {
  Article(
    id: id,
    bookmark: [
      "id": .string(id), "title": .string(title), "site_name": .string("Example"),
      "url": .string("https://example.org/\(id)"), "lang": .string(lang), "text_direction": "ltr",
      "authors": .array(authors.map(JSONValue.string)), "reading_time": 4, "published": "2026-03-01T10:00:00Z",
      "is_archived": .bool(archived), "labels": .array(labels.map(JSONValue.string)),
    ],
    html: html, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
}
