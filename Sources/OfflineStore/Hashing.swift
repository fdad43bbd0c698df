import Crypto
import Foundation

enum Hashing {
  private static let digits = Array("0123456789abcdef".utf8)

  /// The SHA-256 of `data` in lower-case hex, the name of an image everywhere in the store.
  static func sha256(_ data: some DataProtocol) -> String {
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: data) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
