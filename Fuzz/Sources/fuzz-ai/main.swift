// libFuzzer entry point for what ail-ai reads besides records: the text it cuts into pieces and
// the answers it must read as JSON. The first byte picks a piece size; the first line is a
// JSON Schema, the rest is both the text and the answer:
//   (a) TextSplitter: the pieces, each followed by its separator, are the text again, and none
//       is over the size in tokens;
//   (b) JSONSchema: a schema that parses is accepted or refused, never trapped on; an answer
//       StructuredRewrite.parse accepts has no violation of it, one it refuses says why.
// Run by `scripts/fuzz fuzz-ai`; seeded with Fuzz/Seeds/fuzz-ai.
import FuzzCheck
import Rewrite
import Wire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = bytes(data, size)
  guard let first = input.first else { return 0 }
  let rest = Array(input.dropFirst())
  let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.count
  let schemaBytes = Array(rest[..<newline])
  let text = String(decoding: rest[min(newline + 1, rest.count)...], as: UTF8.self)

  let limit = Int(first % 64) + 1
  let pieces = TextSplitter.split(text, maxTokens: limit)
  check(pieces.map { $0.text + $0.separator }.joined() == text, "the pieces are not the text")
  for piece in pieces {
    check(TokenEstimate.tokens(piece.text) <= limit || piece.text.count == 1, "a piece over \(limit) tokens")
  }

  guard let value = try? schemaBytes.withUnsafeBytes({ try WireCoding.parse($0) }),
    let schema = try? JSONSchema(value)
  else { return 0 }
  switch StructuredRewrite.parse(text, schema: schema) {
  case .success(let answer): check(schema.violation(of: answer) == nil, "an accepted answer breaks the schema")
  case .failure(let reason): check(!reason.description.isEmpty, "a refusal without a reason")
  }
  return 0
}
