import Foundation
import Testing
import Wire

@testable import ToolKit

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct OutputSinkTests {
  @Test func recordsAreWrittenAsCanonicalLines() throws {
    let pipe = TestPipe()
    let sink = OutputSink(fd: pipe.writeEnd)
    try sink.emit(Pruned(id: "p", title: "T", bytes: 3, reason: "keep"))
    try "{\"raw\":true}".utf8.withContiguousStorageIfAvailable { try sink.writeLine(UnsafeRawBufferPointer($0)) }
    try sink.flush()
    #expect(
      pipe.readToEnd()
        == "{\"bytes\":3,\"id\":\"p\",\"kind\":\"pruned\",\"reason\":\"keep\",\"title\":\"T\"}\n{\"raw\":true}\n")
  }

  @Test func nothingIsWrittenBeforeAFlushOrAFullBuffer() throws {
    let pipe = TestPipe()
    let sink = OutputSink(fd: pipe.writeEnd, capacity: 64)
    try sink.write("0123456789")
    #expect(pipe.readAvailable(timeout: 0.05) == "")
    try sink.write(String(repeating: "x", count: 60))
    #expect(pipe.readAvailable(timeout: 1) == "0123456789")
    try sink.flush()
    #expect(pipe.readAvailable(timeout: 1) == String(repeating: "x", count: 60))
  }

  @Test func aRecordLargerThanTheBufferGoesOutWhole() throws {
    let pipe = TestPipe()
    let sink = OutputSink(fd: pipe.writeEnd, capacity: 16)
    let big = String(repeating: "z", count: 1000)
    try big.utf8.withContiguousStorageIfAvailable { try sink.writeLine(UnsafeRawBufferPointer($0)) }
    try sink.flush()
    #expect(pipe.readToEnd() == big + "\n")
  }

  @Test func flushingEachRecordSendsEveryRecordAtOnce() throws {
    let pipe = TestPipe()
    let sink = OutputSink(fd: pipe.writeEnd).flushing(eachRecord: true)
    try sink.emit(Deleted(id: "d1"))
    #expect(pipe.readAvailable(timeout: 1) == "{\"id\":\"d1\",\"kind\":\"deleted\"}\n")
  }

  @Test func aWriteErrorOtherThanAClosedPipeIsStatus74() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0, "/dev/full is needed for this test")
    defer { close(full) }
    let sink = OutputSink(fd: full)
    try sink.write("data")
    let error = #expect(throws: ToolError.self) { try sink.flush() }
    #expect(error?.status == .ioError)
    #expect(error?.message == "writing standard output failed: No space left on device")
  }

  /// Behind a producer that writes one record at a time, each record must come out of the filter
  /// before the producer writes the next: the reader flushes the sink whenever its input runs dry.
  @Test func eachRecordArrivesBeforeTheNextIsWritten() async throws {
    let input = TestPipe()
    let output = TestPipe()
    let inputPath = "/dev/fd/\(input.readEnd)"
    let outputFD = output.writeEnd
    let filter = Thread {
      let diagnostics = Diagnostics(tool: "filter", fd: outputFD, interactive: false, environment: [:])
      let sink = OutputSink(fd: outputFD)
      let records = RecordInput(paths: [inputPath], strict: false, diagnostics: diagnostics, sink: sink)
      try? records.forEachRecord { try sink.writeLine($0.bytes) }
      try? sink.flush()
    }
    filter.start()
    for index in 1...5 {
      let line = "{\"n\":\(index)}\n"
      input.write(line)
      #expect(output.readAvailable(timeout: 5) == line, "record \(index) did not arrive before the next was written")
    }
    input.closeWrite()
  }

  /// `tool | head -1`: the tool must die at once of SIGPIPE (status 141 in a shell) with nothing on
  /// stderr, even though SIGPIPE was ignored the way SwiftNIO ignores it.
  @Test func aClosedPipeEndsTheProcessQuietlyWithSIGPIPE() async throws {
    // Swift Testing's child process writes a few marker bytes of its own on stderr; anything beyond
    // what a child that prints nothing shows would come from the sink.
    let baseline = await #expect(processExitsWith: .exitCode(0), observing: [\.standardErrorContent]) { exit(0) }
    let result = await #expect(
      processExitsWith: .signal(SIGPIPE), observing: [\.standardOutputContent, \.standardErrorContent]
    ) {
      signal(SIGPIPE, SIG_IGN)
      alarm(20)  // a sink that ignored EPIPE would write forever; SIGALRM then fails the test
      let head = Process()
      head.executableURL = URL(fileURLWithPath: "/usr/bin/head")
      head.arguments = ["-1"]
      let pipe = Pipe()
      head.standardInput = pipe
      try head.run()
      dup2(pipe.fileHandleForWriting.fileDescriptor, 1)
      try pipe.fileHandleForWriting.close()
      try pipe.fileHandleForReading.close()
      var index = 0
      while true {
        index += 1
        try OutputSink.standardOutput.emit(Deleted(id: "record-\(index)"))
      }
    }
    #expect(
      String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        == "{\"id\":\"record-1\",\"kind\":\"deleted\"}\n")
    #expect(result?.standardErrorContent == baseline?.standardErrorContent)
  }
}
