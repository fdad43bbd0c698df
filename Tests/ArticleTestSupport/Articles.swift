import Foundation
public import OfflineStore
import TestSupport
public import Wire

/// A fresh article store, `store/cache.sqlite` in a folder of its own (the store makes both, as
/// the tools do); remove the folder when done.
public func makeStore() throws -> (OfflineStore, folder: String) {
  let folder = TemporaryFolder.path("article-store")
  return (try OfflineStore(path: folder + "/store/cache.sqlite", creating: true), folder)
}

/// An article as rk-fetch stores it: its bookmark with what the pages and books show (site,
/// language, authors, reading time, publication), one field the tools do not know (which must
/// stay), and the article's HTML.
public func article(
  _ id: String, title: String, html: String, lang: String = "en", authors: [String] = ["Jane Doe"],
  archived: Bool = false, labels: [String] = [], site: String = "example.org"
) -> Article {
  Article(
    id: id,
    bookmark: [
      "id": .string(id), "title": .string(title), "site_name": .string(site == "example.org" ? "Example" : site),
      "url": .string("https://\(site)/\(id)"), "lang": .string(lang), "text_direction": "ltr",
      "authors": .array(authors.map(JSONValue.string)), "reading_time": 4, "published": "2026-03-01T10:00:00Z",
      "is_archived": .bool(archived), "labels": .array(labels.map(JSONValue.string)),
      "x_server_field": ["nested": [1, 2]],
    ],
    html: html, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))
}
