import HTMLScan
import Testing

@Suite struct SrcsetTests {
  private func urls(_ value: String) -> [String] { Srcset.parse(value).map(\.url) }

  @Test func candidatesWithDescriptors() {
    #expect(
      Srcset.parse("a.jpg 480w, b.jpg 1080w") == [
        SrcsetCandidate(url: "a.jpg", descriptors: ["480w"], width: 480),
        SrcsetCandidate(url: "b.jpg", descriptors: ["1080w"], width: 1080),
      ])
    #expect(Srcset.parse("a.png, b.png 2x").map(\.density) == [nil, 2])
    #expect(Srcset.parse("  a.png  1.5x  ,\n\tb.png 3e0x ").map(\.density) == [1.5, 3])
    #expect(
      Srcset.parse("a.png 100w 50h") == [
        SrcsetCandidate(url: "a.png", descriptors: ["100w", "50h"], width: 100, height: 50)
      ])
  }

  @Test func commasInsideURLsStayUnlessTrailing() {
    // The spec's own examples, also heritrix3 #243.
    #expect(urls("a,b,,c,") == ["a,b,,c"])
    #expect(
      urls("https://cdn.example.org/img/w_400,h_300,c_fill/x.jpg 400w, y.jpg 800w")
        == ["https://cdn.example.org/img/w_400,h_300,c_fill/x.jpg", "y.jpg"])
    #expect(urls("a.jpg,b.jpg") == ["a.jpg,b.jpg"])
    #expect(urls("a.jpg, b.jpg") == ["a.jpg", "b.jpg"])
    #expect(urls("a.jpg 1x,b.jpg 2x") == ["a.jpg", "b.jpg"])
  }

  @Test func invalidDescriptorsDropTheirCandidateOnly() {
    #expect(urls("a (b,c),d") == ["d"])
    #expect(urls("a.jpg 10q, b.jpg 2x") == ["b.jpg"])
    #expect(urls("a.jpg 1x 2x, b.jpg") == ["b.jpg"])
    #expect(urls("a.jpg 100w 2x, b.jpg") == ["b.jpg"])
    #expect(urls("a.jpg 0w, b.jpg -1w, c.jpg 50h, d.jpg +2x") == [])
    #expect(urls("a.jpg 1.5w") == [])
  }

  @Test func emptyAndOddInputs() {
    #expect(Srcset.parse("") == [])
    #expect(Srcset.parse(" , ,, ") == [])
    #expect(urls(",a.jpg") == ["a.jpg"])
    #expect(
      urls("data:image/gif;base64,R0lGODlhAQABAAAAACw= 1x, real.jpg 2x") == [
        "data:image/gif;base64,R0lGODlhAQABAAAAACw=", "real.jpg",
      ])
    #expect(urls("ünï.jpg 1x") == ["ünï.jpg"])
  }

  @Test func serializingKeepsDescriptorsAsWritten() {
    let parsed = Srcset.parse("a.jpg   480w ,b.jpg 2.0x")
    #expect(Srcset.serialize(parsed) == "a.jpg 480w, b.jpg 2.0x")
    #expect(Srcset.parse(Srcset.serialize(parsed)) == parsed)
  }
}
