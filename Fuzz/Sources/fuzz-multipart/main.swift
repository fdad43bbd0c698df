// libFuzzer entry point for the multipart reader of the bulk sync (Readeck's MultipartReader):
// the input's first line is a Content-Type, the rest the body. The body is fed whole, then in
// pieces of 1 to 17 bytes chosen from the input, as a network delivers it. Checked: no trap; both
// feedings end the same way (finished, or the same error) with the same parts; a part is
// never larger than the body.
// Run by `scripts/fuzz fuzz-multipart`; seeded with bodies in Fuzz/Seeds/fuzz-multipart.
import FuzzCheck
import Readeck

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.count
  let contentType = String(decoding: input[..<newline], as: UTF8.self)
  let body = Array(input[min(newline + 1, input.count)...])
  guard let boundary = try? MultipartReader.boundary(fromContentType: contentType) else { return 0 }
  check(!boundary.isEmpty, "an empty boundary from \(contentType.debugDescription)")

  let whole = read(body, boundary: boundary) { _ in body.count }
  var state = UInt32(truncatingIfNeeded: body.count) &* 2_654_435_761
  let pieces = read(body, boundary: boundary) { _ in
    state = state &* 1_103_515_245 &+ 12345
    return Int(state >> 16) % 17 + 1
  }
  check(whole.ending == pieces.ending, "fed in pieces, the body ended \(pieces.ending), not \(whole.ending)")
  // A feed that throws hands out none of the parts it completed: compared only when none did.
  if !whole.ending.hasPrefix("feed: ") {
    check(whole.parts == pieces.parts, "fed in pieces, the body gave other parts")
  }
  check(whole.parts.allSatisfy { $0.body.count <= body.count }, "a part larger than the body")
  return 0
}

/// The parts of `body` fed in pieces of `pieceSize` bytes, and how the reading ended.
func read(_ body: [UInt8], boundary: String, pieceSize: (Int) -> Int) -> (parts: [MultipartPart], ending: String) {
  var reader = MultipartReader(boundary: boundary, maxPartBytes: 1 << 12)
  var parts: [MultipartPart] = []
  var offset = 0
  while offset < body.count {
    let end = min(body.count, offset + pieceSize(offset))
    do {
      parts += try reader.feed(body[offset..<end])
    } catch {
      return (parts, "feed: \(error)")
    }
    offset = end
  }
  do {
    try reader.finish()
    return (parts, "finished")
  } catch {
    return (parts, "finish: \(error)")
  }
}
