import ContentHash
import Foundation

/// `data:` images inside article HTML, moved out into content-addressed blobs and put back.
///
/// Only canonical base64 is moved (decoding and encoding again gives the same text), so putting
/// the image back reproduces the HTML byte for byte; anything else stays inline.
enum EmbeddedImages {
  /// One image taken out of the HTML.
  struct Image: Equatable {
    var sha256: String
    var mime: String
    var bytes: Data
  }

  /// The placeholder that stands for a blob in stored HTML.
  static let prefix = "rk-blob:"

  /// The HTML with each embedded image replaced by `rk-blob:<sha256>`, and the images.
  static func extract(from html: String) -> (html: String, images: [Image]) {
    var utf8 = Array(html.utf8)
    var images: [Image] = []
    var output: [UInt8] = []
    output.reserveCapacity(utf8.count)
    let marker = Array("data:".utf8)
    var index = 0
    var copied = 0
    while let start = find(marker, in: utf8, from: index) {
      index = start + marker.count
      guard let (mime, payloadStart) = header(utf8, after: index) else { continue }
      var end = payloadStart
      while end < utf8.count, isBase64(utf8[end]) { end += 1 }
      let payload = String(decoding: utf8[payloadStart..<end], as: UTF8.self)
      guard end > payloadStart, let bytes = Data(base64Encoded: payload), bytes.base64EncodedString() == payload else {
        continue
      }
      let sha = HexDigest.sha256(bytes)
      // One placeholder stands for one spelling of the type per article; another spelling of
      // the same bytes stays inline.
      if let earlier = images.first(where: { $0.sha256 == sha }), earlier.mime != mime { continue }
      images.append(Image(sha256: sha, mime: mime, bytes: bytes))
      output += utf8[copied..<start]
      output += Array((prefix + sha).utf8)
      copied = end
      index = end
    }
    guard !images.isEmpty else { return (html, []) }
    output += utf8[copied...]
    utf8 = []
    return (String(decoding: output, as: UTF8.self), images)
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
  private static func header(_ bytes: [UInt8], after index: Int) -> (String, Int)? {
    var cursor = index
    while cursor < bytes.count, cursor - index < 100, bytes[cursor] != UInt8(ascii: ";"),
      bytes[cursor] != UInt8(ascii: ",")
    {
      cursor += 1
    }
    // The type as written, case and all, so that putting the image back gives the same bytes.
    let mime = String(decoding: bytes[index..<min(cursor, bytes.count)], as: UTF8.self)
    guard mime.lowercased().hasPrefix("image/"), mime.utf8.allSatisfy(isTypeByte) else { return nil }
    let tail = Array(";base64,".utf8)
    guard cursor + tail.count <= bytes.count, Array(bytes[cursor..<cursor + tail.count]) == tail else { return nil }
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

  private static func isBase64(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
      true
    default: false
    }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == first {
        var matched = 1
        while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return index }
      }
      index += 1
    }
    return nil
  }
}
