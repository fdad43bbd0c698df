// What every fuzz target shares: an invariant that breaks prints what broke and aborts, which
// libFuzzer reports as a crash and saves as a reproducer.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` after the target's name and aborts, so that libFuzzer saves the input.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  guard !condition() else { return }
  let line = Array("fuzz invariant broken: \(message())\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  abort()
}

/// The input's bytes, copied out of libFuzzer's buffer.
public func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
  Array(UnsafeBufferPointer(start: data, count: size))
}
