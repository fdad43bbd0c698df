/// The host parser of the WHATWG URL standard for special schemes: a domain comes out lower-cased
/// and in its ASCII (punycode) form, a number-ending host as a dotted IPv4 address, a bracketed one
/// as a compressed IPv6 address; nil for anything a browser refuses.
enum URLHost {
  static func serialize(_ input: ArraySlice<UInt8>) -> [UInt8]? {
    guard let first = input.first else { return nil }
    if first == UInt8(ascii: "[") {
      guard input.count > 2, input.last == UInt8(ascii: "]"), let pieces = ipv6(input.dropFirst().dropLast()) else {
        return nil
      }
      return Array("[\(serializeIPv6(pieces))]".utf8)
    }
    guard let domain = asciiDomain(input) else { return nil }
    guard endsInANumber(domain) else { return domain }
    return ipv4(domain).map { Array("\($0 >> 24).\($0 >> 16 & 0xFF).\($0 >> 8 & 0xFF).\($0 & 0xFF)".utf8) }
  }

  /// Percent-decoded, mapped to ASCII, checked for the forbidden domain code points.
  private static func asciiDomain(_ input: ArraySlice<UInt8>) -> [UInt8]? {
    var decoded = percentDecoded(input)
    if decoded.contains(where: { $0 >= 0x80 }) {
      guard let ascii = Punycode.domainToASCII(String(decoding: decoded, as: UTF8.self)) else { return nil }
      decoded = Array(ascii.utf8)
    } else {
      for index in decoded.indices where decoded[index] >= UInt8(ascii: "A") && decoded[index] <= UInt8(ascii: "Z") {
        decoded[index] += 0x20
      }
    }
    guard !decoded.isEmpty, !decoded.contains(where: isForbiddenInDomain) else { return nil }
    return decoded
  }

  private static func isForbiddenInDomain(_ byte: UInt8) -> Bool {
    if byte <= 0x20 || byte == 0x7F { return true }
    switch byte {
    case UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "<"),
      UInt8(ascii: ">"),
      UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"),
      UInt8(ascii: "|"):
      return true
    default:
      return false
    }
  }

  private static func percentDecoded(_ input: ArraySlice<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = input.startIndex
    while index < input.endIndex {
      let byte = input[index]
      if byte == UInt8(ascii: "%"), index + 2 < input.endIndex, let high = hexValue(input[index + 1]),
        let low = hexValue(input[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  // MARK: IPv4

  /// The last label (before one trailing dot) is all digits or `0x` hex: the host is an address
  /// and must parse as one (`1.2.3.999` is a failure, not a domain).
  private static func endsInANumber(_ domain: [UInt8]) -> Bool {
    var labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    if labels.last?.isEmpty == true, labels.count > 1 { labels.removeLast() }
    guard let last = labels.last, !last.isEmpty else { return false }
    if last.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
    let isHexPrefix =
      last.count >= 2 && last[last.startIndex] == UInt8(ascii: "0")
      && (last[last.startIndex + 1] | 0x20) == UInt8(ascii: "x")
    return isHexPrefix && last.dropFirst(2).allSatisfy { hexValue($0) != nil }
  }

  /// Up to four parts, each decimal, octal (leading 0) or hex (0x); the last fills the bytes the
  /// others leave (`127.1` is 127.0.0.1).
  private static func ipv4(_ domain: [UInt8]) -> UInt32? {
    var parts = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
    guard parts.count <= 4 else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = ipv4Number(part) else { return nil }
      numbers.append(number)
    }
    guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last,
      last < (1 << (8 * UInt64(5 - numbers.count)))
    else { return nil }
    var address = last
    for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
    return UInt32(address)
  }

  private static func ipv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
    guard !part.isEmpty else { return nil }
    var digits = part
    var radix: UInt64 = 10
    if digits.count >= 2, digits.first == UInt8(ascii: "0"), (digits[digits.startIndex + 1] | 0x20) == UInt8(ascii: "x")
    {
      digits = digits.dropFirst(2)
      radix = 16
    } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
      digits = digits.dropFirst()
      radix = 8
    }
    var value: UInt64 = 0
    for byte in digits {
      guard let digit = hexValue(byte).map(UInt64.init), digit < radix else { return nil }
      value = value * radix + digit
      // Past 2^32 it fails whatever follows; stopping here keeps the arithmetic from overflowing.
      if value > UInt64(UInt32.max) { return nil }
    }
    return value
  }

  // MARK: IPv6

  /// The standard's IPv6 parser: eight 16-bit pieces, one `::`, an optional dotted IPv4 tail.
  private static func ipv6(_ input: ArraySlice<UInt8>) -> [UInt16]? {
    var address = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = input.startIndex
    let end = input.endIndex
    func at(_ index: Int) -> UInt8? { index < end ? input[index] : nil }
    let colon = UInt8(ascii: ":")

    if at(pointer) == colon {
      guard at(pointer + 1) == colon else { return nil }
      pointer += 2
      pieceIndex += 1
      compress = pieceIndex
    }
    while pointer < end {
      guard pieceIndex < 8 else { return nil }
      if input[pointer] == colon {
        guard compress == nil else { return nil }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      var value: UInt16 = 0
      var length = 0
      while length < 4, let byte = at(pointer), let digit = hexValue(byte) {
        value = value << 4 | UInt16(digit)
        pointer += 1
        length += 1
      }
      if at(pointer) == UInt8(ascii: ".") {
        guard length > 0, pieceIndex <= 6 else { return nil }
        pointer -= length
        guard let tail = ipv6IPv4Tail(input[pointer...]) else { return nil }
        address[pieceIndex] = tail.high
        address[pieceIndex + 1] = tail.low
        pieceIndex += 2
        pointer = end
        break
      }
      if at(pointer) == colon {
        pointer += 1
        guard pointer < end else { return nil }
      } else if pointer < end {
        return nil
      }
      address[pieceIndex] = value
      pieceIndex += 1
    }
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0, swaps > 0 {
        address.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      return nil
    }
    return address
  }

  /// Exactly four decimal numbers of at most 255, no leading zeros.
  private static func ipv6IPv4Tail(_ input: ArraySlice<UInt8>) -> (high: UInt16, low: UInt16)? {
    let parts = input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var bytes: [UInt16] = []
    for part in parts {
      guard !part.isEmpty, part.count == 1 || part.first != UInt8(ascii: "0"),
        part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), part.count <= 3,
        let number = UInt16(String(decoding: part, as: UTF8.self)), number <= 255
      else { return nil }
      bytes.append(number)
    }
    return (bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3])
  }

  /// Lower-case hex without leading zeros; the first longest run of two or more zero pieces
  /// becomes `::`.
  private static func serializeIPv6(_ pieces: [UInt16]) -> String {
    var compress: Int?
    var longest = 1
    var index = 0
    while index < 8 {
      var run = 0
      while index + run < 8, pieces[index + run] == 0 { run += 1 }
      if run > longest {
        longest = run
        compress = index
      }
      index += max(run, 1)
    }
    var output = ""
    var ignoreZero = false
    for index in 0..<8 {
      if ignoreZero, pieces[index] == 0 { continue }
      ignoreZero = false
      if compress == index {
        output += index == 0 ? "::" : ":"
        ignoreZero = true
        continue
      }
      output += String(pieces[index], radix: 16)
      if index != 7 { output += ":" }
    }
    return output
  }
}
