/// The book's tags and chapters as ffmpeg's FFMETADATA1 file, which `-map_metadata` and
/// `-map_chapters` copy into the MP4: title, date, the articles' sites as artist and comment,
/// and one chapter per article in milliseconds.
public struct BookMetadata: Sendable, Equatable {
  public struct Chapter: Sendable, Equatable {
    public var title: String
    /// Milliseconds from the start of the book.
    public var start: Int
    public var end: Int
  }

  public var title: String
  /// `2026-03-01`.
  public var date: String
  /// The articles' sites, each once, in the book's order.
  public var sites: [String]
  public var chapters: [Chapter]

  /// Chapters for articles of `durations` seconds each, one after the other: each boundary is
  /// the sum so far rounded once, so that rounding never adds up along the book.
  public init(title: String, date: String, sites: [String], chapters: [(title: String, seconds: Double)]) {
    self.title = title
    self.date = date
    var seen: Set<String> = []
    self.sites = sites.filter { seen.insert($0).inserted }
    var elapsed = 0.0
    self.chapters = chapters.map { chapter in
      let start = Int((elapsed * 1000).rounded())
      elapsed += chapter.seconds
      return Chapter(title: chapter.title, start: start, end: Int((elapsed * 1000).rounded()))
    }
  }

  /// The FFMETADATA1 text.
  public var text: String {
    var lines = [";FFMETADATA1", "title=" + Self.escaped(title), "album=" + Self.escaped(title), "date=" + date]
    if !sites.isEmpty {
      let sites = Self.escaped(sites.joined(separator: ", "))
      lines += ["artist=" + sites, "comment=" + sites]
    }
    lines.append("genre=Audiobook")
    for chapter in chapters {
      lines += [
        "", "[CHAPTER]", "TIMEBASE=1/1000", "START=\(chapter.start)", "END=\(chapter.end)",
        "title=" + Self.escaped(chapter.title),
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A value as FFMETADATA1 needs it: `=`, `;`, `#`, `\` and line breaks after a backslash
  /// (a carriage return would end the line too; it becomes a space).
  static func escaped(_ value: String) -> String {
    var result = ""
    for character in value {
      switch character {
      case "=", ";", "#", "\\", "\n": result += "\\" + String(character)
      case "\r", "\r\n": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
