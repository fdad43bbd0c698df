import Testing

@testable import Readeck

@Suite struct MultipartTests {
  static let body = Array(
    """
    preamble to ignore\r
    --XYZ\r
    Bookmark-Id: a1\r
    Type: html\r
    \r
    <p>first</p>\r
    --XYZ  \r
    Type: json\r
    Bookmark-Id: a2\r
    \r
    {"id":"a2"}\r\n--XYZ-lookalike inside\r
    --XYZ\r
    \r
    no headers\r
    --XYZ--\r
    epilogue
    """.utf8)

  static let expected = [
    MultipartPart(headers: ["bookmark-id": "a1", "type": "html"], body: Array("<p>first</p>".utf8)),
    MultipartPart(
      headers: ["bookmark-id": "a2", "type": "json"], body: Array("{\"id\":\"a2\"}\r\n--XYZ-lookalike inside".utf8)),
    MultipartPart(headers: [:], body: Array("no headers".utf8)),
  ]

  @Test func partsAtOnce() throws {
    var reader = MultipartReader(boundary: "XYZ")
    #expect(try reader.feed(Self.body) == Self.expected)
    try reader.finish()
  }

  /// Every split of the body into two feeds gives the same parts: boundaries and header ends may
  /// fall anywhere between chunks.
  @Test func partsWhateverTheChunking() throws {
    for split in 0...Self.body.count {
      var reader = MultipartReader(boundary: "XYZ")
      let parts = try reader.feed(Self.body[..<split]) + reader.feed(Self.body[split...])
      #expect(parts == Self.expected, "split at \(split)")
      try reader.finish()
    }
  }

  @Test func byteByByte() throws {
    var reader = MultipartReader(boundary: "XYZ")
    var parts: [MultipartPart] = []
    for byte in Self.body { parts += try reader.feed([byte]) }
    #expect(parts == Self.expected)
  }

  @Test func aBodyWithoutItsClosingBoundaryIsTruncated() throws {
    var reader = MultipartReader(boundary: "XYZ")
    let cut = Array(Self.body.prefix(Self.body.count - 20))
    _ = try reader.feed(cut)
    #expect(throws: MultipartError.truncated) { try reader.finish() }
  }

  @Test func aBodyThatStartsWithTheBoundary() throws {
    var reader = MultipartReader(boundary: "b")
    #expect(
      try reader.feed(Array("--b\r\nType: html\r\n\r\nx\r\n--b--".utf8)) == [
        MultipartPart(headers: ["type": "html"], body: [UInt8(ascii: "x")])
      ])
  }

  @Test func partsLargerThanTheLimitAreRefused() {
    var reader = MultipartReader(boundary: "b", maxPartBytes: 10)
    #expect(throws: MultipartError.partTooLarge(10)) {
      _ = try reader.feed(Array("--b\r\n\r\n".utf8) + [UInt8](repeating: 65, count: 5000))
    }
  }

  @Test(arguments: [
    ("multipart/mixed; boundary=\"abc def\"", "abc def"), ("multipart/mixed;boundary=plain", "plain"),
    ("multipart/mixed; charset=x; BOUNDARY=up", "up"),
  ])
  func boundaryFromContentType(contentType: String, boundary: String) throws {
    #expect(try MultipartReader.boundary(fromContentType: contentType) == boundary)
  }

  @Test func noBoundaryIsAnError() {
    #expect(throws: MultipartError.self) { try MultipartReader.boundary(fromContentType: "application/json") }
  }
}

@Suite struct URLTextTests {
  @Test func linkHeadersOnSeveralLinesOrJoined() {
    let lines = [
      "<http://h/api/bookmarks?limit=2&offset=0>; rel=\"previous\"",
      "<http://h/api/bookmarks?limit=2&offset=4>; rel=\"next\"",
      "<http://h/api/bookmarks?limit=2&offset=0>; rel=\"first\", <http://h/api/bookmarks?limit=2&offset=8>; rel=\"last\"",
    ]
    #expect(URLText.link(rel: "next", in: lines) == "http://h/api/bookmarks?limit=2&offset=4")
    #expect(URLText.link(rel: "last", in: lines) == "http://h/api/bookmarks?limit=2&offset=8")
    #expect(URLText.link(rel: "prev", in: lines) == nil)
  }

  @Test func basesAreNormalisedAndCredentialsNeverShown() {
    #expect(URLText.normalizedBase(" https://r.example/readeck/ ") == "https://r.example/readeck")
    #expect(URLText.normalizedBase("ftp://r.example") == nil)
    #expect(URLText.normalizedBase("https://") == nil)
    #expect(URLText.redactingCredentials("https://user:pw@r.example/x") == "https://r.example/x")
    #expect(URLText.origin(of: "HTTP://R.example:8080/a?b") == "http://r.example:8080")
  }

  @Test func queryComponentsAreEncoded() {
    #expect(
      URLText.query([("labels", "\"my label\""), ("search", "a&b=c/é")])
        == "labels=%22my%20label%22&search=a%26b%3Dc%2F%C3%A9")
  }

  @Test func bookmarkQueries() {
    func items(_ query: BookmarkQuery) -> [String] { query.items.map { "\($0.0)=\($0.1)" } }
    #expect(items(BookmarkQuery()) == ["is_archived=false"])
    #expect(items(BookmarkQuery(excludeMarked: true)) == ["is_archived=false", "is_marked=false"])
    #expect(items(BookmarkQuery(state: .marked, excludeMarked: true)) == ["is_marked=true"])
    #expect(
      items(BookmarkQuery(state: .all, label: "to read", types: ["article", "video"], sort: ["title"]))
        == ["labels=\"to read\"", "type=article", "type=video", "sort=title"])
  }

  @Test func outcomesComeOutInOrder() {
    var emitter = OrderedEmitter<Int>(order: ["a", "b", "c"])
    #expect(emitter.complete("b", 2).isEmpty)
    #expect(emitter.complete("a", 1).map(\.0) == ["a", "b"])
    #expect(emitter.complete("c", 3).map(\.1) == [3])
  }
}
