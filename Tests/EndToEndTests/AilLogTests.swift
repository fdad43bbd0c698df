import Foundation
import GRDB
import TestSupport
import Testing
import Wire

/// ail-log as people and pipelines use it: the built tool on real store files.
@Suite struct AilLogTests {
  /// A temporary folder with a store path in it, removed afterwards.
  struct Place {
    let folder = TemporaryFolder.path("ail-log")
    var db: String { folder + "/log.sqlite" }
    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    func remove() { TemporaryFolder.remove(folder) }
  }

  /// Tuesday 2026-11-24 10:30 in Berlin.
  static let clock = ["AIL_LOG_NOW": "2026-11-24T09:30:00Z", "TZ": "Europe/Berlin"]

  func log(_ place: Place, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws
    -> ToolRun
  {
    try run(
      "ail-log", arguments + ["--db", place.db], environment: Self.clock.merging(environment) { $1 }, stdin: stdin)
  }

  /// The id of the entry a command wrote.
  func id(_ result: ToolRun) -> String { result.records.first?["id"]?.stringValue ?? "" }

  @Test func addListShowSearchAndRemove() throws {
    let place = try Place()
    defer { place.remove() }
    let added = try log(
      place, ["add", "Kaffee im Café Müller", "--title", "Treffen", "--tag", "Privat", "--tag", "privat"])
    #expect(added.status == 0, "\(added.stderr)")
    let entry = try #require(added.records.first)
    #expect(entry["kind"] == .string("log_entry"))
    #expect(entry["category"] == .string("General"))
    #expect(entry["tags"] == .array([.string("Privat")]))
    #expect(try FileManager.default.attributesOfItem(atPath: place.db)[.posixPermissions] as? Int == 0o600)
    let fromStdin = try log(
      place, ["add", "-", "--title", "Minutes", "--category", "Work"], stdin: "# Minutes\nAll agreed.\n")
    #expect(fromStdin.status == 0)

    let listed = try log(place, ["list"])
    #expect(listed.records.map { $0["title"]?.stringValue } == ["Minutes", "Treffen"])
    #expect(try log(place, ["list", "--category", "work"]).records.count == 1)
    #expect(try log(place, ["list", "--tag", "PRIVAT"]).records.count == 1)
    #expect(
      try log(place, ["list", "--sort", "title", "--limit", "1"]).records.map { $0["title"]?.stringValue } == [
        "Minutes"
      ])
    #expect(try log(place, ["list", "--format", "table"]).stdout.contains("Treffen"))

    let shown = try log(place, ["show", String(id(added).prefix(6))])
    #expect(shown.stdout.hasPrefix("# Treffen\n\n*General · #Privat · created 2026-11-24 10:30*\n"), "\(shown.stdout)")
    #expect(try log(place, ["show", id(fromStdin), "--content"]).stdout == "# Minutes\nAll agreed.\n")

    let hits = try log(place, ["search", "cafe", "muller"])
    #expect(hits.records.map { $0["id"]?.stringValue } == [id(added)])
    #expect(hits.records.first?["snippet"]?.stringValue?.contains("[Café] [Müller]") == true, "\(hits.stdout)")
    #expect(try log(place, ["search", "\"open"]).status == 64)

    let removed = try log(place, ["rm", id(added), "--yes"])
    #expect(removed.status == 0)
    #expect(try log(place, ["show", id(added)]).status == 1)
    #expect(try log(place, ["list"]).records.count == 1)
    #expect(try log(place, ["search", "cafe"]).records.isEmpty)
  }

  @Test func theRemainingOptionsDoWhatTheySay() throws {
    let place = try Place()
    defer { place.remove() }
    let old = try log(
      place, ["add", "old note", "--title", "Old"], environment: ["AIL_LOG_NOW": "2026-11-01T09:00:00Z"])
    let new = try log(place, ["add", "new note", "--title", "New", "--tag", "A", "--tag", "b"])
    #expect(try log(place, ["list", "--since", "3d ago"]).records.map { $0["title"]?.stringValue } == ["New"])
    #expect(try log(place, ["list", "--since", "2026-11-01"]).records.count == 2)
    #expect(try log(place, ["search", "note", "--limit", "1"]).records.count == 1)
    #expect(try log(place, ["search", "note", "--format", "table"]).stdout.contains("SNIPPET"))
    #expect(try log(place, ["tags"]).records.map { $0["name"]?.stringValue } == ["A", "b"])

    let edited = try log(place, ["edit", id(new), "--title", "Newer", "--category", "Work", "--remove-tag", "a"])
    #expect(edited.records.first?["title"] == .string("Newer"))
    #expect(edited.records.first?["category"] == .string("Work"))
    #expect(edited.records.first?["tags"] == .array([.string("b")]))
    #expect(try log(place, ["history", id(new)]).records.isEmpty, "the content did not change")

    let exported = try log(place, ["export"])
    #expect(exported.records(kind: "log_entry").map { $0["id"]?.stringValue } == [id(old), id(new)])
    #expect(try log(place, ["audio", id(old)]).status == 1, "no recording")

    // A record with a bad date is answered with its line and field.
    let file = place.folder + "/bad.ndjson"
    try (exported.stdout.replacingOccurrences(of: "2026-11-01T09:00:00Z", with: "last monday"))
      .write(toFile: file, atomically: true, encoding: .utf8)
    let bad = try log(place, ["import", file], environment: [:])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("bad.ndjson:1:") && bad.stderr.contains("created_at"), "\(bad.stderr)")
  }

  @Test func badOptionsAreUsageErrors() throws {
    let place = try Place()
    defer { place.remove() }
    let blank = try log(place, ["add", "-"], stdin: "  \n")
    #expect(blank.status == 64 && blank.stderr.contains("needs a title"), "\(blank.stderr)")
    let past = try log(place, ["add", "x", "--title", "t", "--remind", "2026-11-24 10:00"])
    #expect(past.status == 64)
    #expect(past.stderr.contains("2026-11-24 10:00 is in the past"), "\(past.stderr)")
    let nonsense = try log(place, ["add", "x", "--title", "t", "--remind", "next blue moon"])
    #expect(nonsense.status == 64)
    #expect(nonsense.stderr.contains("--remind: cannot read \"next blue moon\" as a date"))
    #expect(!FileManager.default.fileExists(atPath: place.db), "nothing was added")
    #expect(try log(place, ["list"]).status == 66, "no store, and list does not make one")
  }

  @Test func remindersAreTypedInTheLocalZoneAndDueSaysWhetherAnyHasCome() throws {
    let place = try Place()
    defer { place.remove() }
    let tomorrow = try log(place, ["add", "--title", "Call", "--remind", "tomorrow 9:00"])
    #expect(tomorrow.records.first?["reminder"] == .string("2026-11-25T08:00:00Z"))
    let friday = try log(place, ["add", "--title", "Report", "--remind", "fri 17:00"])
    #expect(friday.records.first?["reminder"] == .string("2026-11-27T16:00:00Z"))
    let soon = try log(place, ["add", "--title", "Tea", "--remind", "in 2h"])
    #expect(soon.records.first?["reminder"] == .string("2026-11-24T11:30:00Z"))

    #expect(try log(place, ["due"]).status == 1, "nothing has come yet")
    #expect(try log(place, ["due"]).stdout.isEmpty)
    let upcoming = try log(place, ["list", "--upcoming"])
    #expect(upcoming.records.map { $0["title"]?.stringValue } == ["Tea", "Call", "Report"])

    let thursday = ["AIL_LOG_NOW": "2026-11-26T12:00:00Z"]
    let due = try log(place, ["due"], environment: thursday)
    #expect(due.status == 0)
    #expect(due.records.map { $0["title"]?.stringValue } == ["Tea", "Call"])
    #expect(try log(place, ["list", "--due"], environment: thursday).records.count == 2)
    let cleared = try log(place, ["edit", id(soon), "--no-remind"], environment: thursday)
    #expect(cleared.records.first?["reminder"] == nil)
    #expect(try log(place, ["due"], environment: thursday).records.count == 1)
  }

  @Test func anAIRewriteIsAcceptedAsAVersionAndRevertDiscardsIt() throws {
    let place = try Place()
    defer { place.remove() }
    let added = try log(place, ["add", "teh note with typo\n", "--title", "Draft"])
    let id = id(added)
    let original = try log(place, ["show", id, "--content"]).stdout
    #expect(original == "teh note with typo\n")
    // ail-ai's part of the pipeline, played by a fixed answer.
    let accepted = try log(place, ["edit", id, "--content", "-"], stdin: "The note, without typo.\n")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(try log(place, ["show", id, "--content"]).stdout == "The note, without typo.\n")
    let history = try log(place, ["history", id])
    #expect(history.records.map { $0["content"]?.stringValue } == ["teh note with typo\n"])
    #expect(history.records.first?["version"] == .integer(1))
    #expect(try log(place, ["revert", id]).status == 0)
    #expect(try log(place, ["show", id, "--content"]).stdout == original)
    #expect(try log(place, ["revert", id, "--to", "7"]).status == 1)
  }

  @Test func theEditorChangesFrontMatterAndContent() throws {
    let place = try Place()
    defer { place.remove() }
    let id = id(try log(place, ["add", "old text\n", "--title", "Old", "--tag", "a"]))
    // A scripted editor: new title, tags and reminder, one more line of content.
    let editor = place.folder + "/editor"
    try """
    #!/bin/sh
    sed -i -e 's/^title: .*/title: New title/' -e 's/^tags: .*/tags: ["b", "B", "c"]/' \
      -e 's/^reminder:.*/reminder: tomorrow 8:00/' "$1"
    echo 'added line' >> "$1"
    """.write(toFile: editor, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
    let edited = try log(place, ["edit", id], environment: ["EDITOR": editor])
    #expect(edited.status == 0, "\(edited.stderr)")
    let entry = try #require(try log(place, ["show", id, "--content"]).stdout as String?)
    #expect(entry == "old text\nadded line\n")
    let record = try #require(try log(place, ["list"]).records.first)
    #expect(record["title"] == .string("New title"))
    #expect(record["tags"] == .array([.string("b"), .string("c")]))
    #expect(record["reminder"] == .string("2026-11-25T07:00:00Z"))
    #expect(try log(place, ["history", id]).records.count == 1)

    // An editor that leaves the file alone changes nothing; one that breaks the front matter
    // changes nothing either and says where the text was kept.
    #expect(try log(place, ["edit", id], environment: ["EDITOR": "true"]).stderr.contains("no change"))
    let breaker = place.folder + "/breaker"
    try "#!/bin/sh\nsed -i 's/^tags: .*/tags: [\"b\"/' \"$1\"\n".write(
      toFile: breaker, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: breaker)
    let broken = try log(place, ["edit", id], environment: ["EDITOR": breaker])
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("line 4: tags: not valid JSON"), "\(broken.stderr)")
    #expect(broken.stderr.contains("the edited text is kept there"))
    #expect(try log(place, ["list"]).records.first?["tags"] == .array([.string("b"), .string("c")]))
  }

  @Test func mailsAreFiledOnceAndOtherRecordsPassOnWithEcho() throws {
    let place = try Place()
    defer { place.remove() }
    let message = place.folder + "/msg.eml"
    try """
    From: Anna <anna@example.org>
    To: me@example.org
    Subject: =?UTF-8?Q?Caf=C3=A9_on_Friday?=
    Date: Fri, 20 Nov 2026 08:00:00 +0000
    Message-ID: <lunch-42@example.org>

    Shall we meet at noon?
    """.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: message, atomically: true, encoding: .utf8)
    let parsed = try run("ail-mail", ["parse", message])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let other = #"{"kind":"bookmark","id":"x","bookmark":{}}"# + "\n"
    let first = try log(place, ["add", "--records", "--category", "Mail", "--echo"], stdin: parsed.stdout + other)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == other, "only the other record passes on")
    #expect(first.stderr.contains("filed 1 entry, 1 other record passed on"), "\(first.stderr)")
    let second = try log(place, ["add", "--records", "--category", "Mail"], stdin: parsed.stdout)
    #expect(second.stderr.contains("filed 0 entries, 1 already logged"), "\(second.stderr)")
    let entries = try log(place, ["list"]).records
    #expect(entries.count == 1)
    #expect(entries.first?["title"] == .string("Café on Friday"))
    #expect(entries.first?["category"] == .string("Mail"))
    #expect(entries.first?["tags"] == .array([.string("mail")]))
    #expect(entries.first?["source"]?["message_id"] == .string("lunch-42@example.org"))
    #expect(entries.first?["source"]?["from"] == .string("Anna <anna@example.org>"))
    #expect(entries.first?["content"]?.stringValue?.contains("Shall we meet at noon?") == true)
  }

  @Test func malformedRecordsAreReportedWithTheirLineAndField() throws {
    let place = try Place()
    defer { place.remove() }
    let good = #"{"kind":"transcript","file":"/gone/memo.wav","text":"hello","duration":1,"chunks":1,"engine":"e"}"#
    let input = [good, "{not json", #"{"kind":"mail","subject":"no body"}"#, #"{"kind":"transcript","file":"x.wav"}"#]
    let result = try log(place, ["add", "--records"], stdin: input.joined(separator: "\n") + "\n")
    #expect(result.status == 65)
    #expect(result.stderr.contains("<stdin>:2:"), "\(result.stderr)")
    #expect(result.stderr.contains("<stdin>:3:") && result.stderr.contains("text"), "\(result.stderr)")
    #expect(result.stderr.contains("<stdin>:4:"), "\(result.stderr)")
    #expect(try log(place, ["list"]).records.map { $0["title"]?.stringValue } == ["memo"])
    let strict = try log(place, ["add", "--records", "--strict"], stdin: "{bad\n")
    #expect(strict.status == 65)
  }

  @Test func mailWritesAnRFC5322Message() throws {
    let place = try Place()
    defer { place.remove() }
    let id = id(try log(place, ["add", "Grüße aus Köln\n", "--title", "Grüße"]))
    let result = try log(place, ["mail", id, "--to", "anna@example.org", "--from", "Me <me@example.org>"])
    #expect(result.status == 0, "\(result.stderr)")
    let (head, body) = try #require(result.stdout.split(separator: "\n\n", maxSplits: 1).map(String.init).twoParts)
    #expect(head.contains("From: Me <me@example.org>\nTo: anna@example.org\nSubject: =?UTF-8?"))
    #expect(head.contains("Date: Tue, 24 Nov 2026 10:30:00 +0100"))
    #expect(head.contains("Content-Transfer-Encoding: quoted-printable"))
    #expect(body == "Gr=C3=BC=C3=9Fe aus K=C3=B6ln\n")
    #expect(try log(place, ["mail", id, "--to", "not an address"]).status == 64)
  }

  /// Inside angle brackets the address parser keeps a bare CR, and `msmtp -t` then read a second
  /// header line, here a Bcc to a hidden address: a recipient or sender must be one address.
  @Test func mailRefusesAnAddressThatWouldSplitItsHeader() throws {
    let place = try Place()
    defer { place.remove() }
    let id = id(try log(place, ["add", "Notiz", "--title", "t"]))
    let hidden = "<anna@example.org\rBcc: x@evil.example>"
    let toHidden = try log(place, ["mail", id, "--to", hidden, "--from", "me@example.org"])
    #expect(toHidden.status == 64, "\(toHidden.stderr)")
    #expect(toHidden.stdout.isEmpty)
    let fromHidden = try log(place, ["mail", id, "--to", "anna@example.org"], environment: ["EMAIL": hidden])
    #expect(fromHidden.status == 78, "\(fromHidden.stderr)")
    #expect(!fromHidden.stdout.contains("evil"))
  }

  @Test func categoriesAreManagedFromTheCommandLine() throws {
    let place = try Place()
    defer { place.remove() }
    #expect(try log(place, ["categories", "add", "Work", "--color", "#3366ff"]).status == 0)
    _ = try log(place, ["add", "--title", "t", "--category", "work"])
    #expect(try log(place, ["categories", "rename", "Work", "Job"]).status == 0)
    #expect(try log(place, ["categories", "color", "Job", "red"]).status == 0)
    let listed = try log(place, ["categories"]).records
    #expect(
      listed.map {
        "\($0["name"]?.stringValue ?? "") \($0["color"]?.stringValue ?? "") \(Int($0["entries"]?.numberValue ?? -1))"
      } == [
        "Job red 1"
      ])
    #expect(try log(place, ["categories", "remove", "Job"]).status == 0)
    #expect(try log(place, ["list"]).records.first?["category"] == .string("General"))
    #expect(try log(place, ["categories", "color", "Nope", "red"]).status == 1)
    let configured = try log(place, ["add", "--title", "u"], environment: ["AIL_LOG_CATEGORY": "Inbox"])
    #expect(configured.records.first?["category"] == .string("Inbox"))
    try FileManager.default.createDirectory(atPath: place.folder + "/config/ailo", withIntermediateDirectories: true)
    try "[ail-log]\ndefault_category = Notes\n".write(
      toFile: place.folder + "/config/ailo/config", atomically: true, encoding: .utf8)
    let fromFile = try log(place, ["add", "--title", "v"], environment: ["XDG_CONFIG_HOME": place.folder + "/config"])
    #expect(fromFile.records.first?["category"] == .string("Notes"), "\(fromFile.stderr)")
  }

  @Test func aTitleOfSeveralLinesKeepsItsTableRowOneLine() throws {
    let place = try Place()
    defer { place.remove() }
    #expect(try log(place, ["add", "--title", "Call Bob\nabout the boiler", "--tag", "home"]).status == 0)
    _ = try log(place, ["add", "--title", "Tea"])
    let table = try log(place, ["list", "--format", "table", "--sort", "title"]).stdout
    let lines = table.split(separator: "\n")
    #expect(lines.count == 3, "a heading and a line each: \(table)")
    #expect(lines.dropFirst().first?.hasSuffix("home  Call Bob about the boiler") == true, "\(table)")
    let found = try log(place, ["search", "boiler", "--format", "table"]).stdout
    #expect(found.split(separator: "\n").count == 2, "\(found)")
  }
}

extension Array where Element == String {
  var twoParts: (String, String)? { count == 2 ? (self[0], self[1]) : nil }
}
