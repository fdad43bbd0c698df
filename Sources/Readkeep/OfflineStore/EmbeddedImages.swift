import ContentHash
import Foundation
import Wire

/// `data:` images inside article HTML, moved out into content-addressed blobs and put back.
///
/// Only canonical base64 is moved (``CanonicalBase64``), so putting the image back reproduces the
/// HTML byte for byte; anything else stays inline.
enum EmbeddedImages {
  /// One image taken out of the HTML.
  struct Image: Equatable {
    var sha256: String
    var mime: String
    var bytes: Data
  }

  /// The placeholder that stands for a blob in stored HTML.
  static let prefix = "rk-blob:"

  /// The HTML with each embedded image replaced by `rk-blob:<sha256>`, and the images (one for
  /// each placeholder, so an image written twice is listed twice).
  ///
  /// Each image is hashed here, once, whatever the record's `images[].sha256` says: a blob is
  /// shared by every article that names its hash, and a wrong hash taken on trust would show
  /// another article's image, or this one's in another article. The same text written again (a
  /// `<picture>`'s source and its `<img>`) is compared, not decoded and hashed again.
  static func extract(from html: String) -> (html: String, images: [Image]) {
    var source = html
    return source.withUTF8 { utf8 in
      var images: [Image] = []
      // The text each distinct payload had, by where it first stood, and its image.
      var decoded: [(payload: Range<Int>, image: Image)] = []
      var output: [UInt8] = []
      let marker = Array("data:".utf8)
      var index = 0
      var copied = 0
      while let start = ByteSearch.firstIndex(of: marker, in: utf8, from: index) {
        index = start + marker.count
        guard let (mime, payloadStart) = header(utf8, after: index) else { continue }
        let found: Image
        let end: Int
        if let seen = decoded.first(where: { repeats(utf8, $0.payload, at: payloadStart) }) {
          (found, end) = (seen.image, payloadStart + seen.payload.count)
        } else {
          guard let (bytes, length) = CanonicalBase64.decodePrefix(UnsafeBufferPointer(rebasing: utf8[payloadStart...]))
          else { continue }
          (found, end) = (Image(sha256: HexDigest.sha256(bytes), mime: mime, bytes: bytes), payloadStart + length)
          decoded.append((payloadStart..<end, found))
        }
        // One placeholder stands for one spelling of the type per article; another spelling of
        // the same bytes stays inline.
        if let earlier = images.first(where: { $0.sha256 == found.sha256 }), earlier.mime != mime { continue }
        images.append(Image(sha256: found.sha256, mime: mime, bytes: found.bytes))
        if output.isEmpty { output.reserveCapacity(utf8.count) }
        output += UnsafeBufferPointer(rebasing: utf8[copied..<start])
        output += Array((prefix + found.sha256).utf8)
        copied = end
        index = end
      }
      guard !images.isEmpty else { return (html, []) }
      output += UnsafeBufferPointer(rebasing: utf8[copied...])
      return (String(decoding: output, as: UTF8.self), images)
    }
  }

  /// Whether the base64 run at `start` is the one at `earlier`, byte for byte.
  private static func repeats(_ bytes: UnsafeBufferPointer<UInt8>, _ earlier: Range<Int>, at start: Int) -> Bool {
    let end = start + earlier.count
    return end <= bytes.count
      && memcmp(bytes.baseAddress! + earlier.lowerBound, bytes.baseAddress! + start, earlier.count) == 0
      && (end == bytes.count || !CanonicalBase64.isSymbolOrPadding(bytes[end]))
  }

  /// Puts the images back where their placeholders are; `images` maps a hash to the MIME type as
  /// the article wrote it and the bytes (placeholders for other hashes are left as they are).
  static func restore(_ html: String, images: [String: (mime: String, bytes: Data)]) -> String {
    substitute(in: html, marker: prefix) { hash in
      images[hash].map { ("", "data:\($0.mime);base64,\($0.bytes.base64EncodedString())") }
    }
  }

  /// Replaces each `marker` followed by a 64-digit hash for which `replacement` gives a suffix
  /// (expected right after the hash, and replaced too) and a text; other occurrences stay.
  static func substitute(in html: String, marker: String, _ replacement: (String) -> (suffix: String, text: String)?)
    -> String
  {
    guard html.contains(marker) else { return html }
    var result = ""
    result.reserveCapacity(html.utf8.count)
    var rest = Substring(html)
    while let range = rest.range(of: marker) {
      let hashStart = range.upperBound
      let hashEnd = rest.index(hashStart, offsetBy: 64, limitedBy: rest.endIndex) ?? rest.endIndex
      if let (suffix, text) = replacement(String(rest[hashStart..<hashEnd])), rest[hashEnd...].hasPrefix(suffix) {
        result += rest[..<range.lowerBound]
        result += text
        rest = rest[rest.index(hashEnd, offsetBy: suffix.count)...]
      } else {
        result += rest[..<range.upperBound]
        rest = rest[range.upperBound...]
      }
    }
    result += rest
    return result
  }

  /// `image/png;base64,` after `data:`: the MIME type and where the payload starts.
  private static func header(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> (String, Int)? {
    var cursor = index
    while cursor < bytes.count, cursor - index < 100, bytes[cursor] != UInt8(ascii: ";"),
      bytes[cursor] != UInt8(ascii: ",")
    {
      cursor += 1
    }
    // The type as written, case and all, so that putting the image back gives the same bytes.
    let mime = String(decoding: bytes[index..<min(cursor, bytes.count)], as: UTF8.self)
    guard mime.lowercased().hasPrefix("image/"), mime.utf8.allSatisfy(isTypeByte) else { return nil }
    let tail = ";base64,".utf8
    guard cursor + tail.count <= bytes.count, bytes[cursor..<cursor + tail.count].elementsEqual(tail) else {
      return nil
    }
    return (mime, cursor + tail.count)
  }

  /// What a MIME type is made of (RFC 6838's restricted names, `&` aside, and `/`), judged by
  /// bytes: a quote that a combining mark joins into one `Character` is still a quote in HTML.
  private static func isTypeByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "-"), UInt8(ascii: "^"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "/"):
      true
    default: false
    }
  }
}
