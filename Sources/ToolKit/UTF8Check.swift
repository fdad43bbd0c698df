/// UTF-8 validation for raw lines (Unicode 15, table 3-7: no overlongs, no surrogates, nothing
/// above U+10FFFF), with an ASCII fast path eight bytes at a time.
enum UTF8Check {
  /// The offset of the first byte that is not part of a valid sequence, or nil when all are valid.
  static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    var i = 0
    while i < count {
      // Skip ASCII in words of eight bytes.
      while i + 8 <= count, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i += 8
      }
      guard i < count else { break }
      let lead = base.load(fromByteOffset: i, as: UInt8.self)
      if lead < 0x80 {
        i += 1
        continue
      }
      func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
        i + offset < count && range.contains(base.load(fromByteOffset: i + offset, as: UInt8.self))
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return i }
        i += 2
      case 0xE0:
        guard continuation(1, 0xA0...0xBF), continuation(2) else { return i }
        i += 3
      case 0xE1...0xEC, 0xEE...0xEF:
        guard continuation(1), continuation(2) else { return i }
        i += 3
      case 0xED:
        guard continuation(1, 0x80...0x9F), continuation(2) else { return i }
        i += 3
      case 0xF0:
        guard continuation(1, 0x90...0xBF), continuation(2), continuation(3) else { return i }
        i += 4
      case 0xF1...0xF3:
        guard continuation(1), continuation(2), continuation(3) else { return i }
        i += 4
      case 0xF4:
        guard continuation(1, 0x80...0x8F), continuation(2), continuation(3) else { return i }
        i += 4
      default:
        return i
      }
    }
    return nil
  }
}
