import Foundation
import TestSupport
import Testing
import Wire

/// Every catalog command through the built ail-ai, on one catalog file.
@Suite struct AilAICatalogTests {
  @Test func everyCatalogCommand() throws {
    let folder = TemporaryFolder.path("ail-ai-catalog")
    defer { TemporaryFolder.remove(folder) }
    let catalog = ["--catalog", folder + "/catalog.json"]
    func ai(_ arguments: [String], stdin: String = "") throws -> ToolRun {
      try run("ail-ai", ["catalog"] + arguments + catalog, stdin: stdin)
    }
    func ok(_ arguments: [String], stdin: String = "") throws -> ToolRun {
      let result = try ai(arguments, stdin: stdin)
      #expect(result.status == 0, "catalog \(arguments.joined(separator: " ")): \(result.stderr)")
      return result
    }
    _ = try ok(["init"])
    _ = try ok(["add-folder", "Team", "--parent", "Mail", "--keywords", "Firma: ACME; Ton: sachlich"])
    _ = try ok([
      "add-preset", "Kurz", "--folder", "Mail/Team", "--text", "Antworte kurz für {{Firma}}, Ton {{Ton}}.", "--icon",
      "✂️",
    ])
    _ = try ok(["add-preset", "Gruss", "--folder", "Notes", "--text", "Schliesse mit Gruss an {{Name|alle}}."])
    _ = try ok(["add-cookbook", "Büro", "--chapter", "Mail"])
    _ = try ok([
      "add-recipe", "Antwort", "--item", "Mail/Team", "--item", "Mail/Team/Kurz", "--item", "Notes/Gruss", "--cookbook",
      "Büro", "--chapter", "Mail", "--keywords", "Ton: herzlich; Name: Anna",
    ])

    let tree = try ok(["tree"]).stdout
    for name in ["Mail", "Reply", "Team", "Kurz", "Notes", "Gruss", "Antwort", "Büro"] {
      #expect(tree.contains(name), "tree lacks \(name)")
    }
    #expect(try ok(["list", "recipes"]).stdout.hasPrefix("Antwort"))
    #expect(try ok(["show", "Kurz"]).stdout.contains("Antworte kurz für {{Firma}}"))

    // The recipe: a heading for the folder, the presets' texts; the folder's keyword wins over the
    // recipe's (later definitions override earlier ones), the recipe's fills what the folder leaves.
    let prompt = try run("ail-ai", ["prompt", "--recipe", "Antwort"] + catalog)
    #expect(
      prompt.stdout == "# Team\n\nAntworte kurz für ACME, Ton sachlich.\n\nSchliesse mit Gruss an Anna.\n",
      "\(prompt.stderr)")

    _ = try ok(["edit", "Gruss", "--text", "Grüsse von {{Absender}}."])
    let missing = try run("ail-ai", ["prompt", "--recipe", "Antwort"] + catalog)
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("Absender"))

    _ = try ok(["move", "Notes/Gruss", "--to", "Mail"])
    #expect(try ok(["tree"]).stdout.contains("Gruss"))
    let refused = try ai(["rm", "Mail/Team"])
    #expect(refused.status == 1)

    // Export, change, import: back to the exported state.
    let exported = try ok(["export", "-"]).stdout
    let value = try Array(exported.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    #expect(value["version"] == 1)
    #expect(value["menuItems"]?.arrayValue?.isEmpty == false)
    _ = try ok(["rm", "Antwort"])
    #expect(try ok(["list", "recipes"]).stdout.isEmpty)
    _ = try ok(["import", "-"], stdin: exported)
    #expect(try ok(["list", "recipes"]).stdout.hasPrefix("Antwort"))

    // A broken file is refused and the catalog stays.
    let before = try String(contentsOfFile: folder + "/catalog.json", encoding: .utf8)
    let broken = exported.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 7"#)
      .replacingOccurrences(of: #""version":1"#, with: #""version":7"#)
    let rejected = try ai(["import", "-"], stdin: broken)
    #expect(rejected.status == 65)
    #expect(try String(contentsOfFile: folder + "/catalog.json", encoding: .utf8) == before)
  }
}
