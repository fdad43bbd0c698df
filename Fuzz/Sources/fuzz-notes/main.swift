// libFuzzer entry point for what ail-log reads from people: the front matter of a note edited in
// $EDITOR or imported from Markdown (NotesStore's FrontMatter), and the dates typed for reminders
// and listings (TypedDate), read against a fixed clock in two time zones. Checked: no trap; a
// date the tools accept lies within RFC 3339's years (0000–9999) and is written and read back to
// the microsecond, any other is still written as RFC 3339 that reads; front matter that parses
// keeps the content after it verbatim. The same text as a task's due date, filed as
// `ail-log add --records` files a task list (RecordFiling): no trap, one entry, and a date that
// does not read is kept in the entry's text and named for the warning, with no reminder.
// Run by `scripts/fuzz fuzz-notes`; seeded with the notes in Fuzz/Seeds/fuzz-notes.
import Foundation
import FuzzCheck
import NotesStore
import Wire

private let readers = [
  TypedDate(now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: TimeZone(identifier: "Europe/Berlin")!),
  TypedDate(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(secondsFromGMT: -12 * 3600)!),
]
/// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
private let rfc3339Years = -62_167_219_200.0...253_402_300_799.0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  for reader in readers {
    for candidate in [text, String(text.prefix(40))] {
      // Any date, even one past every bound, is written as RFC 3339 that reads back.
      if let any = reader.parse(candidate) {
        check(
          RFC3339.date(from: RFC3339.string(from: any)) != nil, "\(candidate.debugDescription) is not written readably")
      }
      guard case .success(let date) = reader.date(candidate) else { continue }
      check(rfc3339Years.contains(date.timeIntervalSince1970), "\(candidate.debugDescription) typed \(date)")
      // RFC 3339 as the tools write it keeps microseconds.
      let back = RFC3339.date(from: RFC3339.string(from: date))
      check(back.map { abs($0.timeIntervalSince(date)) < 0.001 } == true, "\(date) does not survive RFC 3339")
    }
  }
  for reader in readers {
    let due = String(text.prefix(200))
    var filing = RecordFiling(
      category: nil, tags: [], title: nil, recordings: .init(folder: "/nonexistent"), dates: reader)
    let tasks: JSONObject = ["tasks": [["title": "Task", "due": .string(due)]]]
    guard case .entries(let drafts)? = try? filing.take(tasks) else {
      check(false, "a task due \(due.debugDescription) is not filed")
      continue
    }
    check(drafts.count == 1, "a task due \(due.debugDescription) makes \(drafts.count) entries")
    // Among scalars, as RecordFiling decides it: a space with a combining mark is not blank.
    let blank = !due.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
    if blank || drafts.first?.reminder != nil {
      check(filing.unreadDates.isEmpty, "a task due \(due.debugDescription) is both read and not")
    } else {
      check(
        filing.unreadDates == [RecordFiling.UnreadDate(task: "Task", due: due)]
          // By bytes: a due date that starts with a combining mark joins the space before it.
          && drafts.first?.content.utf8.suffix(due.utf8.count).elementsEqual(due.utf8) == true,
        "the unread due date \(due.debugDescription) is not kept and named")
    }
  }
  if let (_, content) = try? FrontMatter.parse(text) {
    check(
      text.utf8.suffix(content.utf8.count).elementsEqual(content.utf8),
      "the content after the front matter is not the text's end")
  }
  return 0
}
