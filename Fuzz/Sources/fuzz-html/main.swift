// libFuzzer entry point: every input goes through
//   (a) HTMLTokenizer, with and without text tokens, checking the ranges it reports, and with
//       valuesOf: (only src decoded), which must differ only in the other values being empty;
//   (b) Srcset.parse on the input as a String, checking its candidates and a round trip;
//   (c) ImageFinder.find, and Embedder.embed on what it found (crashes only);
//   (d) StyleReferences on the input as a style attribute's value: what keepingLocal keeps refers
//       to nothing outside, and a value that refers to nothing outside is kept whole.
// A broken invariant prints what broke and traps, which libFuzzer reports as a crash and saves as
// a reproducer. Built by scripts/fuzz with -sanitize=fuzzer,address -parse-as-library: no main
// here, libFuzzer brings its own.
import FuzzCheck
import HTMLScan
import ImageExtraction

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let tagsWithText = tokenize(bytes, text: true)
  let tagsWithoutText = tokenize(bytes, text: false)
  check(tagsWithText == tagsWithoutText, "text: true and text: false disagree on the tags")
  check(filteredAgrees(bytes, with: tagsWithoutText), "valuesOf: changed more than the values not asked for")
  let string = String(decoding: bytes, as: UTF8.self)
  // The String initialiser reads the same bytes unless the input is not UTF-8 (then repaired).
  if Array(string.utf8) == bytes {
    check(tokenize(string) == tagsWithoutText, "the String and [UInt8] initialisers disagree")
  }
  fuzzSrcset(string)
  fuzzImageFinder(string)
  fuzzStyleReferences(string)
  return 0
}

/// A tag as both tokenizer modes must report it.
struct TagSummary: Equatable {
  var isEnd: Bool
  var name: String
  var range: Range<Int>
  var attributes: [HTMLAttribute]
}

/// Drains the tokenizer, checking each token; returns the tags.
func tokenize(_ bytes: [UInt8], text: Bool) -> [TagSummary] {
  drain(HTMLTokenizer(bytes, text: text), bytes)
}

func tokenize(_ string: String) -> [TagSummary] {
  drain(HTMLTokenizer(string), Array(string.utf8))
}

func drain(_ tokenizer: HTMLTokenizer, _ bytes: [UInt8]) -> [TagSummary] {
  var tokenizer = tokenizer
  let n = bytes.count
  var tags: [TagSummary] = []
  var tokens = 0
  var previousEnd = 0  // tags come in document order and never overlap
  func checkTagRange(_ range: Range<Int>, _ what: String) {
    check(range.lowerBound >= 0 && range.upperBound <= n, "\(what) range \(range) outside the input of \(n) bytes")
    check(range.count >= 2, "\(what) range \(range) shorter than <>")
    check(bytes[range.lowerBound] == UInt8(ascii: "<"), "\(what) range \(range) does not start at <")
    check(bytes[range.upperBound - 1] == UInt8(ascii: ">"), "\(what) range \(range) does not end at >")
    check(
      range.lowerBound >= previousEnd, "\(what) range \(range) overlaps or precedes the tag ending at \(previousEnd)")
    previousEnd = range.upperBound
  }
  while let token = tokenizer.next() {
    tokens += 1
    // Every token but text consumes at least two bytes, and text never comes twice in a row.
    check(tokens <= 2 * n + 2, "\(tokens) tokens from \(n) bytes: no progress")
    switch token {
    case .startTag(let tag):
      checkTagRange(tag.range, "<\(tag.name)>")
      check(!tag.name.isEmpty, "start tag without a name at \(tag.range)")
      for attribute in tag.attributes {
        check(!attribute.name.isEmpty, "attribute without a name in \(tag.range)")
        guard let value = attribute.valueRange else {
          check(attribute.value.isEmpty, "attribute \(attribute.name) has a value but no range")
          continue
        }
        check(
          value.lowerBound > tag.range.lowerBound && value.upperBound < tag.range.upperBound,
          "value range \(value) of \(attribute.name) not inside its tag \(tag.range)")
        // A value with nothing to decode is its source bytes.
        let source = bytes[value]
        if !source.contains(where: { $0 == UInt8(ascii: "&") || $0 == 0 || $0 == 0x0D }) {
          check(
            attribute.value == String(decoding: source, as: UTF8.self),
            "value of \(attribute.name) differs from its source bytes \(value)")
        }
      }
      let names = tag.attributes.map(\.name)
      check(Set(names).count == names.count, "duplicate attributes in \(tag.range)")
      tags.append(TagSummary(isEnd: false, name: tag.name, range: tag.range, attributes: tag.attributes))
    case .endTag(let name, let range):
      checkTagRange(range, "</\(name)>")
      tags.append(TagSummary(isEnd: true, name: name, range: range, attributes: []))
    case .text, .comment, .doctype:
      break
    }
  }
  return tags
}

/// The tags of `HTMLTokenizer(bytes, valuesOf: ["src"])` are `tags` with every value but src's
/// (and encoding's, which tree construction reads) empty.
func filteredAgrees(_ bytes: [UInt8], with tags: [TagSummary]) -> Bool {
  var tokenizer = HTMLTokenizer(bytes, valuesOf: ["src"])
  var index = 0
  while let token = tokenizer.next() {
    guard index < tags.count else { return false }
    let tag = tags[index]
    index += 1
    switch token {
    case .startTag(let filtered):
      guard !tag.isEnd, filtered.name == tag.name, filtered.range == tag.range,
        filtered.attributes.count == tag.attributes.count
      else { return false }
      for (mine, full) in zip(filtered.attributes, tag.attributes) {
        let kept = mine.name == "src" || mine.name == "encoding"
        guard mine.name == full.name, mine.valueRange == full.valueRange, mine.value == (kept ? full.value : "") else {
          return false
        }
      }
    case .endTag(let name, let range):
      guard tag.isEnd, name == tag.name, range == tag.range else { return false }
    default:
      index -= 1
    }
  }
  return index == tags.count
}

/// Candidates have a non-empty URL without whitespace and valid descriptors; serialising and
/// parsing again gives the same candidates (the embedder rewrites srcset values that way).
func fuzzSrcset(_ value: String) {
  let candidates = Srcset.parse(value)
  for candidate in candidates {
    check(!candidate.url.isEmpty, "srcset candidate with an empty URL")
    check(!candidate.url.utf8.contains { [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }, "srcset URL with whitespace")
    check(!candidate.url.hasPrefix(","), "srcset URL starting with a comma")
    check(!(candidate.width != nil && candidate.density != nil), "srcset candidate with both w and x")
    check(candidate.height == nil || candidate.width != nil, "srcset candidate with h but no w")
  }
  let again = Srcset.parse(Srcset.serialize(candidates))
  check(again == candidates, "srcset round trip changed \(candidates) into \(again)")
}

/// A style value's local part, as the article cleaner keeps it (local: data: and #fragments).
func fuzzStyleReferences(_ css: String) {
  let isLocal: (String) -> Bool = { $0.lowercased().hasPrefix("data:") || $0.hasPrefix("#") }
  _ = StyleReferences.decoded(css)
  let outside = StyleReferences.refersOutside(css, isLocal: isLocal)
  let kept = StyleReferences.keepingLocal(css, isLocal: isLocal)
  if let kept { check(!StyleReferences.refersOutside(kept, isLocal: isLocal), "kept style refers outside: \(kept)") }
  if !outside { check(kept == css, "a style that refers nowhere changed: \(css)") }
}

/// Every occurrence lies in a tag the finder reports; the embedder, given a data: URI for every
/// image (and a small cap, so some stay URLs), runs on what was found, and the finder runs again
/// on its output. Only crashes are looked for there: what the rewrite should produce is the tests' job.
func fuzzImageFinder(_ html: String) {
  let n = html.utf8.count
  let found = ImageFinder.find(in: html, documentURL: "https://example.com/dir/page.html")
  for occurrence in found.occurrences {
    check(
      occurrence.tag.lowerBound >= 0 && occurrence.tag.upperBound <= n,
      "occurrence tag \(occurrence.tag) outside the input")
    check(found.tags[occurrence.tag.lowerBound] != nil, "occurrence in a tag the finder did not keep")
    check(!occurrence.url.isEmpty, "occurrence with an empty URL")
  }
  let embedder = Embedder(options: Embedder.Options(maxArticleBytes: 1000))
  let (output, _) = embedder.embed(html, found: found) { _ in "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }
  _ = ImageFinder.find(in: output, documentURL: "https://example.com/dir/page.html")
}
