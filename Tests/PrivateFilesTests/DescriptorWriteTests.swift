import Foundation
import PrivateFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DescriptorWriteTests {
  /// More than a pipe holds at once (64 KiB on Linux), read while it is written.
  @Test func everythingArrivesInOrder() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let received = ReceivedBytes()
    let reader = Thread {
      defer { close(readEnd) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      received.set(bytes)
    }
    reader.start()
    let error = bytes.withUnsafeBytes { DescriptorWrite.writeAll(writeEnd, $0) }
    close(writeEnd)
    #expect(error == 0)
    #expect(received.wait() == bytes)
  }

  @Test func aFailedWriteGivesItsErrno() {
    let error = [UInt8]("text".utf8).withUnsafeBytes { DescriptorWrite.writeAll(-1, $0) }
    #expect(error == EBADF)
  }
}

/// What the reading thread received, handed to the test once the pipe is closed.
private final class ReceivedBytes: @unchecked Sendable {
  private let condition = NSCondition()
  private var bytes: [UInt8]?

  func set(_ received: [UInt8]) {
    condition.lock()
    bytes = received
    condition.broadcast()
    condition.unlock()
  }

  func wait() -> [UInt8]? {
    condition.lock()
    defer { condition.unlock() }
    while bytes == nil { condition.wait() }
    return bytes
  }
}
