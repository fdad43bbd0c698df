/// HTML as text, block by block: the project's one conversion from HTML to text to read, in
/// three styles. `reading`: for a person in a terminal or a language model, with headings,
/// paragraphs wrapped to a width, lists with their markers, block quotes, preformatted text
/// verbatim, tables row by row, and links and images as numbered references listed at the end.
/// `markdown`: the same as Markdown. `lines`: the lines of a mail reader, unwrapped, links
/// written after their text (`text <url>`), images as their alt text, cells separated by tabs,
/// and a blank line only where a paragraph-like element begins or ends.
struct BlockText {
  enum Style { case reading, markdown, lines }

  let width: Int?
  let style: Style
  private var markdown: Bool { style == .markdown }
  private var lines: Bool { style == .lines }

  private enum Container {
    case quote
    /// `loose` once an item held more than one block: then every item starts after a blank line.
    case list(ordered: Bool, next: Int, items: Int, loose: Bool)
    /// A list item or a definition: the marker its first line starts with, then as many spaces.
    case item(marker: String, firstLine: Bool, blocks: Int)
  }

  private var output = ""
  private var containers: [Container] = []
  /// The paragraph being read: words separated by single spaces, `\n` for a line break.
  private var inline = ""
  private var pendingSpace = false
  private var heading: Int?
  private var preDepth = 0
  /// Inside `code`: Markdown takes its text literally, so nothing is escaped.
  private var codeDepth = 0
  private var pre = ""
  private var table: [[String]]?
  private var cell: String?
  private var references: [String] = []
  private var referenceNumbers: [String: Int] = [:]
  /// The link being read and the words shown for it so far: kept apart from the paragraph, since
  /// a link left open across a paragraph's end (which browsers allow) outlives the text it began in.
  private var link: (href: String, shown: String)?

  /// The blank-line prefix where the last block was written.
  private var previousBlankPrefix = ""
  /// In the `lines` style: whether a paragraph-like element began or ended since the last block.
  private var pendingBlank = false

  /// The line above the references in the reading style: the caller's language (this module has
  /// no catalog).
  private let referencesHeading: String

  init(width: Int?, style: Style, referencesHeading: String = "References:") {
    self.width = width.map { max(20, $0) }
    self.style = style
    self.referencesHeading = referencesHeading
  }

  /// Elements whose start and end put a blank line in the `lines` style (others a line break).
  private static let paragraphs: Set<String> = [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol", "pre", "hr",
  ]

  private static let blocks: Set<String> = [
    "address", "article", "aside", "center", "details", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "header", "main", "nav", "p", "section", "summary", "caption",
  ]
  private static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]

  mutating func render(_ html: String) -> String {
    var hiddenDepth = 0
    for token in HTMLTokenizer(html, text: true, valuesOf: ["alt", "href", "src", "start"]) {
      switch token {
      case .startTag(let tag):
        if Self.hidden.contains(tag.name) {
          if !tag.selfClosing { hiddenDepth += 1 }
          continue
        }
        if hiddenDepth == 0 { start(tag) }
      case .endTag(let name, _):
        if Self.hidden.contains(name) {
          hiddenDepth = max(0, hiddenDepth - 1)
          continue
        }
        if hiddenDepth == 0 { end(name) }
      case .text(let text):
        if hiddenDepth == 0 { self.text(text) }
      case .comment, .doctype:
        break
      }
    }
    flush()
    finishTable()
    if !references.isEmpty {
      var list = references.enumerated().map { index, url in
        markdown ? "[\(index + 1)]: <\(url)>" : "[\(index + 1)] \(url)"
      }
      if !markdown { list.insert(referencesHeading, at: 0) }
      output += (output.isEmpty ? "" : "\n\n") + list.joined(separator: "\n")
    }
    return output.isEmpty ? "" : output + "\n"
  }

  // MARK: - Tags

  private mutating func start(_ tag: HTMLStartTag) {
    if preDepth > 0 {
      if tag.name == "pre" { preDepth += 1 }
      if tag.name == "br" { pre += "\n" }
      return
    }
    startBlock(tag)
    if lines && Self.paragraphs.contains(tag.name) { pendingBlank = true }
  }

  private mutating func startBlock(_ tag: HTMLStartTag) {
    switch tag.name {
    case "br":
      if cell != nil { word(" ") } else { inline += "\n" }
      pendingSpace = false
    case "h1", "h2", "h3", "h4", "h5", "h6":
      flush()
      heading = Int(tag.name.dropFirst())
    case "pre":
      flush()
      preDepth = 1
      pre = ""
    case "blockquote":
      flush()
      if !lines { containers.append(.quote) }
    case "ul", "ol":
      flush()
      // Numbering past Int's range would trap; browsers stop at 32 bits too.
      let start = tag.attribute("start").flatMap { Int32($0.value.strippedWhitespace) }.map(Int.init) ?? 1
      containers.append(.list(ordered: tag.name == "ol", next: start, items: 0, loose: false))
    case "li":
      flush()
      closeItem()
      var marker = style == .reading ? "•" : "-"
      if case .list(let ordered, let next, let items, let loose)? = containers.last {
        if ordered && !lines { marker = "\(next)." }
        containers[containers.count - 1] = .list(ordered: ordered, next: next + 1, items: items + 1, loose: loose)
      }
      containers.append(.item(marker: marker, firstLine: true, blocks: 0))
    case "dd":
      flush()
      closeItem()
      if !lines { containers.append(.item(marker: markdown ? ":" : " ", firstLine: true, blocks: 0)) }
    case "hr":
      flush()
      if !lines { emit([markdown ? "---" : "* * *"], tight: false) }
    case "table":
      flush()
      finishTable()
      table = []
    case "tr":
      finishCell()
      if table != nil { table?.append([]) }
    case "td", "th":
      finishCell()
      if table != nil {
        if table?.isEmpty == true { table?.append([]) }
        cell = ""
      }
    case "a":
      // Compared as scalars: a combining mark after `#` or `:` must not hide what the link is.
      if let href = tag.attribute("href")?.value.strippedWhitespace, !href.isEmpty, href.unicodeScalars.first != "#",
        !href.lowercased().unicodeScalars.starts(with: "javascript:".unicodeScalars)
      {
        if markdown { word("[") }
        link = (href, "")
      }
    case "img":
      let alt = (tag.attribute("alt")?.value ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let src = tag.attribute("src")?.value.strippedWhitespace ?? ""
      if src.isEmpty || lines {
        if !alt.isEmpty { word(markdown ? escaped("[\(alt)]") : "[\(alt)]") }
        return
      }
      let number = reference(src)
      word(markdown ? "![\(escaped(alt))][\(number)]" : "[image\(alt.isEmpty ? "" : ": " + alt)] [\(number)]")
    case "code", "kbd", "samp":
      emphasis(tag.name)
      codeDepth += 1
    default:
      emphasis(tag.name)
      if Self.blocks.contains(tag.name), cell == nil { flush() }
    }
  }

  private mutating func end(_ name: String) {
    if preDepth > 0 {
      guard name == "pre" else { return }
      preDepth -= 1
      if preDepth == 0 { emitPre() }
      if lines { pendingBlank = true }
      return
    }
    endBlock(name)
    if lines && Self.paragraphs.contains(name) { pendingBlank = true }
  }

  private mutating func endBlock(_ name: String) {
    switch name {
    case "h1", "h2", "h3", "h4", "h5", "h6": flush()
    case "blockquote":
      flush()
      closeItem()
      if let index = containers.lastIndex(where: { if case .quote = $0 { true } else { false } }) {
        containers.removeSubrange(index...)
      }
    case "ul", "ol":
      flush()
      closeItem()
      if case .list? = containers.last { containers.removeLast() }
    case "li", "dd":
      flush()
      closeItem()
    case "table":
      finishTable()
    case "td", "th":
      finishCell()
    case "a":
      if let open = link {
        link = nil
        let shown = open.shown.strippedWhitespace
        let bare = open.href.hasPrefix("mailto:") ? String(open.href.dropFirst(7)) : open.href
        if markdown {
          word("][\(reference(open.href))]")
        } else if lines {
          if shown.isEmpty {
            word(open.href)
          } else if shown != open.href && shown != bare {
            word(" <\(open.href)>")
          }
        } else if shown != open.href && shown != bare {
          word(" [\(reference(open.href))]")
        }
      }
    case "code", "kbd", "samp":
      emphasis(name)
      codeDepth = max(0, codeDepth - 1)
    default:
      emphasis(name)
      if Self.blocks.contains(name), cell == nil { flush() }
    }
  }

  /// Markdown's marks around strong, emphasised and code text, the same at both ends.
  private mutating func emphasis(_ name: String) {
    guard markdown else { return }
    switch name {
    case "strong", "b": word("**")
    case "em", "i": word("*")
    case "code", "kbd", "samp": word("`")
    default: break
    }
  }

  private mutating func text(_ text: String) {
    if preDepth > 0 {
      pre += text
      return
    }
    var first = true
    for part in text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isWhitespace }) {
      if !first { pendingSpace = true }
      first = false
      if !part.isEmpty { word(markdown && codeDepth == 0 ? escaped(String(part)) : String(part)) }
    }
  }

  /// Appends to the cell or the paragraph, after the space pending before it (if anything precedes).
  private mutating func word(_ word: String) {
    if link != nil {
      if pendingSpace && !link!.shown.isEmpty { link!.shown += " " }
      link!.shown += word
    }
    if cell != nil {
      if pendingSpace && !(cell!.isEmpty) { cell! += " " }
      cell! += word
    } else {
      if pendingSpace && !inline.isEmpty && inline.last != "\n" { inline += " " }
      inline += word
    }
    pendingSpace = false
  }

  private mutating func reference(_ url: String) -> Int {
    if let number = referenceNumbers[url] { return number }
    references.append(url)
    referenceNumbers[url] = references.count
    return references.count
  }

  /// Markdown's punctuation escaped, looked for among scalars as a Markdown reader does: a
  /// combining mark after `<` joins it into one `Character`, and must not let a tag through.
  private func escaped(_ text: String) -> String {
    let special = "\\*_`[]<>".unicodeScalars
    guard text.unicodeScalars.contains(where: { special.contains($0) || $0 == "#" }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if special.contains(scalar) || (scalar == "#" && out.isEmpty) { out.append("\\") }
      out.append(scalar)
    }
    return String(out)
  }

  // MARK: - Blocks

  /// Writes the paragraph read so far (or the heading), wrapped.
  private mutating func flush() {
    pendingSpace = false
    let text = inline.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.strippedWhitespace }
    inline = ""
    defer { heading = nil }
    guard text.contains(where: { !$0.isEmpty }) else { return }
    if let level = heading {
      let joined = text.filter { !$0.isEmpty }.joined(separator: " ")
      if markdown {
        emit(wrap(joined, first: String(repeating: "#", count: level) + " ", rest: ""), tight: false)
      } else if level <= 2 && !lines {
        let lines = wrap(joined, first: "", rest: "")
        let longest = lines.map(\.count).max() ?? 0
        emit(lines + [String(repeating: level == 1 ? "=" : "-", count: longest)], tight: false)
      } else {
        emit(wrap(joined, first: "", rest: ""), tight: false)
      }
      return
    }
    var lines: [String] = []
    for (index, line) in text.enumerated() {
      // A hard break: Markdown needs a backslash at the end of the line it ends.
      let ending = markdown && index < text.count - 1 ? "\\" : ""
      lines += wrap(line, first: "", rest: "")
      if !ending.isEmpty, !lines.isEmpty { lines[lines.count - 1] += ending }
    }
    emit(lines, tight: false)
  }

  private mutating func emitPre() {
    var verbatim = pre
    pre = ""
    if verbatim.hasPrefix("\n") { verbatim.removeFirst() }
    while verbatim.hasSuffix("\n") { verbatim.removeLast() }
    let text = verbatim.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let indent = lines ? "" : "    "
    emit(markdown ? ["```"] + text + ["```"] : text.map { $0.isEmpty ? "" : indent + $0 }, tight: false)
  }

  private mutating func finishCell() {
    guard let content = cell else { return }
    cell = nil
    pendingSpace = false
    guard var rows = table else { return }
    if rows.isEmpty { rows.append([]) }
    rows[rows.count - 1].append(content.strippedWhitespace)
    table = rows
  }

  private mutating func finishTable() {
    finishCell()
    guard let rows = table?.filter({ !$0.isEmpty }) else { return }
    table = nil
    guard !rows.isEmpty else { return }
    if markdown {
      let columns = rows.map(\.count).max() ?? 1
      var rendered = rows.map { row in
        "| "
          + (row + Array(repeating: "", count: columns - row.count)).map { $0.replacingPipes }
          .joined(separator: " | ") + " |"
      }
      rendered.insert("|" + String(repeating: " --- |", count: columns), at: 1)
      emit(rendered, tight: false)
    } else if lines {
      emit(rows.map { $0.joined(separator: "\t") }, tight: false)
    } else {
      emit(rows.flatMap { wrap($0.joined(separator: " | "), first: "", rest: "  ") }, tight: false)
    }
  }

  /// The item being closed no longer marks lines.
  private mutating func closeItem() {
    guard case .item(_, _, let blocks)? = containers.last else { return }
    containers.removeLast()
    if blocks > 1, case .list(let ordered, let next, let items, _)? = containers.last {
      containers[containers.count - 1] = .list(ordered: ordered, next: next, items: items, loose: true)
    }
  }

  /// Splits `text` into lines that fit the width once the containers' prefixes are in front.
  private func wrap(_ text: String, first: String, rest: String) -> [String] {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    guard let width else { return [first + words.joined(separator: " ")] }
    let room = max(8, width - prefixWidth)
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for word in words {
      if lineHasWord && line.count + 1 + word.count > room {
        lines.append(line)
        line = rest
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    if lineHasWord { lines.append(line) }
    return lines
  }

  private var prefixWidth: Int {
    containers.reduce(0) { total, container in
      switch container {
      case .quote: total + 2
      case .list: total
      case .item(let marker, _, _): total + marker.count + 1
      }
    }
  }

  /// Writes lines with the containers' prefixes, after a blank line unless the block is the
  /// first of a list item after another item (lists stay tight).
  private mutating func emit(_ lines: [String], tight: Bool) {
    guard !lines.isEmpty else { return }
    var tight = tight
    if self.lines {
      tight = !pendingBlank
      pendingBlank = false
    } else if let index = containers.lastIndex(where: { if case .item = $0 { true } else { false } }),
      case .item(let marker, let firstLine, let blocks) = containers[index]
    {
      if blocks == 0 {
        // The first block of an item follows the previous item, or the text of the item
        // holding this list, without a blank line; the first item of an outer list does not.
        let list = containers[..<index].last
        if case .list(_, _, let items, let loose)? = list, !loose,
          items > 1
            || containers[..<index].contains(where: {
              if case .item = $0 { true } else { false }
            })
        {
          tight = true
        }
      }
      containers[index] = .item(marker: marker, firstLine: firstLine, blocks: blocks + 1)
    }
    // A blank line between two blocks carries the quote marks both blocks are inside.
    let blank = String(zip(previousBlankPrefix, blankPrefix).prefix { $0 == $1 }.map(\.0))
    if !output.isEmpty { output += tight ? "\n" : "\n" + String(blank.reversed().drop { $0 == " " }.reversed()) + "\n" }
    previousBlankPrefix = blankPrefix
    for (number, line) in lines.enumerated() {
      if number > 0 { output += "\n" }
      let prefix = linePrefix()
      output += line.isEmpty ? String(prefix.reversed().drop { $0 == " " }.reversed()) : prefix + line
    }
  }

  /// The containers' prefix for the next line; an item's marker only on its first line.
  private mutating func linePrefix() -> String {
    var prefix = ""
    for index in containers.indices {
      switch containers[index] {
      case .quote: prefix += "> "
      case .list: break
      case .item(let marker, let firstLine, let blocks):
        // A mail reader's lists keep no indentation after an item's first line.
        if firstLine {
          prefix += marker + " "
        } else if !lines {
          prefix += String(repeating: " ", count: marker.count + 1)
        }
        containers[index] = .item(marker: marker, firstLine: false, blocks: blocks)
      }
    }
    return prefix
  }

  /// The prefix of a blank line between blocks: only the quote marks.
  private var blankPrefix: String {
    var prefix = ""
    for container in containers {
      switch container {
      case .quote: prefix += "> "
      case .list: break
      case .item(let marker, _, _): if !lines { prefix += String(repeating: " ", count: marker.count + 1) }
      }
    }
    return prefix
  }
}

extension StringProtocol {
  var strippedWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(self[first..<scalars.index(after: last)])
  }

  /// Among scalars: a combining mark after `|` must not let it end a table cell.
  fileprivate var replacingPipes: String {
    unicodeScalars.split(separator: "|", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }.joined(separator: "\\|")
  }
}
