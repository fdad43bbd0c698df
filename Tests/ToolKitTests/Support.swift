import Foundation
import PrivateFiles
import TestSupport

@testable import ToolKit

#if canImport(Glibc)
  import Glibc
#endif

/// A pipe whose ends tests write to and read from directly.
final class TestPipe: @unchecked Sendable {
  let readEnd: Int32
  let writeEnd: Int32
  private var writeClosed = false

  init() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { DescriptorWrite.writeAll(writeEnd, UnsafeRawBufferPointer($0)) }
  }

  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { DescriptorWrite.writeAll(writeEnd, $0) }
  }

  func closeWrite() {
    guard !writeClosed else { return }
    writeClosed = true
    close(writeEnd)
  }

  /// Everything until the write end is closed.
  func readToEnd() -> String {
    closeWrite()
    let bytes = (try? Platform.readAll(readEnd)) ?? []
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Waits up to `timeout` seconds for data, then returns what one read(2) gives ("" on timeout).
  func readAvailable(timeout: Double) -> String {
    var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let got = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
    return got > 0 ? String(decoding: buffer[0..<got], as: UTF8.self) : ""
  }

  deinit {
    closeWrite()
    close(readEnd)
  }
}

/// Diagnostics written into a pipe, so that tests can read what a person would see.
func capturedDiagnostics(
  verbosity: Diagnostics.Verbosity = .normal, interactive: Bool = false, environment: [String: String] = [:]
) -> (Diagnostics, TestPipe) {
  let pipe = TestPipe()
  return (
    Diagnostics(
      tool: "rk-test", verbosity: verbosity, fd: pipe.writeEnd, interactive: interactive, environment: environment),
    pipe
  )
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
  let path = TemporaryFolder.path("toolkit-tests")
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A pseudo-terminal: what tools write to `terminal` (the side a shell gives them as stderr) is
/// read back from the controlling side, with the terminal's newline translation turned off.
final class TestTerminal: @unchecked Sendable {
  let controller: Int32
  let terminal: Int32

  init() throws {
    // posix_openpt(3) by hand: Glibc's module leaves it out, and the ioctl numbers are macros
    // Swift cannot import (_IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int) on Linux).
    let lockRequest: UInt = 0x4004_5431
    let numberRequest: UInt = 0x8004_5430
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: CInt = 0
    var number: CUnsignedInt = 0
    guard controller >= 0, ioctl(controller, lockRequest, &unlock) == 0,
      ioctl(controller, numberRequest, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
    var settings = termios()
    tcgetattr(terminal, &settings)
    settings.c_oflag &= ~tcflag_t(OPOST)
    tcsetattr(terminal, TCSANOW, &settings)
  }

  /// What was written so far (the writes are done: they went through the kernel at once).
  func written() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { break }
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A tool's messages, drawn on this terminal through its own descriptor, as a tool in a
  /// pipeline inherits one.
  func diagnostics(_ tool: String) -> Diagnostics {
    Diagnostics(tool: tool, fd: dup(terminal), interactive: true, environment: ["NO_COLOR": "1"])
  }

  deinit {
    close(terminal)
    close(controller)
  }
}
