import Foundation
import Testing
import Wire

/// Each record kind decoded from a line and written back must give the canonical line: every member
/// kept (unknown ones and nested objects included), keys sorted, no whitespace, slashes unescaped.
@Suite struct RecordRoundTripTests {
  /// Lines as a newer tool or a user could write them, in canonical form (sorted keys, compact).
  static let canonicalLines: [(any WireRecord.Type, String)] = [
    (
      Article.self,
      #"{"base_url":"https://example.org/a/","bookmark":{"authors":null,"id":"VnopmpKQ3CmQ6apY9mgDws","labels":["swift","unix"],"resources":{"image":{"height":630,"src":"https://r.example/bm/Vn/img/og.jpg","width":1200}},"url":"https://example.org/a/b.html","word_count":1532},"fetched_at":"2026-11-22T03:04:05.25Z","html":"<p>Hello <img src=\"a.png\"> wörld \u0001</p>","id":"VnopmpKQ3CmQ6apY9mgDws","images":[{"found_in":"img[src]","resolved":"https://example.org/a/a.png","url":"a.png","x_future":{"nested":[1,2.5,"three",false,null]}}],"kind":"article","source":"cache","x_added_by_a_newer_tool":{"deep":{"deeper":[{"k":"v"}]}}}"#
    ),
    (
      BookmarkRecord.self,
      #"{"bookmark":{"id":"b1","is_marked":true,"read_progress":0},"fetched_at":"2026-11-22T03:04:05Z","id":"b1","kind":"bookmark","note":"kept"}"#
    ),
    (Deleted.self, #"{"id":"gone1","kind":"deleted","reason":"server said so"}"#),
    (
      SyncSummary.self,
      #"{"complete":true,"deleted":2,"ended_at":"2026-11-22T03:05:00.5Z","failed":[{"id":"x","reason":"HTTP 500","status":500},{"id":"y","reason":"connection reset"}],"fetched":18,"kind":"sync_summary","mode":"bulk","requested":20,"server":"http://127.0.0.1:8000/readeck","skipped":1,"started_at":"2026-11-22T03:04:00Z"}"#
    ),
    (
      ImageRecord.self,
      #"{"article_id":"a1","bytes":1024,"error":null,"found_in":"source[srcset]","kind":"image","mime":"image/png","resolved":"https://e.org/x,y.png","sha256":"00ff","status":200,"url":"x,y.png","width_hint":"2x"}"#
    ),
    (
      CacheEntry.self,
      #"{"accessed_at":"2026-11-22T04:00:00.123456Z","bytes":123456,"cached_at":"2026-11-21T03:04:05Z","id":"c1","images":3,"kind":"cache_entry","labels":["a","b"],"site":"example.org","title":"T","url":"https://example.org/","word_count":99}"#
    ),
    (
      CacheEntry.self,
      #"{"bytes":10,"cached_at":"2026-11-21T03:04:05Z","id":"c2","images":0,"is_archived":true,"is_marked":false,"kind":"cache_entry","labels":[],"pending":["is_archived","labels"],"read_progress":100,"title":"T"}"#
    ),
    (
      FieldChange.self,
      #"{"add_labels":["later"],"base":["old"],"base_updated":"2026-11-20T01:02:03.456789Z","field":"labels","id":"c2","kind":"change","made_at":"2026-11-22T03:04:05Z","remove_labels":["old"],"x_note":1}"#
    ),
    (
      FieldChange.self,
      #"{"base":0,"field":"read_progress","id":"c2","kind":"change","made_at":"2026-11-22T03:04:05Z","value":40}"#
    ),
    (
      Pushed.self,
      #"{"answer":{"href":"http://h/api/bookmarks/c2","id":"c2","is_archived":true,"updated":"2026-11-22T03:04:06Z"},"id":"c2","kind":"pushed","sent":{"is_archived":true}}"#
    ),
    (
      PushConflict.self,
      #"{"field":"labels","id":"c2","kind":"conflict","local":{"add_labels":["a"]},"server":["b"],"server_updated":"2026-11-22T03:04:06Z"}"#
    ),
    (Gone.self, #"{"changes":2,"id":"c2","kind":"gone"}"#),
    (
      QueuedLink.self,
      #"{"id":"local-3","kind":"queued_link","labels":["a"],"local_id":"local-3","queued_at":"2026-11-22T03:04:05Z","sent_at":"2026-11-22T03:04:06Z","state":"sent","url":"https://h/a"}"#
    ),
    (
      HighlightRecord.self,
      #"{"bookmark_id":"b1","color":"red","created":"2026-11-22T03:04:05Z","id":"h1","kind":"highlight","note":"n","site":"S","text":"T","title":"A","url":"https://h/a"}"#
    ),
    (HighlightSummary.self, #"{"complete":true,"count":3,"kind":"highlight_summary","server":"http://h"}"#),
    (
      HighlightSummary.self,
      #"{"complete":true,"count":3,"kind":"highlight_summary","listed_at":"2026-12-07T08:00:00Z","server":"http://h"}"#
    ),
    (Created.self, #"{"adopted":true,"id":"c3","kind":"created","local_id":"local-3","url":"https://h/a"}"#),
    (
      PushFailed.self,
      #"{"id":"c2","kind":"push_failed","reason":"HTTP 400 Bad Request","sent":{"read_progress":40},"status":400}"#
    ),
    (
      PushRequest.self,
      #"{"body":{"is_marked":true},"id":"c2","kind":"push_request","method":"PATCH","url":"http://h/api/bookmarks/c2"}"#
    ),
    (
      PushSummary.self,
      #"{"complete":false,"conflicts":1,"created":2,"ended_at":"2026-11-22T03:05:00Z","failed":0,"gone":0,"kind":"push_summary","pushed":5,"queued":7,"server":"http://h","started_at":"2026-11-22T03:04:00Z"}"#
    ),
    (
      SearchHit.self,
      #"{"id":"s1","kind":"search_hit","rank":-3.25,"site":"example.org","snippet":"a [swift] b","title":"T","url":"https://example.org/"}"#
    ),
    (Pruned.self, #"{"bytes":4096,"id":"p1","kind":"pruned","reason":"keep","title":"Old","trace":{"rule":"fifo"}}"#),
    (
      MailRecord.self,
      #"{"attachments":[{"content_id":"logo@x","filename":"€.png","inline":true,"mime":"image/png","sha256":"ab","size":70}],"cc":[],"date":"2003-07-01T08:52:37Z","folder":"INBOX","from":{"address":"a@example.org","name":"Café","x":1},"has_html":true,"kind":"mail","message_id":"m@x","reply_to":[{"address":"r@example.org"}],"source":"box.mbox#2","subject":"Grüße","text":"Hallo\n","to":[{"address":"b@example.org","name":"Doe, John"}],"warnings":["base64 cut short"]}"#
    ),
  ]

  @Test(arguments: canonicalLines.indices)
  func decodeThenEncodeGivesTheSameLine(index: Int) throws {
    let (type, line) = Self.canonicalLines[index]
    let record = try WireCoding.decode(type, from: Data(line.utf8))
    let written = try WireCoding.line(record)
    // `"error":null` is a member the image reference models as absent: it is the one change allowed.
    let expected = line.replacingOccurrences(of: #""error":null,"#, with: "") + "\n"
    #expect(String(decoding: written, as: UTF8.self) == expected)
  }

  @Test func unknownMembersAreKeptWithTheirNestedValues() throws {
    let line = Self.canonicalLines[0].1
    let article = try WireCoding.decode(Article.self, from: Data(line.utf8))
    #expect(article.unknownFields["x_added_by_a_newer_tool"]?["deep"]?["deeper"]?.arrayValue?.first?["k"] == "v")
    #expect(article.images?.first?.unknownFields["x_future"]?["nested"]?.arrayValue?.count == 5)
    #expect(article.bookmark["authors"] == .null)
    #expect(article.bookmark["resources"]?["image"]?["width"] == .integer(1200))
    #expect(article.html.contains("wörld"))
  }

  @Test func modelledMembersAreNotDuplicatedAsUnknown() throws {
    let line = Self.canonicalLines[0].1
    let article = try WireCoding.decode(Article.self, from: Data(line.utf8))
    #expect(Set(article.unknownFields.keys) == ["x_added_by_a_newer_tool"])
  }

  @Test func aRecordOfAnotherKindIsRefused() throws {
    let line = Data(#"{"kind":"bookmark","id":"b1","bookmark":{},"html":"","fetched_at":"2026-01-01T00:00:00Z"}"#.utf8)
    let error = #expect(throws: DecodingError.self) { try WireCoding.decode(Article.self, from: line) }
    #expect(WireCoding.describe(error!).contains(#"expected kind "article", found "bookmark""#))
  }

  @Test func decodingErrorsNameTheMember() throws {
    let missing = Data(#"{"kind":"article","id":"a","bookmark":{},"fetched_at":"2026-01-01T00:00:00Z"}"#.utf8)
    let error = #expect(throws: DecodingError.self) { try WireCoding.decode(Article.self, from: missing) }
    #expect(WireCoding.describe(error!) == #"missing "html""#)

    let wrongType = Data(#"{"kind":"pruned","id":"p","title":"t","bytes":"big","reason":"keep"}"#.utf8)
    let typeError = #expect(throws: DecodingError.self) { try WireCoding.decode(Pruned.self, from: wrongType) }
    #expect(WireCoding.describe(typeError!) == #""bytes" is not an integer"#)

    let badDate = Data(#"{"kind":"deleted","id":"d"}"#.utf8 + Data())
    #expect(throws: Never.self) { try WireCoding.decode(Deleted.self, from: badDate) }
    let broken = Data(#"{"kind":"deleted","id":"#.utf8)
    let jsonError = #expect(throws: DecodingError.self) { try WireCoding.decode(Deleted.self, from: broken) }
    #expect(WireCoding.describe(jsonError!) == "not valid JSON: unexpected end of input at byte 24")
  }

  @Test(arguments: canonicalLines.indices)
  func theCodablePathAgreesWithTheFastPath(index: Int) throws {
    let (type, line) = Self.canonicalLines[index]
    let fast = try WireCoding.decode(type, from: Data(line.utf8))
    let viaFoundation = try WireCoding.makeDecoder().decode(type, from: Data(line.utf8))
    let encodedByFoundation = try WireCoding.makeEncoder().encode(viaFoundation)
    #expect(Array(encodedByFoundation) + [0x0A] == (try WireCoding.line(fast)))
  }

  @Test func nestedErrorsNameThePath() throws {
    let line =
      #"{"kind":"article","id":"a","bookmark":{},"html":"","fetched_at":"2026-01-01T00:00:00Z","images":[{"url":"u","found_in":"img"},{"url":"v"}]}"#
    let error = #expect(throws: DecodingError.self) { try WireCoding.decode(Article.self, from: Data(line.utf8)) }
    #expect(WireCoding.describe(error!) == #"missing "images[1].found_in""#)
  }

  @Test func theHeadIsReadWithoutTheRest() throws {
    let line = Data(Self.canonicalLines[0].1.utf8)
    let head = try WireCoding.decode(RecordHead.self, from: line)
    #expect(head == RecordHead(kind: "article", id: "VnopmpKQ3CmQ6apY9mgDws"))
  }

  @Test func outputIsByteIdenticalToJqSortedCompact() throws {
    // jq -S -c and Python's sort_keys=True agree on this form; the sink must too.
    let article = Article(
      id: "x", bookmark: ["url": "https://e.org/a b", "zeta": 1, "alpha": [true, nil]], html: "a/b \"q\" \t",
      fetchedAt: Date(timeIntervalSince1970: 0))
    let written = String(decoding: try WireCoding.line(article), as: UTF8.self)
    #expect(
      written
        == #"{"bookmark":{"alpha":[true,null],"url":"https://e.org/a b","zeta":1},"fetched_at":"1970-01-01T00:00:00Z","html":"a/b \"q\" \t","id":"x","kind":"article"}"#
        + "\n")
  }
}

@Suite struct RecordHeadScanTests {
  private func scan(_ text: String) -> RecordHead? {
    Array(text.utf8).withUnsafeBytes { RecordHead.scan($0) }
  }

  @Test func findsKindAndIdAmongNestedValuesAndLongStrings() {
    let html = String(repeating: #"<p class=\"x\">\\ \"kind\":\"fake\" {[</p>"#, count: 500)
    let line =
      #"{"bookmark":{"kind":"nested","id":"inner","a":[1,{"id":"deeper"}]},"html":"\#(html)","id":"outer","n":-1.5e3,"t":true,"kind":"article"}"#
    #expect(scan(line) == RecordHead(kind: "article", id: "outer"))
  }

  /// Found by fuzz-wire: the grammar allows 1e336, which no Double holds and JSONParser refuses,
  /// so a tool that only skims would pass on a line the next tool cannot read.
  @Test func aNumberBeyondADoublesRangeIsRefusedAsTheParserRefusesIt() {
    for number in [
      "1e336", "-1e400", String(repeating: "9", count: 400), "1e-400", "1.7976931348623157e308", "0e99999",
    ] {
      let line = #"{"kind":"article","n":[\#(number)]}"#
      let parsed = Array(line.utf8).withUnsafeBytes { try? WireCoding.parse($0) }
      #expect((scan(line) != nil) == (parsed != nil), "\(number)")
    }
    #expect(scan(#"{"kind":"article","n":1e336}"#) == nil)
    #expect(scan(#"{"kind":"article","n":1e-400}"#) == RecordHead(kind: "article", id: nil))
  }

  /// Found by fuzz-wire: the last of duplicate names wins in the parser, also when it is no string.
  @Test func theLastOfDuplicateNamesWinsAsInTheParser() {
    #expect(scan(#"{"kind":"bookmark","id":"b2","id":1}"#) == RecordHead(kind: "bookmark", id: nil))
    #expect(scan(#"{"kind":null,"kind":"article"}"#) == RecordHead(kind: "article", id: nil))
  }

  /// Found by fuzz-wire: the parser reads a lone surrogate as U+FFFD, the skim found no kind.
  @Test func aLoneSurrogateInTheKindReadsAsTheParserReadsIt() {
    #expect(scan(#"{"kind":"a\ude00","id":"\ud83d"}"#) == RecordHead(kind: "a\u{FFFD}", id: "\u{FFFD}"))
  }

  @Test func escapesInValuesAreDecoded() {
    #expect(scan(#"{ "kind" : "a\u0072ticle" , "id" : "x\"y" }"#) == RecordHead(kind: "article", id: "x\"y"))
  }

  @Test func membersThatAreNotStringsAreIgnored() {
    #expect(scan(#"{"kind":null,"id":42}"#) == RecordHead(kind: nil, id: nil))
    #expect(scan("{}") == RecordHead(kind: nil, id: nil))
  }

  @Test(arguments: [
    #"{"kind":"a""#, #"{"kind":"a"} x"#, #"["kind"]"#, #"{"kind" "a"}"#, #"{"html":"unterminated}"#, "",
  ])
  func malformedLinesGiveNil(line: String) {
    #expect(scan(line) == nil)
  }

  /// The skim passes exactly the lines the parser accepts, so a tool that only skims a line
  /// before passing it on never passes on one that is not JSON.
  @Test(arguments: [
    #"{"kind":"article" "id":"x"}"#, #"{"a":[1,,2]}"#, #"{"a":[1 2]}"#, #"{"a":{"b" 1}}"#, #"{"a":{"b":1,}}"#,
    #"{"a":tru}"#,
    #"{"a":nul}"#, #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#, #"{"a":1e}"#, #"{"a":.5}"#, #"{"a":"\x"}"#,
    #"{"a":"\u12G4"}"#,
    "{\"a\":\"tab\there\"}", #"{"a":[}"#, #"{"a":{]}"#, #"{"a":'s'}"#, #"{"a":[1],}"#,
    #"{"a":[]}"#, #"{"a":{}}"#, #"{"a":-0.5E+3,"b":0,"c":1e-2}"#, #"{"a":"\u00e9\/\"\\\b\f\n\r\t"}"#,
    #"{"a":[true,false,null,[{}]]}"#,
  ])
  func rejectsWhatTheParserRejects(line: String) {
    let parses = (try? Array(line.utf8).withUnsafeBytes { try WireCoding.parse($0) }) != nil
    #expect((scan(line) != nil) == parses)
  }

  @Test func nestingDeeperThanTheParserAllowsIsRejected() {
    let deep = #"{"a":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
    #expect(scan(deep) == nil)
    let allowed = #"{"a":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}"
    #expect(scan(allowed) != nil)
  }

  @Test func agreesWithTheDecoderOnEveryCanonicalLine() throws {
    for (_, line) in RecordRoundTripTests.canonicalLines {
      let decoded = try WireCoding.decode(RecordHead.self, from: Data(line.utf8))
      #expect(scan(line) == decoded)
    }
  }
}
