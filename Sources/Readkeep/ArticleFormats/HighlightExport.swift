import Foundation
public import Wire

/// Highlights as the tools people keep them in read them: Markdown for an Obsidian or Logseq
/// vault, and the CSV Readwise imports.
public enum HighlightExport {
  /// One section per article (its title, a link to it and its site), each highlight a quote with
  /// its note under it and its colour and date after it. `records` come grouped by article.
  public static func markdown(_ records: [HighlightRecord]) -> String {
    var text = ""
    var article: String?
    for record in records {
      if record.bookmarkID != article {
        article = record.bookmarkID
        if !text.isEmpty { text += "\n" }
        text +=
          "## " + oneLine(record.title.flatMap { $0.isEmpty ? nil : $0 } ?? record.url ?? record.bookmarkID) + "\n\n"
        if let url = record.url {
          text += "<\(url)>" + (record.site.map { " · " + oneLine($0) } ?? "") + "\n\n"
        }
      }
      // Lines end at the scalar "\n": "\r\n" is one Character, and a line after it left unquoted
      // would end the quotation.
      for line in record.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
        text += line.isEmpty ? ">\n" : "> " + String(line) + "\n"
      }
      text += "\n"
      if let note = record.note { text += note + "\n\n" }
      text += "— \(record.color), \(RFC3339.string(from: record.created).prefix(10))\n"
    }
    return text
  }

  /// The columns of Readwise's CSV import.
  public static let csvHeader = ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"]

  /// Readwise's CSV: a header, then a row per highlight (no author: the listing has none; the
  /// date as `YYYY-MM-DD HH:MM:SS` UTC), fields quoted as RFC 4180 has it.
  public static func csv(_ records: [HighlightRecord]) -> String {
    var rows = [csvHeader]
    for record in records {
      let date = RFC3339.string(from: record.created).prefix(19).replacingOccurrences(of: "T", with: " ")
      rows.append([record.text, record.title ?? "", "", record.url ?? "", record.note ?? "", "", date])
    }
    return rows.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
  }

  /// Delimiters are looked for among scalars, as a CSV reader reads bytes: "\r\n" is one
  /// Character, equal to neither "\r" nor "\n", and a combining mark after `,` or `"` joins it
  /// into one.
  private static func quoted(_ field: String) -> String {
    guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return field
    }
    var out = String.UnicodeScalarView()
    out.append("\"")
    for scalar in field.unicodeScalars {
      if scalar == "\"" { out.append("\"") }
      out.append(scalar)
    }
    out.append("\"")
    return String(out)
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
