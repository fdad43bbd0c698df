/// One piece of a text cut for a model's window: its text and the white space that followed it
/// in the input, so that the pieces, each followed by its separator, are the input again.
public struct TextPiece: Sendable, Equatable {
  public var text: String
  public var separator: String

  public init(_ text: String, separator: String = "") {
    self.text = text
    self.separator = separator
  }

  /// What goes between this piece's answer and the next one's: a paragraph break stays a
  /// paragraph break, a line break a line break, other white space a space; a cut with nothing
  /// between (inside a word, or inside one character) joins with nothing, or the answers would
  /// put a space between a letter and its accents.
  public var joint: String {
    if separator.isEmpty { return "" }
    if separator.filter(\.isNewline).count >= 2 { return "\n\n" }
    return separator.contains(where: \.isNewline) ? "\n" : " "
  }
}

/// Cuts a text into pieces of at most a number of tokens (``TokenEstimate``): at paragraph
/// breaks where it can, else at sentence ends, else between words, else between characters,
/// and a character bigger than a piece (a letter under hundreds of combining marks) between its
/// Unicode scalars. Nothing is lost or moved: the pieces and their separators, in order, are the
/// text, byte for byte, and no cut falls inside a scalar, so every piece is valid UTF-8.
///
/// The contract the halving of a refused piece relies on to make progress: every piece has at
/// most `maxTokens` tokens, except a piece of one Unicode scalar (at most 4 bytes, 2 tokens),
/// which cannot be cut; so for `maxTokens` ≥ 2 every piece fits.
public enum TextSplitter {
  public static func split(_ text: String, maxTokens: Int) -> [TextPiece] {
    let limit = max(1, maxTokens)
    let trailing = String(text.reversed().prefix { $0.isWhitespace }.reversed())
    let body = text.dropLast(trailing.count)
    // White space alone is no text to send: it is all separator.
    guard !body.isEmpty else { return [TextPiece("", separator: text)] }
    var pieces = pack(units(of: body, level: .paragraph, limit: limit), limit: limit)
    pieces[pieces.count - 1].separator += trailing
    return pieces
  }

  /// The ways of cutting, coarse to fine.
  private enum Level {
    case paragraph, sentence, word, character

    var finer: Level {
      switch self {
      case .paragraph: .sentence
      case .sentence: .word
      case .word, .character: .character
      }
    }
  }

  /// `text` cut at `level` into units that each fit `limit`, a unit too big cut at the next
  /// level; each unit with the white space after it.
  private static func units(of text: Substring, level: Level, limit: Int) -> [TextPiece] {
    let cut = level == .character ? characterCuts(of: text, limit: limit) : cuts(of: text, at: level)
    var result: [TextPiece] = []
    for unit in cut {
      if TokenEstimate.tokens(unit.text) <= limit || level == .character {
        result.append(unit)
      } else {
        var finer = units(of: Substring(unit.text), level: level.finer, limit: limit)
        finer[finer.count - 1].separator += unit.separator
        result += finer
      }
    }
    return result
  }

  /// Greedy packing: as many units a piece as fit, in order.
  private static func pack(_ units: [TextPiece], limit: Int) -> [TextPiece] {
    var pieces: [TextPiece] = []
    var current: TextPiece?
    for unit in units {
      if var open = current {
        let joined = open.text + open.separator + unit.text
        if TokenEstimate.tokens(joined) <= limit {
          open.text = joined
          open.separator = unit.separator
          current = open
          continue
        }
        pieces.append(open)
      }
      current = unit
    }
    if let current { pieces.append(current) }
    return pieces
  }

  /// `text` cut after each break of `level`, the white space of the break kept as separator.
  private static func cuts(of text: Substring, at level: Level) -> [TextPiece] {
    var result: [TextPiece] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      guard let spaceEnd = breakEnd(in: text, at: index, level: level, start: start) else {
        index = text.index(after: index)
        continue
      }
      result.append(TextPiece(String(text[start..<index]), separator: String(text[index..<spaceEnd])))
      start = spaceEnd
      index = spaceEnd
    }
    if start < text.endIndex { result.append(TextPiece(String(text[start...]))) }
    return result
  }

  /// Where the white space of a break starting at `index` ends, or nil when no break starts
  /// there: a paragraph break is white space holding two line breaks; a sentence ends after
  /// `.`, `!`, `?`, `…` or a closing quote after one, or at a line break; a word at white space.
  private static func breakEnd(in text: Substring, at index: Substring.Index, level: Level, start: Substring.Index)
    -> Substring.Index?
  {
    guard text[index].isWhitespace, index > start else { return nil }
    let end = text[index...].firstIndex { !$0.isWhitespace } ?? text.endIndex
    guard end < text.endIndex else { return nil }  // the text's own trailing space stays with it
    let space = text[index..<end]
    switch level {
    case .paragraph:
      return space.filter(\.isNewline).count >= 2 ? end : nil
    case .sentence:
      if space.contains(where: \.isNewline) { return end }
      var before = text.index(before: index)
      while before > start, "\"'”“»«)’".contains(text[before]) { before = text.index(before: before) }
      return ".!?…".contains(text[before]) ? end : nil
    case .word:
      return end
    case .character:
      return nil
    }
  }

  /// The last resort: a word longer than a piece, cut into runs of whole characters; a
  /// character longer than a piece is cut into runs of whole scalars. Sizes are summed in
  /// bytes, so a long word costs one pass.
  private static func characterCuts(of text: Substring, limit: Int) -> [TextPiece] {
    let limitBytes = TokenEstimate.maxBytes(tokens: limit)
    var result: [TextPiece] = []
    var run = ""
    var runBytes = 0
    func add(_ text: some StringProtocol, bytes: Int) {
      if runBytes > 0, runBytes + bytes > limitBytes {
        result.append(TextPiece(run))
        run = ""
        runBytes = 0
      }
      run += text
      runBytes += bytes
    }
    for character in text {
      let bytes = character.utf8.count
      if bytes <= limitBytes {
        add(String(character), bytes: bytes)
      } else {
        for scalar in character.unicodeScalars { add(String(scalar), bytes: scalar.utf8.count) }
      }
    }
    if !run.isEmpty { result.append(TextPiece(run)) }
    return result
  }
}
