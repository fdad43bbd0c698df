import Mail
import Testing
import Wire

/// Input shapes the fuzz target (Fuzz/Sources/fuzz-mail) ran into that took time quadratic in their
/// length: each is checked at a size that took seconds before, and next to it what it decodes to
/// at a readable size, so that the fast path keeps the answers of the slow one.
@Suite struct FuzzRegressionTests {
  @Test(arguments: [
    ("=?x?q?ab =?utf-8?q?=C3=A9?= =?a?q?x", "=?x?q?ab é =?a?q?x"),
    ("=?a?q?x=?utf-8?q?b?=", "x=?utf-8?q?b"),
    ("=?a?b?x\t=?utf-8?b?w6k=?= tail", "=?a?b?x\té tail"),
    ("=?a?q?x=?a?q?x=?a?q?x =?utf-8?q?=C3=A9?=", "=?a?q?x=?a?q?x=?a?q?x é"),
  ])
  func encodedWordsThatNeverClose(encoded: String, expected: String) {
    #expect(EncodedWords.decode(encoded) == expected)
  }

  @Test func aLongRunOfEncodedWordsThatNeverCloseStaysAsWritten() {
    // Every "=?" here starts a word whose text runs to the end without a "?=".
    let run = String(repeating: "=?a?q?x", count: 40_000)
    #expect(EncodedWords.decode(run) == run)
    #expect(EncodedWords.decode(run + " =?utf-8?q?=C3=A9?=") == run + " é")
  }

  @Test func parametersKeepTheirFirstValueAndOrder() {
    let type = MediaType(parsing: "text/plain; a=1; A=2; b*=utf-8''%C3%A9; b=3; c=\"=?utf-8?q?=C3=A9?=\"; c=4")
    #expect(type.parameters.map { $0.name } == ["a", "b", "c"])
    #expect(type.parameters.map { $0.value } == ["1", "é", "é"])
    let disposition = MediaType(parsing: "attachment; filename*1=b; FILENAME*0=a; filename=x; size=1")
    #expect(disposition.parameters.map { $0.name } == ["filename", "size"])
    #expect(disposition[parameter: "filename"] == "ab")
  }

  @Test func thousandsOfParameters() {
    let type = MediaType(parsing: "text/plain" + (0..<10_000).map { "; p\($0)=\($0)" }.joined())
    #expect(type.parameters.count == 10_000)
    #expect(type.parameters.last?.name == "p9999")
    #expect(type[parameter: "p1234"] == "1234")
  }

  @Test(arguments: [
    ("a b c <x@y>:::, d@e", [MailAddress(name: "a b c", address: "x@y"), MailAddress(address: "d@e")]),
    ("Team: a <x@y>:, z: b@c;", [MailAddress(name: "a", address: "x@y"), MailAddress(address: "b@c")]),
    ("x:<a@b>:c", [MailAddress(address: "a@b")]),
  ])
  func colonsAfterAnAngleAddress(header: String, expected: [MailAddress]) {
    #expect(AddressList.parse(header) == expected)
  }

  @Test func manyColonsAfterAnAngleAddressAndManyWords() {
    let header = String(repeating: "a ", count: 20_000) + "<x@y>" + String(repeating: ":", count: 100_000)
    let addresses = AddressList.parse(header)
    #expect(addresses.map(\.address) == ["x@y"])
  }

  @Test func aLongFlowedParagraph() {
    let short = message(
      "Content-Type: text/plain; format=flowed\n\n" + String(repeating: "word \n", count: 5) + "end\n> q \n> r\n")
    #expect(short.record().text == "word word word word word end\n> q r\n")
    let long = message(
      "Content-Type: text/plain; format=flowed\n\n" + String(repeating: "word \n", count: 30_000) + "end\n")
    #expect(long.record().text == String(repeating: "word ", count: 30_000) + "end\n")
  }

  /// Found by the fuzzer: a year this large overflowed the day count and trapped.
  @Test(arguments: [
    "Sun, 22 Nov 9223372036854775 09:00:00 +0000", "22 Nov 100000 09:00:00", "22 Nov 2026 -1:00:00 +0000",
    "22 Nov 2026 09:-5:00 +0000",
  ])
  func datesOutOfAnyRealRangeAreNotDates(_ header: String) {
    #expect(MailDate.parse(header) == nil)
  }

  @Test func theEdgesOfTheRangeStillParse() {
    #expect(MailDate.parse("1 Jan 0001 00:00:00 +0000") != nil)
    #expect(MailDate.parse("31 Dec 9999 23:59:60 +0000") != nil)
  }
}
