import Wire

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
      while let match = ByteSearch.firstIndex(of: needle, in: haystack, from: index) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[copiedUpTo..<match]))
        out += replacement
        index = match + needle.count
        copiedUpTo = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[copiedUpTo...]))
      return out
    }
  }
}
