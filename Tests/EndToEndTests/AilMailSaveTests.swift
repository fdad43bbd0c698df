import Foundation
import TestSupport
import Testing

/// `ail-mail save` with names and folders a sender or a user's disk can hold: overlong names,
/// names that are links or folders already.
@Suite struct AilMailSaveTests {
  /// A message with one attachment holding "mine", its name given by `disposition`.
  func message(disposition: String) -> String {
    """
    Subject: files
    Content-Type: multipart/mixed; boundary=b

    --b
    Content-Type: text/plain

    Take this.
    --b
    Content-Type: application/pdf
    Content-Disposition: \(disposition)

    mine
    --b--

    """
  }

  /// The built tool, killed after 30 seconds: a run that once hung fails instead (status 137).
  func save(_ text: String, into folder: String) throws -> ToolRun {
    let file = folder + "/../message-\(UUID().uuidString).eml"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return try run(
      "/usr/bin/timeout",
      ["-s", "KILL", "30", binaries.appendingPathComponent("ail-mail").path, "save", file, "--to", folder])
  }

  func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test func aNameWhoseExtensionAloneIsLongerThanTheBudgetIsSavedShortenedAndVisible() throws {
    let root = try TemporaryFolder.made("ail-mail-save")
    defer { TemporaryFolder.remove(root) }
    let folder = root + "/in"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let accents = String(repeating: "%CC%81", count: 300)
    let result = try save(message(disposition: "attachment; filename*=UTF-8''x.a\(accents)"), into: folder)

    #expect(result.status == 0, "\(result.status) \(result.stderr)")
    let saved = names(folder)
    #expect(saved.count == 1)
    let name = saved.first ?? ""
    #expect(name.unicodeScalars.starts(with: "x.a\u{301}".unicodeScalars), "\(name.debugDescription)")
    #expect(name.utf8.count <= 240, "\(name.utf8.count) bytes")
    #expect(result.stdout == folder + "/" + name + "\n")
    #expect(FileManager.default.contents(atPath: folder + "/" + name) == Data("mine".utf8))
  }

  @Test func aNameHeldByAFolderOrALinkTakesTheNextNumberAndNothingIsWrittenWhereTheLinkPoints() throws {
    let root = try TemporaryFolder.made("ail-mail-save")
    defer { TemporaryFolder.remove(root) }
    let folder = root + "/in"
    try FileManager.default.createDirectory(atPath: folder + "/report.pdf", withIntermediateDirectories: true)
    // Another file system when the machine has one (where a link across fails), else a sibling.
    func device(_ path: String) -> Int? {
      (try? FileManager.default.attributesOfItem(atPath: path))?[.systemNumber] as? Int
    }
    let otherFileSystem =
      device("/dev/shm") != nil && device("/dev/shm") != device(root)
      && FileManager.default.isWritableFile(atPath: "/dev/shm")
    let elsewhere = (otherFileSystem ? "/dev/shm" : root) + "/ail-mail-elsewhere-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(elsewhere) }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/report-1.pdf", withDestinationPath: elsewhere + "/report-1.pdf")

    let result = try save(message(disposition: "attachment; filename=report.pdf"), into: folder)

    #expect(result.status == 0, "\(result.status) \(result.stderr)")
    #expect(result.stdout == folder + "/report-2.pdf\n")
    #expect(names(folder) == ["report-1.pdf", "report-2.pdf", "report.pdf"])
    #expect(names(elsewhere).isEmpty)
    #expect(names(folder + "/report.pdf").isEmpty)
    #expect(FileManager.default.contents(atPath: folder + "/report-2.pdf") == Data("mine".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: folder + "/report-2.pdf")[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aJapaneseNameOfSeventyTwoCharactersIsSavedWholeAndNumberedWhenTaken() throws {
    let root = try TemporaryFolder.made("ail-mail-save")
    defer { TemporaryFolder.remove(root) }
    let folder = root + "/in"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let stem = String(repeating: "日本語の名前", count: 12)  // 72 characters, 216 bytes
    let encoded = stem.utf8.map { String(format: "%%%02X", $0) }.joined()
    let text = message(disposition: "attachment; filename*=UTF-8''\(encoded).pdf")

    let first = try save(text, into: folder)
    let second = try save(text, into: folder)

    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(first.stdout + second.stdout == "\(folder)/\(stem).pdf\n\(folder)/\(stem)-1.pdf\n")
    #expect(names(folder) == ["\(stem)-1.pdf", "\(stem).pdf"])
  }
}
