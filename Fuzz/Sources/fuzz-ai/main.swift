// libFuzzer entry point for what ail-ai reads besides records: the text it cuts into pieces and
// the answers it must read as JSON. The first byte picks a piece size (its low six bits) and
// whether the text is spelled in graphemes (its top bit); the first line is a JSON Schema, the
// rest is both the text and the answer:
//   (a) TextSplitter: the splitting ends; the pieces, each followed by its separator, are the
//       text again byte for byte; every piece is within the size in tokens, or is one Unicode
//       scalar (at most 2 tokens, the one thing that cannot be cut); and halving a piece of more
//       than 2 tokens (splitting it at half its size, as ChunkedRewrite does after a refusal)
//       gives parts that are each smaller than the piece, so the halving always ends.
//   (b) JSONSchema: a schema that parses is accepted or refused, never trapped on; an answer
//       StructuredRewrite.parse accepts has no violation of it, one it refuses says why.
// Graphemes: each byte of the text stands for one of a few awkward parts (combining accents,
// zero-width joiners, emoji, flags, Hangul jamo, CR LF), so that characters far bigger than a
// piece come from short inputs; the same text is then the answer too.
// Run by `scripts/fuzz fuzz-ai`; seeded with Fuzz/Seeds/fuzz-ai.
import FuzzCheck
import Rewrite
import Wire

/// What a byte of the text stands for in grapheme spelling.
let awkwardParts = [
  "a", "ß", " ", "\n", "\r\n", "\n\n", ". ", "\u{301}", "\u{308}", "\u{200D}", "👩", "🏽", "🇩", "🇪",
  "\u{1100}", "\u{1161}", "\u{11A8}", "\u{FE0F}", "“", "»", "\r", "\t",
]

/// `text` cut at `limit` tokens, checked against the splitter's contract.
func checkSplit(_ text: String, limit: Int) -> [TextPiece] {
  let pieces = TextSplitter.split(text, maxTokens: limit)
  check(Array(pieces.map { $0.text + $0.separator }.joined().utf8) == Array(text.utf8), "the pieces are not the text")
  for piece in pieces {
    let tokens = TokenEstimate.tokens(piece.text)
    check(tokens <= limit || piece.text.unicodeScalars.count == 1, "a piece of \(tokens) tokens over \(limit)")
  }
  return pieces
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = bytes(data, size)
  guard let first = input.first else { return 0 }
  let rest = Array(input.dropFirst())
  let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.count
  let schemaBytes = Array(rest[..<newline])
  let textBytes = rest[min(newline + 1, rest.count)...]
  let text =
    first & 0x80 == 0
    ? String(decoding: textBytes, as: UTF8.self)
    : textBytes.map { awkwardParts[Int($0) % awkwardParts.count] }.joined()

  let limit = Int(first % 64) + 1
  for piece in checkSplit(text, limit: limit) {
    let tokens = TokenEstimate.tokens(piece.text)
    guard tokens > 2 else { continue }
    for part in checkSplit(piece.text, limit: tokens / 2) {
      check(TokenEstimate.tokens(part.text) < tokens, "halving a piece of \(tokens) tokens made no progress")
    }
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
