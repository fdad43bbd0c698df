public import Foundation
public import Wire

/// `highlight` records (from `rk-cache highlights`) filed as notes: one entry per article, titled
/// with the article, its URL as the source, each highlight a quote with its note. Filing again
/// adds to an article's entry only the highlights it lacks, so a pipeline run every day keeps one
/// entry per article, never a second.
public struct HighlightFiling {
  public let category: String
  public let tags: [String]
  /// The articles in the order their first highlight came, each with its quotes.
  private var articles: [(key: String, title: String, url: String?, blocks: [String])] = []

  /// - Parameter tags: the user's, after `highlight`.
  public init(category: String, tags: [String]) {
    self.category = category
    self.tags = ["highlight"] + tags
  }

  /// Takes the record when it is a highlight (true), to be filed by ``file(into:now:)``.
  public mutating func take(_ record: JSONObject) throws -> Bool {
    guard record["kind"]?.stringValue == HighlightRecord.kind else { return false }
    let highlight = try HighlightRecord(members: record)
    let key = highlight.url ?? highlight.bookmarkID
    let block = Self.block(highlight)
    if let index = articles.firstIndex(where: { $0.key == key }) {
      if !articles[index].blocks.contains(block) { articles[index].blocks.append(block) }
    } else {
      let title = highlight.title.flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
      articles.append((key, NoteLog.title(from: title ?? key), highlight.url, [block]))
    }
    return true
  }

  public var isEmpty: Bool { articles.isEmpty }

  /// Files what was taken; returns how many entries were added, extended and left as they were.
  public func file(into log: NoteLog, now: Date = Date()) throws -> (added: Int, extended: Int, unchanged: Int) {
    var tally = (added: 0, extended: 0, unchanged: 0)
    for article in articles {
      let draft = NoteLog.Draft(
        title: article.title, content: article.blocks.joined(separator: "\n\n"), category: category, tags: tags,
        source: LogSource(url: article.url ?? "readeck:" + article.key))
      switch try log.addOrExtend(draft, blocks: article.blocks, now: now) {
      case .added: tally.added += 1
      case .extended: tally.extended += 1
      case .unchanged: tally.unchanged += 1
      }
    }
    return tally
  }

  /// A highlight as a Markdown quote, its note under it.
  static func block(_ highlight: HighlightRecord) -> String {
    let quote = highlight.text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
    return highlight.note.map { quote + "\n\n" + $0 } ?? quote
  }
}
