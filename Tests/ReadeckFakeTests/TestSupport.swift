import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1

@testable import ReadeckFake

let token = "test-token"
let jsonAuth = [("Authorization", "Bearer \(token)"), ("Accept", "application/json")]

/// Starts a fake and a client, runs `body`, and shuts both down whatever happens.
func withFake<T>(
  _ bookmarks: [FakeBookmark], prefix: String = "", latency: Int = 0,
  _ body: (FakeReadeck, HTTPClient) async throws -> T
) async throws -> T {
  try await withServer(
    start: {
      try await FakeReadeck.start(bookmarks: bookmarks, token: token, prefix: prefix, latencyMilliseconds: latency)
    },
    stop: { try await $0.stop() }, body)
}

extension HTTPClient {
  /// As a Readeck client asks: authenticated, for JSON.
  func send(
    _ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = jsonAuth, body: [UInt8]? = nil
  ) async throws -> Answer {
    try await exchange(url, method: method, headers: headers, body: body)
  }
}

/// A date from RFC 3339 text, for writing fixtures the way the server prints them.
func date(_ text: String) -> Date {
  guard let date = Timestamp.parse(text) else { fatalError("bad fixture date \(text)") }
  return date
}

func jsonObject(_ bytes: [UInt8]) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

/// One part of a multipart body as this test's own parser sees it.
struct Part {
  var headers: [String: String]
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A deliberately simple multipart parser, independent of the server's writer: it splits on
/// `CRLF--boundary` and reports whether the closing delimiter was present.
func parseMultipart(_ body: [UInt8], boundary: String) -> (parts: [Part], closed: Bool) {
  let data: [UInt8] = [13, 10] + body
  let delimiter = Array("\r\n--\(boundary)".utf8)
  var positions: [Int] = []
  var index = 0
  while index + delimiter.count <= data.count {
    if data[index] == delimiter[0], Array(data[index..<index + delimiter.count]) == delimiter {
      positions.append(index)
      index += delimiter.count
    } else {
      index += 1
    }
  }
  var parts: [Part] = []
  var closed = false
  for (n, position) in positions.enumerated() {
    let start = position + delimiter.count
    if data.count >= start + 2, data[start] == UInt8(ascii: "-"), data[start + 1] == UInt8(ascii: "-") {
      closed = true
      break
    }
    let end = n + 1 < positions.count ? positions[n + 1] : data.count
    let segment = Array(data[(start + 2)..<end])  // skip the CRLF after the delimiter
    guard let split = firstIndex(of: [13, 10, 13, 10], in: segment) else { continue }
    var headers: [String: String] = [:]
    for line in String(decoding: segment[..<split], as: UTF8.self).components(separatedBy: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    parts.append(Part(headers: headers, body: Array(segment[(split + 4)...])))
  }
  return (parts, closed)
}

func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
  guard haystack.count >= needle.count else { return nil }
  for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
    return start
  }
  return nil
}

func multipartBoundary(of contentType: String?) -> String? {
  guard let contentType, let range = contentType.range(of: "boundary=\"") else { return nil }
  let rest = contentType[range.upperBound...]
  return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// CRC-32 (ISO-HDLC), written independently of the server's PNG code.
func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
  bytes.reduce(0) { $0 << 8 | UInt32($1) }
}

/// A small fixed library: one full article, one loading bookmark, one photo without article.
enum Fixture {
  static let articleID = "VnopmpKQ3CmQ6apY9mgDws"
  static let loadingID = "Q2w3E4r5T6y7U8i9O0pAsD"
  static let photoID = "Pp1hoto2Without3Artcl4"
  static let imageName = "Wj66qLatSeikPc31FwvqyS.png"

  static var article: FakeBookmark {
    FakeBookmark(
      id: articleID, title: "Some \"quoted\" article & <more>", url: "https://example.org/2025/06/some-article",
      siteName: "Example Blog", site: "example.org", created: date("2025-06-20T10:53:47.123456Z"),
      updated: date("2025-07-03T12:49:30.6543Z"), isMarked: true, labels: ["reading", "go"], authors: ["Jane Doe"],
      wordCount: 1834, published: date("2025-06-18T08:00:00Z"),
      articleHTML: "<p>Hello</p><img src=\"{root}/bm/Vn/\(articleID)/_resources/\(imageName)\" "
        + "srcset=\"{root}/bm/Vn/\(articleID)/_resources/\(imageName) 2x\"><p>Bye</p>",
      images: [.png(name: imageName, red: 200, green: 10, blue: 30)],
      description: "A short plain-text description.")
  }

  static var loading: FakeBookmark {
    .loading(id: loadingID, url: "https://news.example.com/item/42", created: date("2025-07-04T09:00:01.5Z"))
  }

  static var photo: FakeBookmark {
    FakeBookmark(
      id: photoID, title: "A photo", url: "https://photos.example.com/p/1", created: date("2025-05-01T00:00:00Z"),
      hasArticle: false, type: "photo", authors: nil)
  }

  static var all: [FakeBookmark] { [article, loading, photo] }
}
