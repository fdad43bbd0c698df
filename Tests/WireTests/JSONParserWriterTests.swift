import Foundation
import Testing

@testable import Wire

/// The fast parser and writer must agree with Foundation's JSON, which is the reference for what
/// is valid and for the canonical bytes.
@Suite struct JSONParserWriterTests {
  static let valid: [String] = [
    #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
    #"[0,-0,1,-1,1.5,-2.25,1e3,1E-3,2.5e+10,123456789012345678,9223372036854775807,-9223372036854775808]"#,
    #"[0.1,0.2,1e300,1.7976931348623157e308,5e-324,3.0,100.0,1e20,1e15,123456.789]"#,
    #"["plain","with \"quotes\" and \\ backslash","\/slash","\b\f\n\r\t","\u0000\u0001\u001f\u007f","é😀","\u00e9\ud83d\ude00"]"#,
    #"  {"nested":[[[{"x":[]}]]],"empty":{},"s":""}  "#,
    #""just a string""#, "42", "null",
  ]

  /// Compared through the canonical text: Foundation reads `3.0` as an integer, the parser as a
  /// number, and both write `3`.
  @Test(arguments: valid)
  func parsesWhatFoundationParses(text: String) throws {
    let ours = try Array(text.utf8).withUnsafeBytes { try JSONParser.parse($0) }
    let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    var left = JSONWriter()
    left.write(ours)
    var right = JSONWriter()
    right.write(foundation)
    #expect(left.bytes == right.bytes)
    #expect(ours["nested"] == foundation["nested"])
  }

  /// Foundation keeps the first of two equal names; jq, JavaScript and this parser keep the last.
  @Test func theLastOfDuplicateNamesWins() throws {
    let value = try Array(#"{"dup":1,"dup":2}"#.utf8).withUnsafeBytes { try JSONParser.parse($0) }
    #expect(value == ["dup": 2])
  }

  @Test(arguments: valid)
  func writesWhatFoundationWrites(text: String) throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    var writer = JSONWriter()
    writer.write(value)
    let foundation = try WireCoding.makeEncoder().encode(value)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
  }

  @Test(arguments: [0.1, 3.0, -0.0, 1e15, 9007199254740991, 9007199254740992, 1e16, 1e20, 1e-7, 123456.789, -2.5e-300])
  func doublesAreWrittenAsFoundationWritesThem(number: Double) throws {
    var writer = JSONWriter()
    writer.write(.number(number))
    let foundation = try WireCoding.makeEncoder().encode(JSONValue.number(number))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
  }

  @Test func everyControlCharacterIsEscapedAsFoundationDoes() throws {
    let text = String((0..<0x20).map { Character(Unicode.Scalar($0)!) }) + "\"\\/\u{7F}é"
    var writer = JSONWriter()
    writer.write(.string(text))
    let foundation = try WireCoding.makeEncoder().encode(JSONValue.string(text))
    #expect(writer.bytes == Array(foundation))
  }

  @Test func longStringsSurviveBothWays() throws {
    let text = String(repeating: "<p class=\"x\">wörld\t\\</p>\n", count: 20_000)
    var writer = JSONWriter()
    writer.write(.string(text))
    let parsed = try writer.bytes.withUnsafeBytes { try JSONParser.parse($0) }
    #expect(parsed == .string(text))
  }

  @Test(arguments: [
    ("{\"a\":1,}", "expected a member name at byte 8"),
    ("[1,]", "unexpected character at byte 4"),
    ("01", "unexpected data after the value at byte 2"),
    ("{\"a\":\"x", "unterminated string at byte 8"),
    ("\"tab\there\"", "control character in string at byte 5"),
    ("\"\\x\"", "invalid escape at byte 3"),
    ("\"\\u12G4\"", "invalid \\u escape at byte 6"),
    ("tru", "unexpected end of input at byte 1"),
    ("-", "invalid number at byte 2"),
    ("1.", "invalid number at byte 3"),
    ("{\"a\" 1}", "expected ':' at byte 6"),
    ("", "unexpected end of input at byte 1"),
    (String(repeating: "[", count: 600), "nested more than 512 levels deep at byte 513"),
  ])
  func refusesWhatIsNotJSON(text: String, message: String) {
    let error = #expect(throws: JSONParseError.self) {
      try Array(text.utf8).withUnsafeBytes { try JSONParser.parse($0) }
    }
    #expect(error.map { "\($0.message) at byte \($0.offset + 1)" } == message)
  }

  @Test func loneSurrogatesBecomeReplacementCharacters() throws {
    let value = try Array(#"["\ud800x","\udc00"]"#.utf8).withUnsafeBytes { try JSONParser.parse($0) }
    #expect(value == ["\u{FFFD}x", "\u{FFFD}"])
  }
}
