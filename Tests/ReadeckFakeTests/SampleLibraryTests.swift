import FakeServer
import Foundation
import Testing

@testable import ReadeckFake

@Suite struct SampleLibraryTests {
  @Test func isDeterministicAndNewestFirst() {
    let first = FakeReadeck.sampleLibrary(count: 40, imagesPerArticle: 3, seed: 7)
    let second = FakeReadeck.sampleLibrary(count: 40, imagesPerArticle: 3, seed: 7)
    #expect(first.map(\.id) == second.map(\.id))
    #expect(first.map(\.articleHTML) == second.map(\.articleHTML))
    #expect(first.map(\.id) != FakeReadeck.sampleLibrary(count: 40, imagesPerArticle: 3, seed: 8).map(\.id))
    #expect(zip(first, first.dropFirst()).allSatisfy { $0.created > $1.created })
    #expect(Set(first.map(\.id)).count == 40)
    #expect(first.contains { $0.isArchived } && first.contains { !$0.isArchived })
  }

  @Test func articlesReferenceTheirImages() {
    for bookmark in FakeReadeck.sampleLibrary(count: 10, imagesPerArticle: 5) {
      #expect(bookmark.id.count == 22 && bookmark.id.allSatisfy { $0.isLetter || $0.isNumber })
      #expect(bookmark.loaded && bookmark.hasArticle && bookmark.type == "article")
      #expect(bookmark.images.count == 5)
      #expect(bookmark.wordCount > 0)
      for image in bookmark.images {
        #expect(
          bookmark.articleHTML.contains(
            "src=\"{root}/bm/\(bookmark.id.prefix(2))/\(bookmark.id)/_resources/\(image.name)\""))
        #expect(PNG.size(of: image.bytes)! == (32, 32))
      }
      #expect(bookmark.articleHTML.components(separatedBy: "srcset=").count == 2)
      #expect(bookmark.articleHTML.contains("<p>"))
    }
  }
}

@Suite struct HelperTests {
  @Test(arguments: [
    ("", "."), (".", "."), ("./", "."), ("a/b/..", "a"), ("/a/b/../../..", "/"), ("../x/./y//", "../x/y"),
    ("a/../../b", "../b"), ("/static/", "/static"),
  ])
  func goPathClean(input: String, expected: String) {
    #expect(GoPath.clean(input) == expected)
  }

  @Test func goPathJoin() {
    #expect(GoPath.join(".", "a.png") == "a.png")
    #expect(GoPath.join("", "a.png") == "a.png")
    #expect(GoPath.join("/res/", "a.png") == "/res/a.png")
  }

  @Test func queryStringRoundTrip() {
    let pairs = QueryString.parse("b=2&a=x+y&a=%C3%A9%26&bad=%zz&c")
    #expect(pairs.map { "\($0.0)=\($0.1)" } == ["b=2", "a=x y", "a=é&", "c="])
    #expect(QueryString.encode(pairs) == "a=x+y&a=%C3%A9%26&b=2&c=")
  }

  @Test func jsonEscapesLikeGoWithoutHTMLEscaping() {
    var out: [UInt8] = []
    JSONWriter.appendQuoted("a\"b\\c\n\t\u{1}<&>\u{2028}é", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\n\t\u0001<&>\u2028é""#)
  }

  @Test func httpDate() {
    #expect(HTTPDate.imf(Date(timeIntervalSince1970: 1_772_366_400.75)) == "Sun, 01 Mar 2026 12:00:00 GMT")
    #expect(HTTPDate.imf(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
  }
}
