#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The starting catalog `ail-ai catalog init` sets up: the app's default categories, each with a
/// short preset so that the catalog is usable at once. The names are the ones the README, the
/// tools' `--help` and `scripts/ail.mk` use, so every documented example works on a new catalog.
extension Catalog {
  /// The folders Mail (with Reply, Forward and Analyze), Notes, Articles and General and their
  /// sample presets, where a folder of that path or a preset of that name does not exist yet; so
  /// it can run again and again. The sample "Proofread" becomes the default preset when none is
  /// marked. Returns what was added, for messages.
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
        isDefault: sample.name == Self.defaultPresetName && !hasDefault, now: now)
      added.append("preset \(sample.folder)/\(sample.name)")
    }
    return added
  }

  static let defaultPresetName = "Proofread"

  private static let defaultFolders: [(path: String, icon: String?)] = [
    ("Mail", "✉️"), ("Mail/Reply", "↩️"), ("Mail/Forward", "↪️"), ("Mail/Analyze", "🔍"), ("Notes", "📝"),
    ("Articles", "📰"), ("General", "💬"),
  ]

  private static let samplePresets: [(folder: String, name: String, icon: String?, text: String)] = [
    (
      "Mail/Reply", "Friendly", "🙂",
      """
      Write a friendly, brief reply to the following mail in a {{Tone|warm but professional}} tone. \
      Answer every question it asks, in the language of the mail. Write only the text of the reply.
      """
    ),
    (
      "Mail/Forward", "Brief", nil,
      """
      Summarise the following mail in a few sentences for {{Recipient|a colleague}} who receives it \
      forwarded: what it is about, what has to be done, and by when.
      """
    ),
    (
      "Mail/Analyze", "Tasks", "✅",
      """
      List every task, deadline and open question in the following mail as bullet points. Write \
      "none" when there are none.
      """
    ),
    (
      "Notes", "Proofread", "✏️",
      """
      Correct the spelling, grammar and punctuation of the following text. Change neither its \
      content nor its style. Write only the corrected text.
      """
    ),
    (
      "Notes", "Tidy", "🧹",
      """
      Turn the following note, often a transcribed voice memo, into a tidy written note: correct \
      recognition and spelling errors, drop filler words and repetitions, add paragraphs and, where \
      it helps, a list. Keep its language, its meaning and every fact. Write only the note.
      """
    ),
    (
      "Articles", "Summary", "📋",
      """
      Summarise the following article in {{Length|five bullet points}}: its main argument first, \
      then the points that support it. Write only the summary.
      """
    ),
    (
      "General", "Summarize", "📝",
      """
      Summarise the following text in {{Length|three sentences}}. Write only the summary.
      """
    ),
    (
      "General", "Translate", "🌐",
      """
      Translate the following text into {{Language|English}}. Keep its formatting. Write only the \
      translation.
      """
    ),
  ]
}
