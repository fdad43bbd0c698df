public import Localization
public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The starting catalog `ail-ai catalog init` sets up: the app's default categories, each with a
/// short preset so that the catalog is usable at once. The names are the ones the README, the
/// tools' `--help` and `scripts/ail.mk` use, so every documented example works on a new catalog.
///
/// In German the original app's German set comes first (Mail/Antworten/Freundlich,
/// Notizen/Korrektur …, with German prompts and keywords), and the English set is created beside
/// it, so that the documented English names (Mail/Reply/Friendly, Proofread) resolve in every
/// language; Korrektur is then the default preset.
extension Catalog {
  /// The folders Mail (with Reply, Forward and Analyze), Notes, Articles and General and their
  /// sample presets, where a folder of that path or a preset of that name does not exist yet; so
  /// it can run again and again. The sample "Proofread" ("Korrektur" in German) becomes the
  /// default preset when none is marked. Returns what was added, for messages.
  @discardableResult
  public mutating func addDefaults(now: Date = Date(), language: Language = .english) throws -> [String] {
    var added: [String] = []
    let hasDefault = presets.contains(where: \.isDefault)
    if language == .german {
      added += try addSamples(
        folders: Self.germanFolders, presets: Self.germanPresets,
        defaultPreset: hasDefault ? nil : Self.germanDefaultPresetName, now: now)
    }
    added += try addSamples(
      folders: Self.defaultFolders, presets: Self.samplePresets,
      defaultPreset: hasDefault || language == .german ? nil : Self.defaultPresetName, now: now)
    return added
  }

  private mutating func addSamples(
    folders: [(path: String, icon: String?)], presets samples: [Sample], defaultPreset: String?, now: Date
  ) throws -> [String] {
    var added: [String] = []
    for (path, icon) in folders
    where menuItems(matchingPath: "/" + path, kind: .folder, caseSensitive: true).isEmpty {
      let parent = FileAccess.parentFolder(of: path)
      let name = String(path.split(separator: "/").last!)
      try addFolder(named: name, in: parent.map { "/" + $0 }, icon: icon)
      added.append("folder \(path)")
    }
    for sample in samples
    where !presets.contains(where: { $0.name.lowercased() == sample.name.lowercased() }) {
      try addPreset(
        named: sample.name, text: sample.text, in: "/" + sample.folder, icon: sample.icon,
        isDefault: sample.name == defaultPreset, condenses: Self.condensing.contains(sample.name),
        schema: Self.taskLists.contains(sample.name) ? Self.taskSchema : JSONValue?.none, now: now)
      added.append("preset \(sample.folder)/\(sample.name)")
    }
    return added
  }

  private typealias Sample = (folder: String, name: String, icon: String?, text: String)

  /// The samples that summarise: a long input's partial answers are combined by them again.
  private static let condensing: Set<String> = [
    "Brief", "Tasks", "Summary", "Summarize", "Kurz", "Aufgaben", "Zusammenfassen", "Kurzfassung",
  ]

  /// The samples whose answer is a task list as data, for `ail-log add --records`.
  private static let taskLists: Set<String> = ["Tasks", "Aufgaben"]

  /// `{"tasks": [{"title", "due", "note"}]}`: what ail-log files as entries with reminders.
  public static let taskSchema: JSONValue = {
    let text: JSONValue = ["type": "string"]
    let task: JSONValue = [
      "type": "object", "properties": ["title": text, "due": text, "note": text], "required": ["title"],
    ]
    let tasks: JSONValue = ["type": "array", "items": task]
    return ["type": "object", "properties": ["tasks": tasks], "required": ["tasks"]]
  }()

  static let germanDefaultPresetName = "Korrektur"

  /// The original app's German categories: Mail is the same folder in both languages.
  private static let germanFolders: [(path: String, icon: String?)] = [
    ("Mail", "✉️"), ("Mail/Antworten", "↩️"), ("Mail/Weiterleiten", "↪️"), ("Mail/Analysieren", "🔍"),
    ("Notizen", "📝"), ("Artikel", "📰"), ("Allgemein", "💬"),
  ]

  /// The German samples, one for each English one, with German keywords ({{Ton}}, {{Länge}} …).
  private static let germanPresets: [Sample] = [
    (
      "Mail/Antworten", "Freundlich", "🙂",
      """
      Schreibe eine freundliche, kurze Antwort auf die folgende E-Mail in einem \
      {{Ton|herzlichen, aber professionellen}} Ton. Beantworte jede Frage, die sie stellt, in der \
      Sprache der E-Mail. Schreibe nur den Text der Antwort.
      """
    ),
    (
      "Mail/Weiterleiten", "Kurz", nil,
      """
      Fasse die folgende E-Mail in wenigen Sätzen für {{Empfänger|eine Kollegin oder einen Kollegen}} \
      zusammen, die sie weitergeleitet bekommt: worum es geht, was zu tun ist und bis wann.
      """
    ),
    (
      "Mail/Analysieren", "Aufgaben", "✅",
      """
      Liste jede Aufgabe der folgenden E-Mail auf, die der Leser erledigen soll: ein kurzer Titel, \
      die Frist als Datum und Uhrzeit (JJJJ-MM-TT HH:MM), wenn die E-Mail eine nennt, und eine \
      Notiz mit dem Nötigen. Offene Fragen sind Aufgaben, sie zu beantworten. Keine Aufgabe: eine \
      leere Liste.
      """
    ),
    (
      "Notizen", "Korrektur", "✏️",
      """
      Korrigiere Rechtschreibung, Grammatik und Zeichensetzung des folgenden Textes. Ändere weder \
      seinen Inhalt noch seinen Stil. Schreibe nur den korrigierten Text.
      """
    ),
    (
      "Notizen", "Aufräumen", "🧹",
      """
      Mache aus der folgenden Notiz, oft einem transkribierten Sprachmemo, eine aufgeräumte \
      schriftliche Notiz: Korrigiere Erkennungs- und Rechtschreibfehler, streiche Füllwörter und \
      Wiederholungen, füge Absätze und, wo es hilft, eine Liste hinzu. Behalte ihre Sprache, ihre \
      Bedeutung und jede Tatsache. Schreibe nur die Notiz.
      """
    ),
    (
      "Artikel", "Zusammenfassen", "📋",
      """
      Fasse den folgenden Artikel in {{Länge|fünf Stichpunkten}} zusammen: zuerst sein \
      Hauptargument, dann die Punkte, die es stützen. Schreibe nur die Zusammenfassung.
      """
    ),
    (
      "Allgemein", "Kurzfassung", "📝",
      """
      Fasse den folgenden Text in {{Länge|drei Sätzen}} zusammen. Schreibe nur die Zusammenfassung.
      """
    ),
    (
      "Allgemein", "Übersetzen", "🌐",
      """
      Übersetze den folgenden Text in die Sprache {{Sprache|Englisch}}. Behalte seine Formatierung \
      bei. Schreibe nur die Übersetzung.
      """
    ),
  ]

  static let defaultPresetName = "Proofread"

  private static let defaultFolders: [(path: String, icon: String?)] = [
    ("Mail", "✉️"), ("Mail/Reply", "↩️"), ("Mail/Forward", "↪️"), ("Mail/Analyze", "🔍"), ("Notes", "📝"),
    ("Articles", "📰"), ("General", "💬"),
  ]

  private static let samplePresets: [Sample] = [
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
      List every task the following mail gives its reader: a short title, the deadline as date \
      and time (YYYY-MM-DD HH:MM) when the mail names one, and a note with what is needed. Open \
      questions are tasks to answer them. No task: an empty list.
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
