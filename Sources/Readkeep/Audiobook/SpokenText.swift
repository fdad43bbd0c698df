import ArticleFormats
import HTMLScan
public import OfflineStore

/// What is read aloud of an article: its readable text as `rk-cache text` makes it, minus what
/// makes no sense spoken (addresses, code blocks, image captions and alt texts), one sentence-like
/// line per heading, paragraph or list item; and that text cut into pieces a speech program can
/// take in one bounded run.
public enum SpokenText {
  /// Characters per piece: about a minute of speech, so that no synthesizer's run (nor what it
  /// holds in memory) grows with the article.
  public static let pieceLimit = 1_500

  /// The article's title as the first sentence, then its text.
  public static func text(of article: StoredArticle) -> String {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    return text(html: article.html, title: info.title)
  }

  /// `html` as spoken text, with `title` (when given) as its first line; the cleaner drops a
  /// first `<h1>` saying the title again.
  public static func text(html: String, title: String?) -> String {
    // Images go before the cleaner, which would put an image it does not keep as its alt text.
    let cleaned = ArticleCleaner.clean(speakable(html), title: title) { _ in false }
    let plain = HTMLPlainText.text(cleaned, layout: .lines)
    var lines: [String] = []
    for line in ((title.map { [$0] } ?? []) + plain.split(separator: "\n").map(String.init)) {
      if let spoken = sentence(line) { lines.append(spoken) }
    }
    return lines.joined(separator: "\n")
  }

  /// Elements dropped with everything in them: nothing in them is prose (`figcaption` describes
  /// an image the listener cannot see, `pre` holds code or ASCII art).
  static let silent: Set<String> = [
    "pre", "figcaption", "picture", "svg", "math", "video", "audio", "canvas", "script", "style", "template",
    "button", "select", "textarea", "iframe", "object",
  ]

  /// The HTML with the silent elements, images, links' addresses and code blocks gone, and no
  /// attribute left (the `lines` layout would read `alt` and `href` aloud): tags are kept by
  /// name only, for the layout's line breaks. Inline code of one line stays: it is usually a
  /// word of the sentence ("the `map` function").
  static func speakable(_ html: String) -> String {
    var output = ""
    output.reserveCapacity(html.utf8.count / 2)
    var skipping: (name: String, depth: Int)?
    var code: (depth: Int, text: String)?
    for token in HTMLTokenizer(html, text: true, valuesOf: []) {
      switch token {
      case .text(let text):
        guard skipping == nil else { continue }
        if code != nil { code!.text += text } else { output += Markup.text(text) }
      case .startTag(let tag):
        if let current = skipping {
          if tag.name == current.name, !tag.selfClosing { skipping!.depth += 1 }
          continue
        }
        if silent.contains(tag.name) {
          if !tag.selfClosing { skipping = (tag.name, 1) }
        } else if tag.name == "code" {
          if code == nil { code = (1, "") } else if !tag.selfClosing { code!.depth += 1 }
        } else if code == nil, tag.name != "img", tag.name != "a", tag.name != "input" {
          output += "<\(tag.name)>"
        }
      case .endTag(let name, _):
        if let current = skipping {
          if name == current.name {
            skipping!.depth -= 1
            if skipping!.depth == 0 { skipping = nil }
          }
          continue
        }
        if name == "code", let current = code {
          if current.depth > 1 {
            code!.depth -= 1
          } else {
            if !current.text.contains(where: \.isNewline) { output += Markup.text(current.text) }
            code = nil
          }
        } else if code == nil, name != "a" {
          output += "</\(name)>"
        }
      case .comment, .doctype:
        continue
      }
    }
    return output
  }

  /// A line as one spoken sentence: list markers and addresses gone, table cells read as a
  /// list, and a full stop where the line had no closing mark, so that a heading is followed by
  /// a pause and never runs into the next line's sentence; nil for a line with no word left.
  static func sentence(_ line: String) -> String? {
    var words: [Substring] = []
    for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      guard let kept = withoutAddress(word) else { continue }
      // The mark left of an address closes the word before it: "see it at https://x.org." is "see it at."
      if kept != word, !words.isEmpty { words[words.count - 1] += kept } else { words.append(kept) }
    }
    if let first = words.first, first == "-" || first == "*" || first == "•" { words.removeFirst() }
    guard words.contains(where: { $0.contains(where: { $0.isLetter || $0.isNumber }) }) else { return nil }
    var sentence = words.joined(separator: " ")
    if let last = sentence.last(where: { !Self.closing.contains($0) }), !Self.enders.contains(last) {
      sentence += "."
    }
    return sentence
  }

  /// Marks that end a sentence, and what may follow such a mark before the space.
  static let enders: Set<Character> = [".", "!", "?", "…", ":", ";"]
  /// The marks after which a piece may end (a colon or a semicolon joins what follows).
  static let sentenceMarks: Set<Character> = [".", "!", "?", "…"]
  static let closing: Set<Character> = ["\"", "'", ")", "]", "»", "«", "”", "“", "’", "›", "‹"]

  /// `word` unless it is an address (`https://…`, `www.…`, `mailto:…`); a sentence mark after
  /// the address stays, so the sentence still ends.
  static func withoutAddress(_ word: Substring) -> Substring? {
    let bare = word.drop { "(<[\"'«»“„".contains($0) }
    let lowered = bare.lowercased()
    guard lowered.contains("://") || lowered.hasPrefix("www.") || lowered.hasPrefix("mailto:") else { return word }
    let trailing = word.reversed().prefix { enders.contains($0) || $0 == "," }
    return trailing.isEmpty ? nil : Substring(String(trailing.reversed()))
  }

  /// `text` cut into pieces of at most `limit` characters that joined give `text` again: each
  /// ends after a sentence (its mark and the white space after it, or a line's end) where one
  /// ends within the limit, else after a word; only a single word longer than the limit is cut
  /// inside.
  public static func pieces(_ text: String, limit: Int = pieceLimit) -> [String] {
    precondition(limit > 0, "a piece holds at least one character")
    guard !text.isEmpty else { return [] }
    let characters = Array(text)
    var pieces: [String] = []
    var start = 0
    while characters.count - start > limit {
      var sentenceCut: Int?
      var wordCut: Int?
      // A cut at `index` ends the piece with white space and starts the next with a word.
      var index = start + limit
      while index > start, sentenceCut == nil {
        if characters[index - 1].isWhitespace, !characters[index].isWhitespace {
          if wordCut == nil { wordCut = index }
          if endsSentence(characters, before: index, after: start) { sentenceCut = index }
        }
        index -= 1
      }
      let cut = sentenceCut ?? wordCut ?? start + limit
      pieces.append(String(characters[start..<cut]))
      start = cut
    }
    if start < characters.count || pieces.isEmpty { pieces.append(String(characters[start...])) }
    return pieces
  }

  /// Whether the white space that ends at `index` follows the end of a sentence: a line break
  /// in it, or a sentence mark (perhaps inside closing quotes or brackets) before it.
  private static func endsSentence(_ characters: [Character], before index: Int, after start: Int) -> Bool {
    var position = index - 1
    while position > start, characters[position].isWhitespace {
      if characters[position].isNewline { return true }
      position -= 1
    }
    while position > start, closing.contains(characters[position]) { position -= 1 }
    return sentenceMarks.contains(characters[position])
  }
}
