#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered reads from a file descriptor, retried on EINTR, read until `count` bytes or the end.
struct ByteInput {
  let descriptor: Int32
  let name: String
  private(set) var atEnd = false

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Up to `count` bytes; fewer only at the end of the input.
  mutating func read(_ count: Int) throws(AudioError) -> [UInt8] {
    guard count > 0, !atEnd else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, count - filled) }
      if got < 0 {
        if errno == EINTR { continue }
        throw AudioError(.unreadable, "\(name): \(String(cString: strerror(errno)))")
      }
      if got == 0 {
        atEnd = true
        break
      }
      filled += got
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Skips `count` bytes by reading them (works on pipes too).
  mutating func skip(_ count: Int) throws(AudioError) {
    var left = count
    while left > 0, !atEnd {
      let chunk = try read(min(left, 65536))
      left -= chunk.count
      if chunk.isEmpty { break }
    }
  }
}
