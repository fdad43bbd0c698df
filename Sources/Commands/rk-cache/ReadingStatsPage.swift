import ArticleFormats
import Localization
import OfflineStore

/// `stats --reading --format html`: a page that stands alone and loads nothing (the pages'
/// Content-Security-Policy, the style inline, the chart inline SVG), in the reader's language:
/// the totals, a bar for each day with reading (offline and online side by side, each day's
/// figures as a tooltip and as text), then the most read articles, labels, sites and authors.
enum ReadingStatsPage {
  static func document(_ stats: ReadingStats) -> String {
    // TRANSLATORS: the title and heading of the page "rk-cache stats --reading --format html" writes.
    let title = tr("Reading statistics")
    var body = "<header><h1>\(escaped(title))</h1>\n"
    guard !stats.days.isEmpty else {
      body += "<p>\(escaped(ReadingStatsOutput.nothingRead(since: stats.since)))</p></header>"
      return page(title: title, body: body)
    }
    body += "<p>\(escaped(ReadingStatsOutput.totals(stats)))</p></header>\n" + chart(stats.days)
    let top = ReadingStatsOutput.top
    // TRANSLATORS: the column headings of the tables of the reading page: minutes read in all,
    // offline and online, the article's progress; its title; a label, a site, an author.
    let (minutes, offline, online) = (tr("Minutes"), tr("Offline"), tr("Online"))
    body += table(
      [minutes, offline, online, tr("Progress"), tr("Title")],
      stats.articles.prefix(top).map { article in
        let progress = article.progress
        return [
          ReadingStatsOutput.minutes(article.minutes), ReadingStatsOutput.minutes(article.offline),
          ReadingStatsOutput.minutes(article.online), tr("\(progress)%"), article.title,
        ]
      })
    for (heading, shares) in [(tr("Label"), stats.labels), (tr("Site"), stats.sites), (tr("Author"), stats.authors)]
    where !shares.isEmpty {
      body += table([minutes, heading], shares.prefix(top).map { [ReadingStatsOutput.minutes($0.minutes), $0.name] })
    }
    return page(title: title, body: body)
  }

  /// Pixels of the chart: the day's label, the longest bar, the figures after it, a row.
  static let labelWidth = 100
  static let barWidth = 400
  static let figureWidth = 110
  static let rowHeight = 22
  static let barHeight = 16

  /// One row per day: the date, the offline bar, the online bar after it, the minutes.
  static func chart(_ days: [ReadingStats.Day]) -> String {
    let widest = ReadingStatsOutput.widest(days)
    let (width, height) = (labelWidth + barWidth + figureWidth, rowHeight * days.count)
    let (full, shade) = (tr("offline"), tr("online"))
    // TRANSLATORS: what the chart of the reading page shows, for screen readers.
    let description = tr("Minutes read per day")
    var svg = """
      <figure>
      <svg width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
      role="img" aria-label="\(escaped(description))">

      """
    for (index, day) in days.enumerated() {
      let (offline, online) = ReadingStatsOutput.columns(day, widest: widest, width: barWidth)
      let (top, text) = (index * rowHeight + (rowHeight - barHeight) / 2, index * rowHeight + rowHeight - 6)
      let date = ReadingStatsOutput.date(day.date)
      let (offlineMinutes, onlineMinutes) = (
        ReadingStatsOutput.minutes(day.offline), ReadingStatsOutput.minutes(day.online)
      )
      // TRANSLATORS: the tooltip of a day's bar on the reading page; {0} is the day, {1} and {2} durations.
      let tooltip = tr("\(date): \(offlineMinutes) offline, \(onlineMinutes) online")
      svg += "<g><title>\(escaped(tooltip))</title>"
      svg += "<text x=\"0\" y=\"\(text)\">\(escaped(date))</text>"
      if offline > 0 {
        svg += "<rect class=\"offline\" x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(offline)\" height=\"\(barHeight)\"/>"
      }
      if online > 0 {
        svg += """
          <rect class="online" x="\(labelWidth + offline)" y="\(top)" width="\(online)" height="\(barHeight)"/>
          """
      }
      let figure = escaped(ReadingStatsOutput.minutes(day))
      svg += "<text x=\"\(labelWidth + offline + online + 6)\" y=\"\(text)\">\(figure)</text></g>\n"
    }
    svg += "</svg>\n"
    // The legend in words as well as colours, for a print in black and white.
    svg += """
      <figcaption><span class="key offline"></span>\(escaped(full)) <span class="key online"></span>\(escaped(shade))\
      </figcaption>
      </figure>

      """
    return svg
  }

  static func table(_ headings: [String], _ rows: [[String]]) -> String {
    var html = "<table>\n<thead><tr>" + headings.map { "<th>\(escaped($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
    for row in rows { html += "<tr>" + row.map { "<td>\(escaped($0))</td>" }.joined() + "</tr>\n" }
    return html + "</tbody>\n</table>\n"
  }

  static func page(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="\(Language.current.rawValue)">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(ArticlePage.contentSecurityPolicy)">
    <meta name="referrer" content="no-referrer">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title))</title>
    <style>
    \(style)
    </style>
    </head>
    <body>
    \(body)
    </body>
    </html>

    """
  }

  /// The system's fonts and the pages' colours; dark mode and print.
  static let style = """
    body { margin: 0 auto; padding: 1.5rem 1rem 3rem; max-width: 50rem; font: 1rem/1.5 system-ui, sans-serif; }
    h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
    figure { margin: 1.5rem 0; }
    svg { max-width: 100%; height: auto; }
    svg text { font: 12px system-ui, sans-serif; fill: currentColor; }
    rect.offline, .key.offline { fill: #1a5fb4; background: #1a5fb4; }
    rect.online, .key.online { fill: #99c1f1; background: #99c1f1; }
    .key { display: inline-block; width: .8em; height: .8em; margin: 0 .3em 0 .8em; vertical-align: -.05em; }
    table { border-collapse: collapse; width: 100%; margin: 1.5rem 0; }
    th, td { border-bottom: 1px solid #ccc; padding: .3rem .5rem; text-align: left; vertical-align: top; }
    td:not(:last-child) { white-space: nowrap; }
    @media (prefers-color-scheme: dark) {
      body { background: #1c1c1c; color: #ddd; }
      th, td { border-color: #555; }
      rect.offline, .key.offline { fill: #8cb4ff; background: #8cb4ff; }
      rect.online, .key.online { fill: #3d5a80; background: #3d5a80; }
    }
    @media print {
      body { max-width: none; padding: 0; color: #000; background: #fff; }
      .key, rect { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
    }
    """

  /// Text and double-quoted attribute values, as the store gave them, made inert (the article
  /// pages' escaping, which looks for delimiters among Unicode scalars as a browser does).
  static func escaped(_ text: String) -> String { Markup.attribute(text) }
}
