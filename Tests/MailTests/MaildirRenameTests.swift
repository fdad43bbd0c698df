import Foundation
import Mail
import TestSupport
import Testing

/// Flags set on real files of a Maildir: the new name, the move from new/ to cur/, and the errors.
@Suite struct MaildirRenameTests {
  func withMaildir(_ body: (String) throws -> Void) throws {
    let root = TemporaryFolder.path("maildir-rename")
    defer { TemporaryFolder.remove(root) }
    for box in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: root + "/" + box, withIntermediateDirectories: true)
    }
    try body(root)
  }

  @Test func aSeenMessageMovesFromNewToCurWithItsNameAndContent() throws {
    try withMaildir { root in
      try Data("Subject: hi\r\n\r\nbody".utf8).write(to: URL(fileURLWithPath: root + "/new/1.host"))
      let moved = try Maildir.setFlags(of: root + "/new/1.host", setting: [.seen, .flagged], clearing: [])
      #expect(moved == root + "/cur/1.host:2,FS")
      #expect(!FileManager.default.fileExists(atPath: root + "/new/1.host"))
      #expect(FileManager.default.contents(atPath: moved) == Data("Subject: hi\r\n\r\nbody".utf8))
      let back = try Maildir.setFlags(of: moved, setting: [], clearing: [.flagged])
      #expect(back == root + "/cur/1.host:2,S")
      #expect(try Maildir.setFlags(of: back, setting: [.seen], clearing: []) == back, "nothing to change")
    }
  }

  @Test func aFileOutsideAMaildirOrMissingIsRefusedAndNothingMoves() throws {
    try withMaildir { root in
      try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/tmp/2.host"))
      #expect(throws: Maildir.RenameError.notInMaildir(root + "/tmp/2.host")) {
        try Maildir.setFlags(of: root + "/tmp/2.host", setting: [.seen], clearing: [])
      }
      #expect(FileManager.default.fileExists(atPath: root + "/tmp/2.host"))
      #expect(throws: Maildir.RenameError.noSuchMessage(root + "/cur/3.host")) {
        try Maildir.setFlags(of: root + "/cur/3.host", setting: [.seen], clearing: [])
      }
    }
  }

  @Test func aMessageOfTheNewNameIsNeverReplaced() throws {
    try withMaildir { root in
      try Data("first".utf8).write(to: URL(fileURLWithPath: root + "/cur/4.host:2,"))
      try Data("second".utf8).write(to: URL(fileURLWithPath: root + "/cur/4.host:2,S"))
      #expect(throws: Maildir.RenameError.self) {
        try Maildir.setFlags(of: root + "/cur/4.host:2,", setting: [.seen], clearing: [])
      }
      #expect(FileManager.default.contents(atPath: root + "/cur/4.host:2,S") == Data("second".utf8))
      #expect(FileManager.default.contents(atPath: root + "/cur/4.host:2,") == Data("first".utf8))
    }
  }
}
