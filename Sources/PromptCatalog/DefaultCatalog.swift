#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The starting catalog `ail-ai catalog init` sets up: the app's default categories, each with a
/// short preset so that the catalog is usable at once.
extension Catalog {
  /// The folders Mail (with Reply, Forward and Analyze), Notes and General and their sample
  /// presets, where a folder of that path or a preset of that name does not exist yet; so it can
  /// run again and again. The sample "Korrektur" becomes the default preset when none is marked.
  /// Returns what was added, for messages.
  @discardableResult
  public mutating func addDefaults(now: Date = Date()) throws -> [String] {
    var added: [String] = []
    for (path, icon) in Self.defaultFolders
    where menuItems(matchingPath: "/" + path, kind: .folder, caseSensitive: true).isEmpty {
      let parent = FileAccess.parentFolder(of: path)
      let name = String(path.split(separator: "/").last!)
      try addFolder(named: name, in: parent.map { "/" + $0 }, icon: icon)
      added.append("folder \(path)")
    }
    let hasDefault = presets.contains(where: \.isDefault)
    for sample in Self.samplePresets
    where !presets.contains(where: { $0.name.lowercased() == sample.name.lowercased() }) {
      try addPreset(
        named: sample.name, text: sample.text, in: "/" + sample.folder, icon: sample.icon,
        isDefault: sample.name == "Korrektur" && !hasDefault, now: now)
      added.append("preset \(sample.folder)/\(sample.name)")
    }
    return added
  }

  private static let defaultFolders: [(path: String, icon: String?)] = [
    ("Mail", "✉️"), ("Mail/Reply", "↩️"), ("Mail/Forward", "↪️"), ("Mail/Analyze", "🔍"), ("Notes", "📝"),
    ("General", "💬"),
  ]

  private static let samplePresets: [(folder: String, name: String, icon: String?, text: String)] = [
    (
      "Mail/Reply", "Freundlich", "🙂",
      """
      Schreibe eine freundliche, knappe Antwort auf die folgende E-Mail. Sprich die Person mit \
      „{{Anrede|Sie}}“ an, gehe auf jede Frage ein und antworte in der Sprache der E-Mail. Gib \
      nur den Text der Antwort aus.
      """
    ),
    (
      "Mail/Forward", "Weiterleiten", nil,
      """
      Fasse die folgende E-Mail in wenigen Sätzen für {{Empfänger|eine Kollegin oder einen \
      Kollegen}} zusammen, der sie weitergeleitet bekommt: worum es geht, was zu tun ist, bis wann.
      """
    ),
    (
      "Mail/Analyze", "Aufgaben", "✅",
      """
      Liste alle Aufgaben, Fristen und offenen Fragen aus der folgenden E-Mail als Stichpunkte \
      auf. Schreibe „keine“, wenn es keine gibt.
      """
    ),
    (
      "Notes", "Korrektur", "✏️",
      """
      Korrigiere Rechtschreibung, Grammatik und Zeichensetzung des folgenden Textes. Ändere weder \
      Inhalt noch Stil. Gib nur den korrigierten Text aus.
      """
    ),
    (
      "General", "Zusammenfassen", "📋",
      """
      Fasse den folgenden Text in {{Länge|drei Sätzen}} zusammen. Gib nur die Zusammenfassung aus.
      """
    ),
  ]
}
