public import Crypto

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Digests written as lower-case hex: how images are named in the spool and the store, how
/// archive members are checked, and how cached model answers are keyed.
public enum HexDigest {
  @usableFromInline static let digits = Array("0123456789abcdef".utf8)

  /// The SHA-256 of `data`, 64 lower-case hex digits.
  // Inlinable so that callers hashing megabytes get Crypto's hashing specialised for their
  // buffer type instead of a generic call through witness tables.
  @inlinable
  public static func sha256(_ data: some DataProtocol) -> String {
    let digest = SHA256.hash(data: data)
    return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { hex in
      var index = 0
      for byte in digest {
        hex[index] = digits[Int(byte >> 4)]
        hex[index + 1] = digits[Int(byte & 0x0f)]
        index += 2
      }
      return index
    }
  }
}
