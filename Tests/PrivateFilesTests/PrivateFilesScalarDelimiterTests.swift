import Foundation
import PrivateFiles
import TestSupport
import Testing

/// A Prepend character (U+0600) before `/` joins it into one `Character`; the kernel still reads
/// a slash, and a name ending in one as a folder.
@Suite struct PrivateFilesScalarDelimiterTests {
  @Test func aPrependCharacterDoesNotHideATrailingSlash() throws {
    let root = try TemporaryFolder.made("scalar-slash")
    defer { TemporaryFolder.remove(root) }
    let missing = #expect(throws: FileWriteError.self) { try FileDestination.resolving(root + "/new\u{600}/") }
    #expect(missing?.reason == "no such folder (a name ending in / is a folder)")
    #expect(FileManager.default.createFile(atPath: root + "/file\u{600}", contents: Data()))
    let file = #expect(throws: FileWriteError.self) { try FileDestination.resolving(root + "/file\u{600}/") }
    #expect(file?.reason == "it is a file, not a folder")
  }
}
