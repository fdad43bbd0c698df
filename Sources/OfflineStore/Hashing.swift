import ContentHash
import Foundation

enum Hashing {
  /// The SHA-256 of `data` in lower-case hex, the name of an image everywhere in the store.
  static func sha256(_ data: some DataProtocol) -> String { HexDigest.sha256(data) }
}
