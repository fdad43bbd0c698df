#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one loop that writes to a file descriptor, for the files written here and for the tools'
/// standard output and error (ToolKit).
public enum DescriptorWrite {
  /// write(2) until everything is written: 0, or the errno that stopped it.
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard var base = bytes.baseAddress else { return 0 }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(descriptor, base, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      base += written
      remaining -= written
    }
    return 0
  }
}
