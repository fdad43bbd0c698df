/// Byte-level text helpers for the hot paths, where `String` searching costs far more.
enum Bytes {
  /// `text` with every occurrence of `needle` replaced.
  static func replacing(_ needle: String, with replacement: String, in text: String) -> [UInt8] {
    let needle = Array(needle.utf8)
    let replacement = Array(replacement.utf8)
    var source = text
    return source.withUTF8 { haystack in
      var out: [UInt8] = []
      out.reserveCapacity(haystack.count + 64)
      var index = 0
      var copiedUpTo = 0
      while let match = firstIndex(of: needle, in: haystack, from: index) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[copiedUpTo..<match]))
        out += replacement
        index = match + needle.count
        copiedUpTo = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[copiedUpTo...]))
      return out
    }
  }

  static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
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
