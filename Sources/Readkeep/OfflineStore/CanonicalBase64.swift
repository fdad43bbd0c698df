import Foundation

/// Base64 read only in its canonical spelling (RFC 4648 §4: the standard alphabet, padded to
/// whole quads, pad bits zero): exactly the texts that decoding and encoding again give back
/// unchanged, so that a stored image written out again reproduces its article byte for byte.
enum CanonicalBase64 {
  /// The run of base64 symbols (`=` included) that starts `text`, decoded: its bytes and its
  /// length; nil when the run is empty or not canonical. One pass finds where the run ends,
  /// checks it and decodes it; nothing is encoded again to compare.
  static func decodePrefix(_ text: UnsafeBufferPointer<UInt8>) -> (bytes: Data, length: Int)? {
    values.withUnsafeBufferPointer { (values: UnsafeBufferPointer<UInt8>) -> (bytes: Data, length: Int)? in
      var output = Output(capacity: min(text.count, 1 << 16) / 4 * 3 + 3)
      let count = text.count
      var input = 0
      // Whole quads of the alphabet, until one holds anything else (padding, or the run's end).
      while input + 4 <= count {
        let a = values[Int(text[input])]
        let b = values[Int(text[input + 1])]
        let c = values[Int(text[input + 2])]
        let d = values[Int(text[input + 3])]
        guard (a | b | c | d) & invalid == 0 else { break }
        output.append(a << 2 | b >> 4, b << 4 | c >> 2, c << 6 | d)
        input += 4
      }
      // A last quad with padding, its pad bits zero. Only when it starts with two symbols: an
      // `=` three bytes on may lie past the run (`AAAA id=x`), which then ends before it.
      let a = input + 4 <= count ? values[Int(text[input])] : invalid
      let b = input + 4 <= count ? values[Int(text[input + 1])] : invalid
      if (a | b) & invalid == 0, text[input + 3] == equals {
        if text[input + 2] == equals {
          guard b & 0x0f == 0 else { return nil }
          output.append(a << 2 | b >> 4)
        } else {
          let c = values[Int(text[input + 2])]
          guard c & invalid == 0, c & 0x03 == 0 else { return nil }
          output.append(a << 2 | b >> 4, b << 4 | c >> 2)
        }
        input += 4
      }
      // The run must end here: a symbol or `=` after it makes it a longer run, not canonical.
      guard input > 0, input == count || !isSymbolOrPadding(text[input], values) else { return nil }
      return (output.data(), input)
    }
  }

  /// Whether a byte belongs to a run of base64: a symbol of the alphabet or `=`.
  static func isSymbolOrPadding(_ byte: UInt8) -> Bool {
    values.withUnsafeBufferPointer { isSymbolOrPadding(byte, $0) }
  }

  private static func isSymbolOrPadding(_ byte: UInt8, _ values: UnsafeBufferPointer<UInt8>) -> Bool {
    values[Int(byte)] & invalid == 0 || byte == equals
  }

  private static let equals = UInt8(ascii: "=")
  private static let invalid: UInt8 = 0x80

  /// Each byte's 6-bit value, or `invalid` (`=` too: padding is only read at the end).
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: invalid, count: 256)
    for (value, symbol) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(symbol)] = UInt8(value)
    }
    return table
  }()

  /// Decoded bytes in memory that grows as they come (the run's length is known only at its
  /// end), handed to `Data` without a copy.
  private struct Output: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
      self.capacity = max(capacity, 16)
      base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
      if count + 3 > capacity { grow() }
      base[count] = first
      base[count + 1] = second
      base[count + 2] = third
      count += 3
    }

    /// The last one or two bytes.
    mutating func append(_ first: UInt8, _ second: UInt8? = nil) {
      if count + 2 > capacity { grow() }
      base[count] = first
      count += 1
      if let second {
        base[count] = second
        count += 1
      }
    }

    private mutating func grow() {
      capacity *= 2
      base = realloc(base, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes; the memory goes with them, cut to their size (up to half of it was room to grow).
    consuming func data() -> Data {
      let data = Data(bytesNoCopy: realloc(base, count)!, count: count, deallocator: .free)
      discard self
      return data
    }
  }
}
