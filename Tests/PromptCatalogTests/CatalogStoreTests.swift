import Foundation
import PromptCatalog
import TestSupport
import Testing

@Suite struct CatalogStoreTests {
  @Test func theDefaultPathFollowsXDG() {
    #expect(CatalogStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/ailo/catalog.json")
    #expect(CatalogStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/ailo/catalog.json")
    #expect(
      CatalogStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
        == "/h/.local/share/ailo/catalog.json")
  }

  @Test func aMissingFileIsAnEmptyCatalog() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let catalog = try CatalogStore(path: folder + "/none/catalog.json").load()
    #expect(catalog.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder + "/none"))
  }

  @Test func savingCreatesThePrivateFolderAndAPrivateFileAndLoadsBack() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/data/ailo/catalog.json"
    let store = CatalogStore(path: path)
    let catalog = try sampleCatalog()
    try store.save(catalog, at: fixedNow)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder + "/data/ailo")[.posixPermissions] as? NSNumber
    #expect(folderMode?.intValue == 0o700)
    var loaded = try store.load()
    #expect(loaded.exportDate == Timestamp(fixedNow))
    loaded.exportDate = nil
    #expect(loaded == catalog)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/data/ailo") == ["catalog.json"])
  }

  @Test func theFileIsPrettySortedAndCamelCase() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    try store.save(try sampleCatalog(), at: fixedNow)
    let text = try String(contentsOfFile: store.path, encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"cookbooks\" : [\n"))
    #expect(text.hasSuffix("}\n"))
    #expect(text.contains("\"exportDate\" : \"2027-01-15T08:00:00Z\""))
    #expect(
      text.contains("\"recipeMenuItems\"") && text.contains("\"isDefault\" : true")
        && text.contains("\"parentId\" : null"))
    #expect(text.contains("\"version\" : 1"))
  }

  @Test func savingReplacesAnExistingFileAndKeepsItPrivate() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/catalog.json"
    _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
    try CatalogStore(path: path).save(try sampleCatalog(), at: fixedNow)
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try CatalogStore(path: path).load().presets.count == 4)
  }

  @Test func aBrokenStoredFileIsReportedNotReplaced() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/catalog.json"
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try CatalogStore(path: path).load()
    } throws: { error in
      guard case CatalogError.invalidFile(let source, let problems) = error else { return false }
      return source == path && problems.first?.hasPrefix("not JSON") == true
    }
  }

  @Test func anUnreadableFileIsAnAccessError() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    #expect {
      try CatalogStore(path: folder).load()  // a folder cannot be read as a file
    } throws: { error in
      if case CatalogError.fileAccess = error { return true }
      return false
    }
  }
}
