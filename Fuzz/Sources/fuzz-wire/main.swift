// libFuzzer entry point for what reads the wire: ToolKit's LineReader over a pipe (a small buffer,
// so lines grow it), then each line that is UTF-8 (RecordInput refuses the others) through
//   (a) RecordHead.scan, which must accept exactly the objects JSONParser accepts and find the
//       same top-level kind and id;
//   (b) JSONParser, whose value written by JSONWriter must parse back to the same JSON (a whole
//       number may come back as an integer) and, written again, stay as it is;
//   (c) the records the tools decode (Article, BookmarkRecord, LogEntry, FieldChange,
//       MailRecord), which must not trap whatever the line holds.
// Run by `scripts/fuzz fuzz-wire`; seeded with record lines in Fuzz/Seeds/fuzz-wire.
import FuzzCheck
import ToolKit
import Wire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = bytes(data, size)
  var lines: [[UInt8]] = []
  readLines(input) { lines.append(Array($0)) }
  var expected = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
  if expected.last?.isEmpty == true { expected.removeLast() }
  expected = expected.map { $0.last == 0x0D ? Array($0.dropLast()) : $0 }
  check(lines == expected, "LineReader gave \(lines.count) lines, not the input's \(expected.count)")
  // RecordInput turns away a line that is not UTF-8 before anything parses it.
  for line in lines where String(validating: line, as: UTF8.self) != nil { line.withUnsafeBytes(checkLine) }
  return 0
}

/// The lines LineReader reads from a pipe holding `input` (libFuzzer keeps inputs far below the
/// pipe's capacity, so writing it all first cannot block).
func readLines(_ input: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
  var ends: [Int32] = [0, 0]
  check(pipe(&ends) == 0, "no pipe")
  defer { close(ends[0]) }
  let written = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
  close(ends[1])
  check(written == input.count, "the pipe took \(written) of \(input.count) bytes")
  let reader = LineReader(fd: ends[0], name: "fuzz", maxLineBytes: 1 << 20, initialCapacity: 16)
  do {
    try reader.forEachLine { line, _ in body(line) }
  } catch {
    check(false, "LineReader failed: \(error)")
  }
}

func checkLine(_ line: UnsafeRawBufferPointer) {
  let head = RecordHead.scan(line)
  let value = try? WireCoding.parse(line)
  if case .object(let members)? = value {
    check(head != nil, "JSONParser read an object that RecordHead.scan refused")
    check(head?.kind == members["kind"]?.stringValue, "scan found kind \(String(describing: head?.kind))")
    check(head?.id == members["id"]?.stringValue, "scan found id \(String(describing: head?.id))")
  } else {
    check(head == nil, "RecordHead.scan accepted what JSONParser did not read as an object")
  }
  if let value {
    guard let written = try? WireCoding.line(value) else { return check(false, "JSONWriter failed") }
    let again = written.dropLast().withUnsafeBytes { try? WireCoding.parse($0) }
    let text = String(decoding: written, as: UTF8.self)
    check(again.map(numbersAsWritten) == numbersAsWritten(value), "JSONWriter wrote \(text), which parses differently")
    // Written once more it is stable: only a negative zero changes, "-0" being read as the
    // integer 0, as Foundation (the reference) reads it.
    let second = again.flatMap { try? WireCoding.line($0) }
    let third = second.flatMap { $0.dropLast().withUnsafeBytes { try? WireCoding.parse($0) } }.flatMap {
      try? WireCoding.line($0)
    }
    check(second != nil && third == second, "JSONWriter's \(text) is not written again as it is")
  }
  _ = try? WireCoding.decode(Article.self, from: line)
  _ = try? WireCoding.decode(BookmarkRecord.self, from: line)
  _ = try? WireCoding.decode(LogEntry.self, from: line)
  _ = try? WireCoding.decode(FieldChange.self, from: line)
  _ = try? WireCoding.decode(MailRecord.self, from: line)
}

/// `value` with every whole number that an integer holds as that integer: the writer writes 1.0
/// and -0.0 as `1` and `0`, the same JSON number, which the parser then reads as an integer.
func numbersAsWritten(_ value: JSONValue) -> JSONValue {
  switch value {
  case .number(let number):
    if number.rounded() == number, let integer = Int64(exactly: number) { return .integer(integer) }
    return value
  case .array(let elements): return .array(elements.map(numbersAsWritten))
  case .object(let members): return .object(members.mapValues(numbersAsWritten))
  default: return value
  }
}
