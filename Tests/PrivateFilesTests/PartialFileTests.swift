import Foundation
import PrivateFiles
import TestSupport
import Testing

@Suite struct PartialFileTests {
  /// A fresh folder of the test's own, removed at the end.
  final class Folder {
    let path: String
    init() throws {
      path = TemporaryFolder.path("private-files")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { TemporaryFolder.remove(path) }
    func file(_ name: String) -> String { path + "/" + name }
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func aNewFileIsPrivateAndNothingElseIsLeft() throws {
    let folder = try Folder()
    try PrivateFile.write(Data("hello".utf8), to: folder.file("a"))
    #expect(contents(folder.file("a")) == "hello")
    let mode = try FileManager.default.attributesOfItem(atPath: folder.file("a"))[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(folder.names == ["a"])
  }

  @Test func writingThroughALinkReplacesItsTargetAndKeepsTheLink() throws {
    let folder = try Folder()
    try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("real/backup.zip")))
    // A relative link, resolved against the link's own folder.
    try FileManager.default.createSymbolicLink(atPath: folder.file("link.zip"), withDestinationPath: "real/backup.zip")
    try PrivateFile.write(Data("new".utf8), to: folder.file("link.zip"))
    #expect(contents(folder.file("real/backup.zip")) == "new")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.zip")) == "real/backup.zip")
    #expect(folder.names == ["link.zip", "real"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("real")) == ["backup.zip"])
  }

  @Test func aLinkToNothingCreatesItsTarget() throws {
    let folder = try Folder()
    try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: folder.file("later"))
    try PrivateFile.write(Data("x".utf8), to: folder.file("link"))
    #expect(contents(folder.file("later")) == "x")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link")) == folder.file("later"))
  }

  @Test func aFolderIsRefusedWithoutTouchingIt() throws {
    let folder = try Folder()
    for path in [folder.path, folder.path + "/", folder.path + "/.."] {
      #expect(throws: FileWriteError(path: path, reason: "it is a folder")) {
        try PrivateFile.write(Data("x".utf8), to: path)
      }
    }
    #expect(folder.names.isEmpty)
  }

  @Test func aPipeBehindALinkIsRefusedAndStaysAPipe() throws {
    let folder = try Folder()
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.file("out"), withDestinationPath: folder.file("fifo"))
    let error = #expect(throws: FileWriteError.self) { try PrivateFile.write(Data("x".utf8), to: folder.file("out")) }
    #expect(error?.reason.hasPrefix("it is a pipe") == true)
    var info = stat()
    #expect(lstat(folder.file("fifo"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(lstat(folder.file("out"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(folder.names == ["fifo", "out"])
  }

  @Test func aMissingFolderIsSaid() throws {
    let folder = try Folder()
    let path = folder.file("missing/a.zip")
    #expect(throws: FileWriteError(path: path, reason: "no such folder: \(folder.file("missing"))")) {
      try PrivateFile.write(Data("x".utf8), to: path)
    }
    let slashed = folder.file("new/")
    #expect(throws: FileWriteError.self) { try PrivateFile.write(Data("x".utf8), to: slashed) }
    #expect(folder.names.isEmpty)
  }

  @Test func aFileUsedAsAFolderIsSaid() throws {
    let folder = try Folder()
    try Data().write(to: URL(fileURLWithPath: folder.file("plain")))
    #expect(throws: FileWriteError(path: folder.file("plain/a"), reason: "a part of the path is not a folder")) {
      try PrivateFile.write(Data("x".utf8), to: folder.file("plain/a"))
    }
    #expect(throws: FileWriteError(path: folder.file("plain/"), reason: "it is a file, not a folder")) {
      try PrivateFile.write(Data("x".utf8), to: folder.file("plain/"))
    }
  }

  @Test func aDashGoesToStandardOutputWhenCompleteAndLeavesNoFile() throws {
    var received = Data()
    let file = try PartialFile(for: "-", initial: Data("head ".utf8)) { received.append(contentsOf: $0) }
    #expect(file.destination == .standardOutput)
    let handle = try #require(FileHandle(forWritingAtPath: file.partial))
    handle.seekToEndOfFile()
    handle.write(Data("tail".utf8))
    try handle.close()
    #expect(received.isEmpty)
    #expect(try file.commit() == 9)
    #expect(String(decoding: received, as: UTF8.self) == "head tail")
    #expect(!FileManager.default.fileExists(atPath: file.partial))
  }

  @Test func anAbandonedFileLeavesTheOldOneAsItWas() throws {
    let folder = try Folder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("a")))
    let file = try PartialFile(for: folder.file("a"), initial: Data("new".utf8))
    #expect(folder.names.count == 2)
    file.abandon()
    #expect(contents(folder.file("a")) == "old")
    #expect(folder.names == ["a"])
  }
}
