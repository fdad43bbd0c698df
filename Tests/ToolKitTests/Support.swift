import Foundation

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
    _ = text.withUTF8 { Platform.writeAll(writeEnd, UnsafeRawBufferPointer($0)) }
  }

  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Platform.writeAll(writeEnd, $0) }
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
  let path = NSTemporaryDirectory() + "toolkit-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
