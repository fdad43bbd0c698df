import Foundation
import Testing
import Wire

@testable import ToolKit

@Suite struct LineReaderTests {
  private func lines(of text: String, capacity: Int = 1 << 16) throws -> [String] {
    let pipe = TestPipe()
    pipe.write(text)
    pipe.closeWrite()
    let reader = LineReader(fd: pipe.readEnd, name: "test", initialCapacity: capacity)
    var result: [String] = []
    try reader.forEachLine { bytes, _ in result.append(String(decoding: bytes, as: UTF8.self)) }
    return result
  }

  @Test func lastLineWithoutNewlineIsStillALine() throws {
    #expect(try lines(of: "a\nb") == ["a", "b"])
    #expect(try lines(of: "a\nb\n") == ["a", "b"])
    #expect(try lines(of: "") == [])
  }

  @Test func crlfIsTolerated() throws {
    #expect(try lines(of: "{\"a\":1}\r\n{\"b\":2}\r\n") == ["{\"a\":1}", "{\"b\":2}"])
  }

  @Test func linesLongerThanTheBufferGrowIt() throws {
    let long = String(repeating: "x", count: 1000)
    #expect(try lines(of: "s\n\(long)\nt", capacity: 16) == ["s", long, "t"])
  }

  @Test func onIdleRunsOnlyWhenTheNextReadWouldWait() throws {
    // Data already waiting, and end of file: reads that return at once, no idle call.
    let ready = TestPipe()
    ready.write("a\n")
    let busy = LineReader(fd: ready.readEnd, name: "ready")
    var idleCalls = 0
    busy.onIdle = { idleCalls += 1 }
    try busy.forEachLine { line, _ in
      if String(decoding: line, as: UTF8.self) == "a" {
        ready.write("b\n")
        ready.closeWrite()
      }
    }
    #expect(idleCalls == 0)

    // Nothing written yet after "a": the reader is idle once, and what the idle call sends arrives.
    let slow = TestPipe()
    slow.write("a\n")
    let reader = LineReader(fd: slow.readEnd, name: "slow")
    var seen: [String] = []
    var seenWhenIdle: [[String]] = []
    reader.onIdle = {
      seenWhenIdle.append(seen)
      slow.write("b\n")
      slow.closeWrite()
    }
    // Should onIdle not run, the read after "a" ends the input instead of waiting forever.
    reader.onDrain = { if !seen.isEmpty { slow.closeWrite() } }
    try reader.forEachLine { line, _ in seen.append(String(decoding: line, as: UTF8.self)) }
    #expect(seenWhenIdle == [["a"]])
    #expect(seen == ["a", "b"])
  }

  @Test func aLineOverTheLimitIsAnError() throws {
    let pipe = TestPipe()
    pipe.write(String(repeating: "y", count: 100) + "\n")
    pipe.closeWrite()
    let reader = LineReader(fd: pipe.readEnd, name: "big", maxLineBytes: 64, initialCapacity: 16)
    let error = #expect(throws: ToolError.self) { try reader.forEachLine { _, _ in } }
    #expect(error?.status == .dataError)
    #expect(error?.message == "big: line 1 is longer than 64 bytes")
  }

  @Test func lineNumbersCountBlankLines() throws {
    let pipe = TestPipe()
    pipe.write("a\n\nb\n")
    pipe.closeWrite()
    var numbers: [Int] = []
    try LineReader(fd: pipe.readEnd, name: "t").forEachLine { _, number in numbers.append(number) }
    #expect(numbers == [1, 2, 3])
  }

  @Test func aChunkBoundaryInsideAUTF8SequenceKeepsTheLineWhole() async throws {
    // "é" is C3 A9 and "😀" is F0 9F 98 80: each write(2) below ends in the middle of one, and the
    // reader sees the pieces as separate read(2) results.
    let pipe = TestPipe()
    let pieces: [[UInt8]] = [
      Array(#"{"t":"caf"#.utf8) + [0xC3], [0xA9, 0xF0, 0x9F], [0x98], [0x80] + Array(#""}"#.utf8) + [0x0A],
    ]
    let writer = Task.detached {
      for piece in pieces {
        pipe.write(piece)
        try await Task.sleep(for: .milliseconds(20))
      }
      pipe.closeWrite()
    }
    let (diagnostics, stderr) = capturedDiagnostics()
    let input = RecordInput(paths: ["/dev/fd/\(pipe.readEnd)"], strict: true, diagnostics: diagnostics, sink: nil)
    var got: [String] = []
    try input.forEachRecord { got.append(String(decoding: $0.bytes, as: UTF8.self)) }
    try await writer.value
    #expect(got == [#"{"t":"café😀"}"#])
    #expect(stderr.readToEnd() == "")
  }

  @Test func aSixtyFourMegabyteLineIsRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/big.ndjson"
    let payload = String(repeating: "abcdefgh", count: 8 << 20)  // 64 MiB
    let text = "{\"kind\":\"x\",\"data\":\"" + payload + "\"}\n{\"small\":1}"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let (diagnostics, _) = capturedDiagnostics()
    let input = RecordInput(paths: [path], strict: true, diagnostics: diagnostics, sink: nil)
    var sizes: [Int] = []
    var last = ""
    try input.forEachRecord {
      sizes.append($0.bytes.count)
      last = String(decoding: $0.bytes, as: UTF8.self)
    }
    #expect(sizes == [payload.utf8.count + 22, 11])
    #expect(last == "{\"small\":1}")
  }

  @Test func aMissingFileIsStatus66() {
    let error = #expect(throws: ToolError.self) { try LineReader(path: "/nonexistent/input.ndjson") }
    #expect(error?.status == .noInput)
    #expect(error?.message == "cannot open /nonexistent/input.ndjson: No such file or directory")
  }

  @Test func aFolderIsStatus66() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let error = #expect(throws: ToolError.self) { try LineReader(path: directory) }
    #expect(error?.status == .noInput)
    #expect(error?.message == "cannot open \(directory): Is a directory")
    #expect(throws: ToolError.self) { try InputFile.checkReadable(directory) }
    #expect((try? InputFile.contents(of: directory)) == nil)
  }
}

@Suite struct RecordInputTests {
  private func run(_ text: String, strict: Bool) throws -> (records: [String], stderr: String, error: ToolError?) {
    let pipe = TestPipe()
    pipe.write(text)
    pipe.closeWrite()
    let (diagnostics, stderr) = capturedDiagnostics()
    let input = RecordInput(paths: ["/dev/fd/\(pipe.readEnd)"], strict: strict, diagnostics: diagnostics, sink: nil)
    var records: [String] = []
    var failure: ToolError?
    do {
      try input.forEachRecord { records.append(String(decoding: $0.bytes, as: UTF8.self)) }
      try input.finish()
    } catch let error as ToolError {
      failure = error
    }
    return (records, stderr.readToEnd(), failure)
  }

  @Test func blankLinesAreSkippedSilently() throws {
    let result = try run("\n{\"a\":1}\n   \n\t\r\n{\"b\":2}\n\n", strict: true)
    #expect(result.records == ["{\"a\":1}", "{\"b\":2}"])
    #expect(result.stderr == "")
    #expect(result.error == nil)
  }

  @Test func invalidUTF8IsReportedWithItsLineNumberAndSkipped() throws {
    let pipe = TestPipe()
    pipe.write(Array("{\"a\":1}\n{\"b\":\"".utf8) + [0xFF, 0xFE] + Array("\"}\n{\"c\":3}\n".utf8))
    pipe.closeWrite()
    let (diagnostics, stderr) = capturedDiagnostics()
    let input = RecordInput(paths: ["/dev/fd/\(pipe.readEnd)"], strict: false, diagnostics: diagnostics, sink: nil)
    var records: [String] = []
    try input.forEachRecord { records.append(String(decoding: $0.bytes, as: UTF8.self)) }
    let error = #expect(throws: ToolError.self) { try input.finish() }
    #expect(records == ["{\"a\":1}", "{\"c\":3}"])
    #expect(
      stderr.readToEnd().hasPrefix(
        "rk-test: error: /dev/fd/\(pipe.readEnd):2: invalid UTF-8 at byte 7 (line skipped)\n"))
    #expect(error?.status == .dataError)
    #expect(error?.message == "skipped 1 bad input line")
  }

  @Test func aLineThatIsNotAnObjectIsReportedWithItsLineNumber() throws {
    let result = try run("{\"a\":1}\n[1,2]\nplain text\n{\"truncated\":\n", strict: false)
    #expect(result.records == ["{\"a\":1}"])
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasSuffix(":2: not a JSON object (line skipped)"))
    #expect(lines[1].hasSuffix(":3: not a JSON object (line skipped)"))
    #expect(lines[2].hasSuffix(":4: not a JSON object (truncated?) (line skipped)"))
    #expect(result.error?.message == "skipped 3 bad input lines")
  }

  @Test func strictStopsAtTheFirstBadLine() throws {
    let result = try run("{\"a\":1}\nnope\n{\"b\":2}\n", strict: true)
    #expect(result.records == ["{\"a\":1}"])
    #expect(result.stderr == "")
    #expect(result.error?.status == .dataError)
    #expect(result.error?.message.hasSuffix(":2: not a JSON object") == true)
  }

  @Test(arguments: [false, true])
  func aLineInBracesThatIsNotJSONIsReportedWhereTheToolReadsIt(strict: Bool) throws {
    let pipe = TestPipe()
    pipe.write(
      #"{"kind":"a","id":"1"}"# + "\n" + #"{"kind":"article" "id":"x"}"# + "\n" + #"{"kind":"a","id":"3"}"# + "\n")
    pipe.closeWrite()
    let (diagnostics, stderr) = capturedDiagnostics()
    let input = RecordInput(paths: ["/dev/fd/\(pipe.readEnd)"], strict: strict, diagnostics: diagnostics, sink: nil)
    var ids: [String?] = []
    let error = #expect(throws: ToolError.self) {
      try input.forEachRecord { ids.append(try $0.head().id) }
      try input.finish()
    }
    #expect(error?.status == .dataError)
    if strict {
      #expect(ids == ["1"])
      #expect(error?.message.hasPrefix("/dev/fd/\(pipe.readEnd):2: not valid JSON") == true, "\(error?.message ?? "")")
    } else {
      #expect(ids == ["1", "3"])
      #expect(stderr.readToEnd().hasPrefix("rk-test: error: /dev/fd/\(pipe.readEnd):2: not valid JSON"))
      #expect(error?.message == "skipped 1 bad input line")
    }
  }

  @Test func aToolCanRejectALineThatDidNotDecode() throws {
    let pipe = TestPipe()
    pipe.write("{\"kind\":\"x\"}\n")
    pipe.closeWrite()
    let (diagnostics, stderr) = capturedDiagnostics()
    let input = RecordInput(paths: ["/dev/fd/\(pipe.readEnd)"], strict: false, diagnostics: diagnostics, sink: nil)
    try input.forEachRecord { try input.reject($0, #"missing "id""#) }
    #expect(input.rejected == 1)
    #expect(stderr.readToEnd().hasSuffix(#":1: missing "id" (line skipped)"# + "\n"))
  }
}
