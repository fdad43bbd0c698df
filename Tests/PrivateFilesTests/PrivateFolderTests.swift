import Foundation
import PrivateFiles
import TestSupport
import Testing

@Suite struct PrivateFolderTests {
  func withRoot(_ body: (String) throws -> Void) throws {
    let root = TemporaryFolder.path("private-folder")
    defer { TemporaryFolder.remove(root) }
    try body(root)
  }

  func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func everyMissingFolderOnTheWayIsMadeOwnerOnly() throws {
    try withRoot { root in
      try PrivateFolder.make(root + "/a/b/c")
      for path in [root, root + "/a", root + "/a/b", root + "/a/b/c"] { #expect(try mode(path) == 0o700, "\(path)") }
      try PrivateFolder.make(root + "/a/b/c")  // there already: nothing to do
    }
  }

  @Test func aFolderThatExistsKeepsItsModeAndAFileInTheWayIsAnError() throws {
    try withRoot { root in
      try FileManager.default.createDirectory(
        atPath: root + "/shared", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      try PrivateFolder.make(root + "/shared/mine")
      #expect(try mode(root + "/shared") == 0o755)
      #expect(try mode(root + "/shared/mine") == 0o700)
      _ = FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8))
      #expect(throws: FileWriteError.self) { try PrivateFolder.make(root + "/file") }
      #expect(throws: FileWriteError.self) { try PrivateFolder.make(root + "/file/below") }
    }
  }
}
