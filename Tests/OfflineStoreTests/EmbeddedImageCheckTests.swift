import ArticleTestSupport
import ContentHash
import Foundation
import GRDB
import Testing
import Wire

@testable import OfflineStore

/// What `rk-cache store` checks of an embedded image, with one decode and one hash: only
/// canonical base64 leaves the HTML, and a blob is named by the hash of its own bytes.
@Suite struct EmbeddedImageCheckTests {
  /// How the store read a payload before it checked without encoding: the run of base64
  /// symbols and `=` at the start, kept when Foundation's decode and encode give it back.
  private func before(_ text: String) -> (bytes: Data, length: Int)? {
    let run = String(text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) })
    guard let bytes = Data(base64Encoded: run), bytes.base64EncodedString() == run, !run.isEmpty else { return nil }
    return (bytes, run.utf8.count)
  }

  private func now(_ text: String) -> (bytes: Data, length: Int)? {
    Array(text.utf8).withUnsafeBufferPointer { CanonicalBase64.decodePrefix($0) }
  }

  private func agree(_ text: String) -> Bool {
    let (old, new) = (before(text), now(text))
    return old?.bytes == new?.bytes && old?.length == new?.length
  }

  /// Every text of up to 6 symbols made of zero and non-zero pad bits, padding, the last value
  /// and two bytes that end a run (the URL-safe alphabet's `-`, a quote); then real images.
  @Test func decodesWhatARoundTripGaveBackAndNothingElse() {
    let symbols = ["A", "B", "Q", "g", "=", "/", "-", "\""]
    var texts = [""]
    var checked = 0
    for _ in 1...6 {
      texts = texts.flatMap { text in symbols.map { text + $0 } }
      for text in texts {
        #expect(agree(text), "\(text)")
        checked += 1
      }
    }
    #expect(checked > 200_000)
    let images = [
      PNGs.one, PNGs.two + "\" alt=x>", String(PNGs.one.dropLast()) + "A", String(PNGs.one.dropLast(3)) + "h==",
      PNGs.one + "A", PNGs.one + "=\"", String(PNGs.one.dropLast(2)) + "\"", PNGs.one + " 2x",
      // An `=` three bytes past an unpadded run belongs to what follows it (found in review).
      "AAAA id=x>", "AAAA\" w=\"1\">", "QUJD id=logo>",
    ]
    for text in images { #expect(agree(text), "\(text)") }
    #expect(now(PNGs.one + "\"")?.bytes == Data(base64Encoded: PNGs.one))
    // Longer than the first guess at its size: the decoded bytes grow.
    let large = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).base64EncodedString()
    #expect(now(large + ")")?.bytes == Data(base64Encoded: large))
  }

  @Test func brokenBase64StaysInlineAndComesBackAsItWas() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let broken = [
      String(PNGs.one.dropLast(3)) + "h==",  // pad bits set
      String(PNGs.one.dropLast(2)),  // not whole quads
      "iVBO=w0KGgo=",  // padding inside
      PNGs.one + "A",  // a symbol after the padding
    ]
    let html = broken.map { PNGs.img($0) }.joined() + PNGs.img(PNGs.two)
    try store.store(article("a1", title: "One", html: html))
    let stored = try store.database.read { db in try String.fetchOne(db, sql: "SELECT html FROM article") } ?? ""
    for text in broken { #expect(stored.contains("data:image/png;base64,\(text)\""), "\(text)") }
    #expect(!stored.contains(PNGs.two))
    #expect(try store.html(id: "a1") == html)
  }

  /// The record's `images[].sha256` names nothing: a wrong one, even another image's, neither
  /// names the blob nor replaces that image in another article.
  @Test func aWrongHashInTheRecordIsNotTakenOnTrust() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let one = Data(base64Encoded: PNGs.one)!
    let two = Data(base64Encoded: PNGs.two)!
    try store.store(article("a2", title: "Two", html: PNGs.img(PNGs.two)))
    var lying = article("a1", title: "One", html: PNGs.img(PNGs.one))
    lying.images = [
      ImageReference(
        url: "one.png", resolved: "https://example.org/one.png", foundIn: "img[src]", sha256: HexDigest.sha256(two),
        mime: "image/png", bytes: one.count, status: 200)
    ]
    try store.store(lying)
    let blobs = try store.database.read { db in
      try Row.fetchAll(db, sql: "SELECT sha256, data FROM blob ORDER BY sha256").map { row in
        [row["sha256"] as String: row["data"] as Data]
      }
    }
    #expect(
      Set(blobs.flatMap(\.keys)) == [HexDigest.sha256(one), HexDigest.sha256(two)])
    for blob in blobs { for (sha, data) in blob { #expect(HexDigest.sha256(data) == sha) } }
    #expect(try store.html(id: "a1") == PNGs.img(PNGs.one))
    #expect(try store.html(id: "a2") == PNGs.img(PNGs.two))
  }

  /// An image written twice (a `<picture>`'s source and its `<img>`) is one blob and two
  /// placeholders; another spelling of its type stays inline, as before.
  @Test func theSameTextTwiceIsOneImage() {
    let html = """
      <picture><source srcset="data:image/png;base64,\(PNGs.one) 2x">\
      <img src="data:image/png;base64,\(PNGs.one)"></picture><img src="data:IMAGE/PNG;base64,\(PNGs.one)">
      """
    let (out, images) = EmbeddedImages.extract(from: html)
    let sha = HexDigest.sha256(Data(base64Encoded: PNGs.one)!)
    #expect(images.map(\.sha256) == [sha, sha])
    #expect(out.components(separatedBy: "rk-blob:\(sha)").count == 3)
    #expect(out.hasSuffix("<img src=\"data:IMAGE/PNG;base64,\(PNGs.one)\">"))
  }

  /// The index reads the HTML with its images taken out; an image written as text is still
  /// text to find.
  @Test func theWordsAreTheArticlesWithOrWithoutImages() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("tag", title: "Tag", html: "<p>Pelican</p>" + PNGs.img(PNGs.one)))
    try store.store(
      article("text", title: "Text", html: "<p>Write one as <code>data:image/png;base64,\(PNGs.two)</code></p>"))
    #expect(try store.search("pelican").map(\.id) == ["tag"])
    #expect(try store.search("base64").map(\.id) == ["text"])
    #expect(try store.search("blob").isEmpty)
  }
}
