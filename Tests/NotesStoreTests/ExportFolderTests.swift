import Foundation
import NotesStore
import SQLiteStore
import Testing
import Wire

/// An export folder written by ``NoteExport`` and read back by ``NoteImport``, in both layouts.
@Suite struct ExportFolderTests {
  /// A store with a coloured category, an edited entry with a recording, and a plain one.
  func fill(_ store: NoteLog, _ folder: String) throws -> [LogEntry] {
    let memo = folder + "/memo.ogg"
    try Data("ogg bytes".utf8).write(to: URL(fileURLWithPath: memo))
    try store.addCategory("Voice", color: "#ff8800")
    let first = try #require(
      try store.add(
        .init(
          title: "Voice", content: "said\n", category: "Voice", tags: ["a"],
          audio: try store.recordings.read(fileAt: memo),
          source: LogSource(file: "memo.ogg"))))
    _ = try store.edit(first.id, .init(content: "said better\n"))
    _ = try store.add(.init(title: "Plain", content: "text\n---\nand a rule"))
    return try store.exportEntries()
  }

  @Test(arguments: [NoteExport.Layout.ndjson, .markdown])
  func aFolderExportComesBackWithVersionsColoursAndRecordings(layout: NoteExport.Layout) throws {
    try withStore { store, folder in
      let exported = try fill(store, folder)
      let backup = folder + "/backup"
      try NoteExport(store).write(to: backup, layout: layout)
      let names = try FileManager.default.contentsOfDirectory(atPath: backup).sorted()
      let expected = layout == .ndjson ? ["audio", "log.ndjson"] : ["audio"] + exported.map { "\($0.id).md" }.sorted()
      #expect(names == expected.sorted())
      #expect(!names.contains { $0.contains(".partial") || $0.hasPrefix(".") })

      let copy = try NoteLog(path: folder + "/copy.sqlite", creating: true)
      var importer = NoteImport(into: copy, audioFolder: backup + "/audio")
      switch layout {
      case .ndjson:
        let text = try String(contentsOfFile: backup + "/log.ndjson", encoding: .utf8)
        for line in text.split(separator: "\n") {
          let data = Data(line.utf8)
          if line.contains("\"kind\":\"log_label\"") {
            try importer.label(try WireCoding.decode(LogLabel.self, from: data))
          } else {
            try importer.entry(try WireCoding.decode(LogEntry.self, from: data))
          }
        }
      case .markdown:
        try importer.markdown(folder: backup) { file, problem in Issue.record("\(file): \(problem)") }
      }
      #expect(importer.added == 2 && importer.present == 0)
      // As records: the files keep dates to the millisecond, the store's entries had more.
      #expect(try copy.exportEntries().map(WireCoding.line) == exported.map(WireCoding.line))
      // Only the NDJSON layout carries the categories' colours (as log_label records).
      if layout == .ndjson { #expect(try copy.categoryColors() == ["Voice": "#ff8800"]) }
      let voice = try #require(exported.first { $0.audio != nil })
      #expect(
        try copy.audioPath(voice.id).flatMap { FileManager.default.contents(atPath: $0) } == Data("ogg bytes".utf8))
    }
  }

  @Test func aMarkdownFileThatIsNoEntryIsRejectedAndTheOthersAreRead() throws {
    try withStore { store, folder in
      _ = try fill(store, folder)
      let backup = folder + "/backup"
      try NoteExport(store).write(to: backup, layout: .markdown)
      try Data("no front matter here".utf8).write(to: URL(fileURLWithPath: backup + "/stray.md"))
      let copy = try NoteLog(path: folder + "/copy.sqlite", creating: true)
      var importer = NoteImport(into: copy, audioFolder: backup + "/audio")
      var rejected: [String] = []
      try importer.markdown(folder: backup) { file, _ in rejected.append(URL(fileURLWithPath: file).lastPathComponent) }
      #expect(rejected == ["stray.md"])
      #expect(importer.added == 2)
    }
  }

  @Test func anExportOverAnEarlierOneReplacesItWhole() throws {
    try withStore { store, folder in
      _ = try fill(store, folder)
      let backup = folder + "/backup"
      try NoteExport(store).write(to: backup, layout: .ndjson)
      _ = try store.add(.init(title: "Third", content: "later\n"))
      try NoteExport(store).write(to: backup, layout: .ndjson)
      let lines = try String(contentsOfFile: backup + "/log.ndjson", encoding: .utf8).split(separator: "\n")
      #expect(lines.count == 4, "one label and three entries")
      #expect(lines.last?.contains("\"Third\"") == true)
    }
  }
}
