import Foundation

/// Internationalised domain names in their ASCII form (`bücher.de` → `xn--bcher-kva.de`), as
/// browsers send them. UTS #46 mapping is approximated by Unicode lower-casing and NFC, which
/// covers the names met in image URLs; the encoding itself is RFC 3492's.
enum Punycode {
  static func domainToASCII(_ domain: String) -> String? {
    guard !domain.unicodeScalars.contains("\u{FFFD}") else { return nil }
    let mapped = domain.lowercased().precomposedStringWithCanonicalMapping
    // The ideographic and full-width full stops separate labels too (UTS #46). Looked for among
    // scalars, as a browser does: a combining mark after a dot must not join two labels.
    let labels = mapped.unicodeScalars.split(omittingEmptySubsequences: false) {
      $0 == "." || $0 == "\u{3002}" || $0 == "\u{FF0E}" || $0 == "\u{FF61}"
    }
    var output: [String] = []
    for label in labels {
      let scalars = label.map(\.value)
      if scalars.allSatisfy({ $0 < 0x80 }) {
        output.append(String(label))
      } else {
        guard let encoded = encode(scalars) else { return nil }
        output.append("xn--" + encoded)
      }
    }
    return output.joined(separator: ".")
  }

  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26

  /// RFC 3492 section 6.3; nil on overflow.
  static func encode(_ input: [UInt32]) -> String? {
    var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
    let basicCount = output.count
    if basicCount > 0 { output.append("-") }
    var handled = basicCount
    var n = 0x80
    var delta = 0
    var bias = 72
    while handled < input.count {
      guard let next = input.lazy.map(Int.init).filter({ $0 >= n }).min() else { return nil }
      let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - step else { return nil }
      delta += step
      n = next
      for scalar in input.lazy.map(Int.init) {
        if scalar < n { delta += 1 }
        guard scalar == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, points: handled + 1, first: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(output)
  }

  private static func digit(_ value: Int) -> Character {
    Character(Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26)))
  }

  private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
    var delta = first ? delta / 700 : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + 38)
  }
}
