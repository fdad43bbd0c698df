import Foundation
import Mail
import TestSupport
import Testing

@Suite struct MailboxTests {
  func split(_ text: String) -> [String] {
    var splitter = MboxSplitter()
    var messages: [String] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if let message = Array(line.utf8).withUnsafeBytes({ splitter.feed($0) }) {
        messages.append(String(decoding: message, as: UTF8.self))
      }
    }
    if let last = splitter.finish() { messages.append(String(decoding: last, as: UTF8.self)) }
    return messages
  }

  @Test func separatorsAndQuoting() {
    let mbox = """
      From a@example.org Mon Jan  1 00:00:00 2024
      Subject: one

      >From the start of a line
      >>From deeper
      From inside a paragraph stays
      >Fromage stays

      From b@example.org Tue Jan  2 00:00:00 2024
      Subject: two

      second

      """
    #expect(
      split(mbox) == [
        "Subject: one\n\nFrom the start of a line\n>From deeper\nFrom inside a paragraph stays\n>Fromage stays\n",
        "Subject: two\n\nsecond\n",
      ])
  }

  @Test func emptyAndNonMboxInput() {
    #expect(split("").isEmpty)
    var splitter = MboxSplitter()
    _ = Array("Subject: not an mbox".utf8).withUnsafeBytes { splitter.feed($0) }
    #expect(splitter.finish().map { String(decoding: $0, as: UTF8.self) } == "Subject: not an mbox\n")
    #expect(splitter.sawTextBeforeFirstSeparator)
  }

  @Test func maildirListsCurAndNewInNameOrder() throws {
    let folder = TemporaryFolder.path("maildir")
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
    }
    for name in ["cur/2.b:2,S", "cur/1.a:2,RS", "new/3.c", "tmp/4.d", "cur/.hidden"] {
      #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("Subject: x\n\n".utf8)))
    }
    defer { TemporaryFolder.remove(folder) }
    let paths = Maildir.messagePaths(in: folder) { try? FileManager.default.contentsOfDirectory(atPath: $0) }
    #expect(paths == ["\(folder)/cur/1.a:2,RS", "\(folder)/cur/2.b:2,S", "\(folder)/new/3.c"])
    #expect(Maildir.flags(of: paths![0]) == "RS")
    #expect(Maildir.flags(of: paths![2]) == nil)
    #expect(
      Maildir.messagePaths(in: folder + "/cur") { try? FileManager.default.contentsOfDirectory(atPath: $0) } == nil)
  }
}
