#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RecordHead {
  /// `kind` and `id` from a line's top-level members, found by skimming the bytes: nested values
  /// and long strings (a whole article's HTML) are skipped, not parsed. Returns nil when the line is
  /// not a JSON object as far as the skim can tell; decoding it then gives the precise error.
  public static func scan(_ bytes: UnsafeRawBufferPointer) -> RecordHead? {
    var scanner = TopLevelScanner(bytes)
    var head = RecordHead(kind: nil, id: nil)
    let found = scanner.members { key, value in
      guard value.first == UInt8(ascii: "\""), key.count <= 4 else { return }
      switch String(decoding: key, as: UTF8.self) {
      case "kind": head.kind = TopLevelScanner.string(value)
      case "id": head.id = TopLevelScanner.string(value)
      default: break
      }
    }
    return found ? head : nil
  }
}

/// Walks the members of one JSON object without building anything.
struct TopLevelScanner {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Calls `body` with each member's raw key (without quotes) and raw value; false when malformed.
  mutating func members(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) -> Bool {
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return atEnd() }
    while true {
      skipSpace()
      let keyStart = index
      guard skipString() else { return false }
      let key = slice(keyStart + 1, index - 1)
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      let valueStart = index
      guard skipValue() else { return false }
      body(key, slice(valueStart, index))
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}")) && atEnd()
    }
  }

  /// The text of a raw JSON string value (with its quotes); escapes are rare in kinds and ids and
  /// go through the decoder.
  static func string(_ raw: UnsafeRawBufferPointer) -> String? {
    guard raw.count >= 2 else { return nil }
    let inner = UnsafeRawBufferPointer(rebasing: raw[1..<(raw.count - 1)])
    if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
    return try? JSONDecoder().decode(String.self, from: Data(raw))
  }

  private func slice(_ lower: Int, _ upper: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func atEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  /// Skips a string starting at `index` (its opening quote), eight bytes at a time when no quote
  /// or backslash is among them.
  private mutating func skipString() -> Bool {
    guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return false }
    while index < bytes.count {
      while index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if SWAR.hasByte(word, 0x22) || SWAR.hasByte(word, 0x5C) { break }
        index += 8
      }
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        index += 2
      default:
        index += 1
      }
    }
    return false
  }

  /// Skips any value: strings, nested objects and arrays (by depth), or a scalar.
  private mutating func skipValue() -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        default:
          break
        }
        index += 1
      }
      return false
    default:
      let start = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
          return index > start
        default:
          index += 1
        }
      }
      return index > start
    }
  }
}
