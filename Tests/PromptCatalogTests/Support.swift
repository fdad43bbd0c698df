import Foundation
import PromptCatalog
import TestSupport
import Wire

/// A fresh folder under the system's temporary folder; the caller removes it.
func makeTemporaryFolder() throws -> String {
  let folder = TemporaryFolder.path("prompt-catalog-tests")
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder
}

let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)

/// Mail (keywords) › Reply (keywords) › Freundlich and Kurz; Notes › Korrektur (default);
/// a top-level preset "Signatur"; a cookbook "Büro" with chapter "Post"; a recipe "Antwort".
func sampleCatalog() throws -> Catalog {
  var catalog = Catalog()
  try catalog.addFolder(named: "Mail", icon: "✉️", keywords: "Sprache: Deutsch; Ton: sachlich")
  try catalog.addFolder(named: "Reply", in: "Mail", keywords: "Ton: freundlich")
  try catalog.addPreset(
    named: "Freundlich", text: "Antworte {{Ton}} auf {{Sprache}}. Anrede: {{Anrede|Sie}}.", in: "Mail/Reply",
    keywords: "Gruß: Viele Grüße", now: fixedNow)
  try catalog.addPreset(named: "Kurz", text: "Fasse dich kurz.", in: "Mail/Reply", now: fixedNow)
  try catalog.addFolder(named: "Notes")
  try catalog.addPreset(named: "Korrektur", text: "Korrigiere den Text.", in: "Notes", isDefault: true, now: fixedNow)
  try catalog.addPreset(named: "Signatur", text: "Schließe mit {{Gruß}}.", now: fixedNow)
  try catalog.addCookbook(named: "Büro", chapters: ["Post"], keywords: "Firma: ACME")
  try catalog.addRecipe(
    named: "Antwort", items: ["Mail/Reply", "Mail/Reply/Freundlich", "Signatur"], separator: "\n---\n",
    cookbook: "Büro", chapter: "Post", now: fixedNow)
  return catalog
}

/// The parsed JSON of `data`, for comparing content rather than bytes.
func json(_ data: Data) throws -> JSONValue {
  try JSONDecoder().decode(JSONValue.self, from: data)
}

extension JSONValue {
  /// The value with `exportDate` and null members left out, as the app reads absent and null alike.
  func normalized() -> JSONValue {
    switch self {
    case .object(let members):
      .object(members.filter { $0.key != "exportDate" && $0.value != .null }.mapValues { $0.normalized() })
    case .array(let elements): .array(elements.map { $0.normalized() })
    default: self
    }
  }

  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  subscript(index: Int) -> JSONValue? {
    if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
    return nil
  }
}
