/// Character references (`&amp;`, `&#38;`, `&#x26;`) as the HTML tokenizer decodes them.
public enum HTMLEntities {
  /// Decodes character references in `text` by the attribute-value rules (`inAttribute: true`:
  /// a named reference without ';' followed by '=' or an alphanumeric stays literal) or the data-state rules.
  ///
  /// Like the tokenizer, it also turns CR and CR LF into LF and NUL into U+FFFD; invalid UTF-8
  /// becomes U+FFFD.
  public static func decode(_ text: Substring, inAttribute: Bool) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      CharacterReferences.append(
        bytes, 0, bytes.count, references: true, inAttribute: inAttribute, nul: .replace, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }
}

/// The byte-level decoding the tokenizer and `HTMLEntities` share.
enum CharacterReferences {
  /// What happens to a NUL byte: the data state keeps it, everything else replaces it.
  enum Nul { case keep, replace }

  /// Whether `bytes[start..<end]` can be copied as it is (no reference, NUL or CR to rewrite).
  @inline(__always)
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, references: Bool) -> Bool {
    var i = start
    while i < end {
      let c = bytes[i]
      if c == 0x26 && references || c == 0 || c == 0x0D { return false }
      i &+= 1
    }
    return true
  }

  /// Appends `bytes[start..<end]` to `out`: CR and CR LF become LF (the input stream's
  /// preprocessing), NUL is kept or replaced, and with `references` character references are decoded.
  /// The text is taken as ending at `end`: a reference at the very end sees no following character.
  static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, references: Bool, inAttribute: Bool, nul: Nul,
    to out: inout [UInt8]
  ) {
    var i = start
    var run = start  // the start of bytes not yet copied
    while i < end {
      let c = bytes[i]
      if c == 0x26 && references {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        i = decodeReference(bytes, at: i, end: end, inAttribute: inAttribute, to: &out)
        run = i
      } else if c == 0x0D {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        out.append(0x0A)
        i &+= 1
        if i < end && bytes[i] == 0x0A { i &+= 1 }
        run = i
      } else if c == 0 && nul == .replace {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
        out.append(contentsOf: [0xEF, 0xBF, 0xBD])
        i &+= 1
        run = i
      } else {
        i &+= 1
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<end]))
  }

  /// Decodes the reference whose `&` is at `amp`, appending its replacement, or the `&` alone when
  /// there is none; returns the index after what it consumed.
  static func decodeReference(
    _ bytes: UnsafeBufferPointer<UInt8>, at amp: Int, end: Int, inAttribute: Bool, to out: inout [UInt8]
  ) -> Int {
    let i = amp + 1
    guard i < end else {
      out.append(0x26)
      return i
    }
    let c = bytes[i]
    if c == 0x23 { return decodeNumeric(bytes, at: amp, end: end, to: &out) }
    // `&amp;`, by far the commonest, without a search.
    if c == 0x61 && i + 3 < end && bytes[i + 1] == 0x6D && bytes[i + 2] == 0x70 && bytes[i + 3] == 0x3B {
      out.append(0x26)
      return i + 4
    }
    guard isAlphanumeric(c), let match = longestName(bytes, from: i, end: end) else {
      out.append(0x26)
      return i
    }
    let after = i + match.length
    let last = bytes[after - 1]
    if inAttribute && last != 0x3B && after < end && (bytes[after] == 0x3D || isAlphanumeric(bytes[after])) {
      // For historical reasons `&copy=` and `&copyX` stay literal in attribute values.
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[amp..<after]))
      return after
    }
    appendScalar(match.first, to: &out)
    if match.second != 0 { appendScalar(match.second, to: &out) }
    return after
  }

  /// `&#…`: decimal or hexadecimal, `;` optional; without digits the text stays literal.
  private static func decodeNumeric(
    _ bytes: UnsafeBufferPointer<UInt8>, at amp: Int, end: Int, to out: inout [UInt8]
  ) -> Int {
    var i = amp + 2
    var hex = false
    if i < end && bytes[i] | 0x20 == 0x78 {  // x or X
      hex = true
      i += 1
    }
    let digitsStart = i
    var value: UInt32 = 0
    while i < end {
      let c = bytes[i]
      let digit: UInt32
      if c >= 0x30 && c <= 0x39 {
        digit = UInt32(c - 0x30)
      } else if hex && c | 0x20 >= 0x61 && c | 0x20 <= 0x66 {
        digit = UInt32((c | 0x20) - 0x61 + 10)
      } else {
        break
      }
      // Saturates above the largest code point, so any number of digits is fine.
      value = min(value * (hex ? 16 : 10) + digit, 0x110000)
      i += 1
    }
    guard i > digitsStart else {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[amp..<i]))
      return i
    }
    if i < end && bytes[i] == 0x3B { i += 1 }
    appendScalar(numericReplacement(value), to: &out)
    return i
  }

  /// The numeric character reference end state's rules: NUL, surrogates and numbers beyond
  /// U+10FFFF become U+FFFD; 0x80–0x9F map as Windows-1252 where it has a character.
  static func numericReplacement(_ value: UInt32) -> UInt32 {
    switch value {
    case 0, 0xD800...0xDFFF, 0x110000...: return 0xFFFD
    case 0x80...0x9F:
      let mapped = c1Replacements[Int(value - 0x80)]
      return mapped == 0 ? value : UInt32(mapped)
    default: return value
    }
  }

  /// 0x80–0x9F: the replacement, or 0 where the number stays as it is.
  private static let c1Replacements: [UInt16] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
    0x0178,
  ]

  static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      out.append(UInt8(value))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | value >> 6))
      out.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | value >> 12))
      out.append(UInt8(0x80 | value >> 6 & 0x3F))
      out.append(UInt8(0x80 | value & 0x3F))
    default:
      out.append(UInt8(0xF0 | value >> 18))
      out.append(UInt8(0x80 | value >> 12 & 0x3F))
      out.append(UInt8(0x80 | value >> 6 & 0x3F))
      out.append(UInt8(0x80 | value & 0x3F))
    }
  }

  @inline(__always)
  static func isAlphanumeric(_ c: UInt8) -> Bool {
    c >= 0x30 && c <= 0x39 || c | 0x20 >= 0x61 && c | 0x20 <= 0x7A
  }

  /// A name's length and replacement.
  struct Match: Equatable {
    var length: Int
    var first: UInt32
    var second: UInt32
  }

  /// The longest name in the table that `bytes[start..<end]` starts with.
  ///
  /// The names that start with the `k` bytes read so far are a contiguous range of the sorted
  /// table; each further byte narrows it by two binary searches. A name exactly `k` bytes long
  /// sorts first in its range, so matches are seen as the range narrows.
  static func longestName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Match? {
    let names = NamedEntities.names.utf8Start
    return NamedEntities.entries.withUnsafeBufferPointer { entries in
      var low = 0
      var high = entries.count
      var best: Int?
      var k = 0
      // The key of entry `e` at depth `k`: its byte there, or -1 when it is only `k` bytes long.
      @inline(__always) func key(_ e: Int) -> Int {
        let entry = entries[e]
        let length = Int(truncatingIfNeeded: entry >> 16 & 0x3F)
        return length > k ? Int(names[Int(truncatingIfNeeded: entry & 0xFFFF) + k]) : -1
      }
      while start + k < end && low < high {
        let c = Int(bytes[start + k])
        // First entry with key >= c.
        var a = low
        var b = high
        while a < b {
          let m = (a + b) >> 1
          if key(m) < c { a = m + 1 } else { b = m }
        }
        low = a
        // First entry with key > c.
        b = high
        while a < b {
          let m = (a + b) >> 1
          if key(m) <= c { a = m + 1 } else { b = m }
        }
        high = a
        k += 1
        if low < high && Int(truncatingIfNeeded: entries[low] >> 16 & 0x3F) == k { best = low }
      }
      guard let best else { return nil }
      let entry = entries[best]
      return Match(
        length: Int(truncatingIfNeeded: entry >> 16 & 0x3F), first: UInt32(truncatingIfNeeded: entry >> 22 & 0x1F_FFFF),
        second: UInt32(truncatingIfNeeded: entry >> 43 & 0x1F_FFFF))
    }
  }
}
