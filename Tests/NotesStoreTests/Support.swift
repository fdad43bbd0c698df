import Foundation
import NotesStore
import TestSupport

/// A fresh store in its own temporary folder, removed afterwards.
@discardableResult
func withStore<T>(_ body: (NoteLog, String) throws -> T) throws -> T {
  let folder = TemporaryFolder.path("notes")
  defer { TemporaryFolder.remove(folder) }
  let store = try NoteLog(path: folder + "/log.sqlite", creating: true)
  return try body(store, folder)
}

/// 2026-11-24 10:30 in Berlin (a Tuesday), the fixed clock of the date tests.
let tuesdayMorning = Date(timeIntervalSince1970: 1_795_512_600)
let berlin = TimeZone(identifier: "Europe/Berlin")!
