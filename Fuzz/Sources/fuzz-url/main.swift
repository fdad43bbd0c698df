// libFuzzer entry point for the URL parser and resolver the image fetcher uses (ImageURL over
// ParsedURL, the WHATWG URL standard): the input, split at its first line break into a reference
// and a base, is resolved, made canonical and given its origin. Checked: no trap; an http(s)
// result parses again to itself (a browser's serialisation is a fixed point), its canonical form
// too, and it holds no white space or control character; an origin is an http(s) URL. The
// reference is also a link for `rk-cache add` (SavedLink): one it takes has its key taken too,
// the key is a fixed point with no fragment, and a fragment added does not change it. Where
// Go's url.Parse takes the link, the key is the server's spelling (ServerSpelling): a fixed
// point itself, ASCII up to its query (which Go keeps as written), and a taken link stays one
// (or only too long, its escapes counted).
// Run by `scripts/fuzz fuzz-url`; seeded with the URLs in Fuzz/Seeds/fuzz-url.
import FuzzCheck
import ImageExtraction
import OfflineStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
  let reference = parts[0]
  let base = parts.count > 1 ? parts[1] : nil
  for candidate in [ImageURL.resolve(reference, against: base), ImageURL.resolve(reference, against: nil)] {
    guard let url = candidate, ImageURL.isFetchable(url) else { continue }
    check(!url.utf8.contains { $0 <= 0x20 || $0 == 0x7F }, "resolved \(url.debugDescription) holds a space or control")
    check(ImageURL.resolve(url, against: nil) == url, "resolving \(url.debugDescription) again changes it")
    let canonical = ImageURL.canonical(url)
    check(ImageURL.canonical(canonical) == canonical, "the canonical form \(canonical.debugDescription) is not stable")
    if let origin = ImageURL.origin(url) {
      check(ImageURL.isFetchable(origin) && origin.hasSuffix("/"), "origin \(origin.debugDescription) of \(url)")
    }
  }
  checkSavedLink(reference)
  _ = ImageURL.canonical(reference)
  _ = ImageURL.origin(reference)
  _ = ImageURL.isFragmentOnly(reference)
  return 0
}

func checkSavedLink(_ link: String) {
  let key = SavedLink.key(link)
  check(SavedLink.key(key) == key, "the key \(key.debugDescription) of a link changes when taken again")
  if let spelled = ServerSpelling.of(link) {
    check(spelled == key, "the key \(key.debugDescription) is not the server's spelling \(spelled.debugDescription)")
    check(ServerSpelling.of(spelled) == spelled, "the server's spelling \(spelled.debugDescription) changes again")
    let beforeQuery = spelled.utf8.prefix { $0 != UInt8(ascii: "?") }
    check(beforeQuery.allSatisfy { $0 < 0x80 }, "\(spelled.debugDescription) holds non-ASCII before its query")
  }
  guard SavedLink.problem(link) == nil else { return }
  let problem = SavedLink.problem(key)
  if case .tooLong = problem {
  } else {
    check(problem == nil, "\(link.debugDescription) is taken, its key \(key.debugDescription) not")
  }
  // Among scalars, as the server reads them: a combining mark after `#` hides it from `contains`.
  check(!key.unicodeScalars.contains("#"), "the key \(key.debugDescription) keeps a fragment")
  check(
    SavedLink.key(link + "#x") == key || link.unicodeScalars.contains("#"), "a fragment changes the key of \(link)")
}
