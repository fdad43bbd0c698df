import Dispatch
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `POST /api/bookmarks` as Readeck answers it: the link is checked (`url` http or https, at most
/// 1,024 characters; `title` at most 1,024; `labels` text), a bookmark is made still loading, and
/// the answer is `202 Accepted` with the new id in `Bookmark-Id` (and `Location`, `Link`) — the
/// only place a client learns it. Extraction then ends after the server's load delay: the
/// bookmark becomes loaded with a short article. Invalid input is a 422 with the form-error body.
/// The URL is kept as Readeck keeps it, as Go's `url.Parse(url).String()` writes it (``GoURL``):
/// `https://example.org/café` is listed as `https://example.org/caf%C3%A9`.
extension ServerCore {
  func create(body: [UInt8]) -> Reply {
    guard let object = (try? body.withUnsafeBytes { try WireCoding.parse($0) })?.objectValue else {
      return ErrorReply.form(errors: ["invalid JSON body"], fields: [])
    }
    var invalid: [(name: String, value: String?, errors: [String])] = []
    let url = object["url"]?.stringValue ?? ""
    let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
    if url.isEmpty {
      invalid.append(("url", nil, ["field is required"]))
    } else if url.count > 1024 || !(scheme == "http" || scheme == "https") || url.contains(" ")
      || (GoURL(url)?.host.isEmpty ?? true)
    {
      invalid.append(("url", url, ["invalid URL"]))
    }
    let title = object["title"]?.stringValue
    if let title, title.count > 1024 { invalid.append(("title", title, ["text is too long"])) }
    let labels = object["labels"]?.arrayValue?.compactMap(\.stringValue) ?? []
    guard invalid.isEmpty else { return ErrorReply.form(errors: nil, fields: invalid) }

    let id = newID()
    let now = Date()
    let stored = GoURL(url)?.string ?? url
    upsert(
      FakeBookmark(
        id: id, title: title ?? "", url: stored, created: now, loaded: false, hasArticle: false,
        labels: Array(Set(labels)).sorted()))
    let delay = createLoadMilliseconds
    // A queue of its own (an overcommitting one, which gets a thread when the others are busy),
    // not the global one: the end-to-end tests block the global queue's few threads while their
    // tools run, and a load due in 300 ms then came seconds late.
    createLoads.asyncAfter(deadline: .now() + .milliseconds(delay)) { [self] in
      _ = modify(id: id) { bookmark in
        bookmark.loaded = true
        bookmark.hasArticle = true
        if bookmark.title.isEmpty { bookmark.title = "Saved: \(bookmark.site)" }
        bookmark.articleHTML = "<section><p>The page at \(bookmark.url), as the server extracted it.</p></section>"
        bookmark.wordCount = 9
        bookmark.updated = Date()
      }
    }
    let root = snapshot().library.root
    let body = Array(#"{"status":202,"message":"Link submited"}"#.utf8)
    return .json(
      body, status: 202,
      headers: [
        ("Location", "\(root)/api/bookmarks/\(id)"), ("Bookmark-Id", id),
        ("Link", "<\(root)/bookmarks/\(id)>; rel=\"alternate\"; type=\"text/html\""),
      ])
  }
}

/// Where the bookmarks created by POST finish loading.
private let createLoads = DispatchQueue(label: "readeck-fake.create-loads")
