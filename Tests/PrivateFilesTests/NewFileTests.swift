import Foundation
import PrivateFiles
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct NewFileTests {
  func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  func numbered(_ attempt: Int) -> String { attempt == 0 ? "report.pdf" : "report-\(attempt).pdf" }

  func expectPrivate(_ path: String, holding text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(FileManager.default.contents(atPath: path) == Data(text.utf8), sourceLocation: sourceLocation)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600, sourceLocation: sourceLocation)
  }

  @Test func aNameHeldByAFolderOrALinkOfAnyKindIsTakenAndNothingBehindALinkIsTouched() throws {
    let root = try TemporaryFolder.made("new-file")
    defer { TemporaryFolder.remove(root) }
    let (folder, outside) = (root + "/in", root + "/outside")
    for path in [folder, outside, folder + "/report.pdf"] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: outside + "/report-2.pdf"))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/report-1.pdf", withDestinationPath: "../outside/report-1.pdf")
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/report-2.pdf", withDestinationPath: outside + "/report-2.pdf")

    let path = try NewFile.write(Data("mine".utf8), in: folder, name: numbered)

    #expect(path == folder + "/report-3.pdf")
    try expectPrivate(path, holding: "mine")
    #expect(names(folder) == ["report-1.pdf", "report-2.pdf", "report-3.pdf", "report.pdf"])
    #expect(names(outside) == ["report-2.pdf"])
    #expect(FileManager.default.contents(atPath: outside + "/report-2.pdf") == Data("theirs".utf8))
    #expect(names(folder + "/report.pdf").isEmpty)
  }

  /// A folder on another file system than the temporary folder, when the machine has one.
  static let otherFileSystem: String? = {
    var here = stat()
    var there = stat()
    guard stat(NSTemporaryDirectory(), &here) == 0, stat("/dev/shm", &there) == 0, here.st_dev != there.st_dev,
      access("/dev/shm", W_OK) == 0
    else { return nil }
    return "/dev/shm"
  }()

  @Test(.enabled(if: otherFileSystem != nil, "no second file system to link to"))
  func aLinkIntoAnotherFileSystemTakesTheNameInsteadOfFailingTheWrite() throws {
    let folder = try TemporaryFolder.made("new-file")
    defer { TemporaryFolder.remove(folder) }
    let elsewhere = (Self.otherFileSystem ?? "") + "/new-file-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(elsewhere) }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/report.pdf", withDestinationPath: elsewhere + "/report.pdf")

    let path = try NewFile.write(Data("mine".utf8), in: folder, name: numbered)

    #expect(path == folder + "/report-1.pdf")
    try expectPrivate(path, holding: "mine")
    #expect(names(elsewhere).isEmpty)
    #expect(names(folder) == ["report-1.pdf", "report.pdf"])
  }

  @Test func namesUpToTheFileSystemsLimitFitBesideTheirPartialFile() throws {
    let folder = try TemporaryFolder.made("new-file")
    defer { TemporaryFolder.remove(folder) }
    // 80 three-byte characters: 240 bytes, then 244 with its number.
    let long = String(repeating: "日", count: 80)
    let first = try NewFile.write(Data("one".utf8), in: folder) { $0 == 0 ? long : long + "-\($0)" }
    let second = try NewFile.write(Data("two".utf8), in: folder) { $0 == 0 ? long : long + "-\($0)" }
    let longest = String(repeating: "x", count: 255)
    let third = try NewFile.write(Data("three".utf8), in: folder) { _ in longest }

    #expect([first, second, third] == [folder + "/" + long, folder + "/" + long + "-1", folder + "/" + longest])
    try expectPrivate(second, holding: "two")
    #expect(names(folder) == [long, long + "-1", longest].sorted())
  }
}
