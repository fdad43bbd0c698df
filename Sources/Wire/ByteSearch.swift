#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a run of bytes first occurs in a larger one: the multipart readers' delimiters, the
/// fake's placeholders, the store's `data:` images. Bytes, not `String`: their inputs are bodies
/// of megabytes, and a search among `Character`s would cost far more and could miss a delimiter
/// that a combining mark joins to the next character.
public enum ByteSearch {
  /// The index where `needle` starts in `haystack` at or after `start`; nil for an empty needle.
  ///
  /// memchr(3) finds each candidate by the needle's last byte, which for the needles searched
  /// here (`data:`, `--boundary`, CRLF CRLF) is rare in what lies between them: the `:` of
  /// `data:` never stands in the megabytes of base64 around it.
  public static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0)
    -> Int?
  {
    guard let last = needle.last, let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
    let tail = needle.count - 1
    var end = max(0, start) + tail
    while end < haystack.count {
      guard let found = memchr(base + end, Int32(last), haystack.count - end) else { return nil }
      end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      let index = end - tail
      if tail == 0 || memcmp(base + index, needle, tail) == 0 { return index }
      end += 1
    }
    return nil
  }

  public static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
    haystack.withUnsafeBufferPointer { firstIndex(of: needle, in: $0, from: start) }
  }
}
