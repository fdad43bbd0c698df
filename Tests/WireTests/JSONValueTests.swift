import Foundation
import Testing
import Wire

@Suite struct JSONValueTests {
  private func roundTrip(_ text: String) throws -> String {
    let value = try WireCoding.decode(JSONValue.self, from: Data(text.utf8))
    return String(decoding: try WireCoding.makeEncoder().encode(value), as: UTF8.self)
  }

  @Test func integersBeyondDoublePrecisionStayExact() throws {
    #expect(try roundTrip("[9007199254740993,-9223372036854775808]") == "[9007199254740993,-9223372036854775808]")
  }

  @Test func scalarsKeepTheirType() throws {
    #expect(
      try roundTrip(#"[true,false,null,0,1.5,-2e-3,"1","true"]"#) == #"[true,false,null,0,1.5,-0.002,"1","true"]"#)
    let value = try WireCoding.decode(JSONValue.self, from: Data(#"{"a":1,"b":"1","c":true}"#.utf8))
    #expect(value["a"] == .integer(1))
    #expect(value["b"] == .string("1"))
    #expect(value["c"] == .bool(true))
  }

  @Test func nestedContainersAndEmptyOnes() throws {
    #expect(
      try roundTrip(#"{"z":{},"a":[[],[{}]],"m":{"y":[1,{"x":null}]}}"#)
        == #"{"a":[[],[{}]],"m":{"y":[1,{"x":null}]},"z":{}}"#)
  }

  @Test func unicodeAndEscapesSurvive() throws {
    #expect(try roundTrip(#"["é\u00e9\ud83d\ude00\n\"\\/"]"#) == "[\"éé😀\\n\\\"\\\\/\"]")
  }

  @Test func accessors() {
    let value: JSONValue = ["n": 3.0, "s": "x", "list": [1, 2]]
    #expect(value["n"]?.intValue == 3)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["list"]?.arrayValue?.count == 2)
    #expect(value["missing"] == nil)
    #expect(JSONValue.string("x")["key"] == nil)
  }
}
