import FakeServer
import Testing
import Wire

@testable import Rewrite

@Suite struct TextSplitterTests {
  /// Paragraphs of sentences, some German, one word longer than any piece.
  static let text: String = {
    var paragraphs: [String] = []
    for paragraph in 0..<40 {
      var sentences: [String] = []
      for sentence in 0..<(3 + paragraph % 5) {
        sentences.append(
          paragraph % 3 == 0
            ? "Größere Überraschung Nummer \(paragraph).\(sentence) für die Straße, nicht wahr?"
            : "Sentence \(sentence) of paragraph \(paragraph) says something “quoted.”")
      }
      paragraphs.append(sentences.joined(separator: paragraph % 4 == 0 ? "\n" : " "))
    }
    let word = String(repeating: "Donaudampfschifffahrt", count: 30)
    return paragraphs.joined(separator: "\n\n") + "\n\n" + word + "\n"
  }()

  @Test(arguments: [16, 40, 100, 400, 5000])
  func thePiecesAndTheirSeparatorsAreTheTextAgain(limit: Int) {
    let pieces = TextSplitter.split(Self.text, maxTokens: limit)
    #expect(pieces.map { $0.text + $0.separator }.joined() == Self.text)
    for piece in pieces {
      let tokens = TokenEstimate.tokens(piece.text)
      #expect(tokens <= limit, "\(piece.text)")
    }
    #expect(pieces.allSatisfy { !$0.text.isEmpty })
  }

  @Test func aPieceEndsAtAParagraphWhereOneFits() {
    let paragraphs = (0..<6).map { "Paragraph \($0) " + String(repeating: "word ", count: 20) + "end." }
    let text = paragraphs.joined(separator: "\n\n")
    let pieces = TextSplitter.split(text, maxTokens: TokenEstimate.tokens(paragraphs[0]) * 2 + 2)
    let pairs: [String] = [0, 2, 4].map { paragraphs[$0] + "\n\n" + paragraphs[$0 + 1] }
    #expect(pieces.map(\.text) == pairs)
    #expect(pieces.map(\.joint) == ["\n\n", "\n\n", ""])
  }

  @Test func windowsLineEndsBreakParagraphsToo() {
    let text = "First paragraph here.\r\n\r\nSecond paragraph here.\r\nSame paragraph."
    let pieces = TextSplitter.split(text, maxTokens: 10)
    #expect(pieces.map(\.text) == ["First paragraph here.", "Second paragraph here.", "Same paragraph."])
    #expect(pieces.map(\.joint) == ["\n\n", "\n", ""])
  }

  @Test func aParagraphTooLongIsCutAfterASentenceThenBetweenWords() {
    let text = "First one ends here. Second one asks? Third “quoted.” Fourth"
    let bySentence = TextSplitter.split(text, maxTokens: 8)
    #expect(bySentence.map(\.text) == ["First one ends here.", "Second one asks?", "Third “quoted.”", "Fourth"])
    let byWord = TextSplitter.split("alpha beta gamma delta epsilon", maxTokens: 4)
    #expect(byWord.map(\.text) == ["alpha beta", "gamma delta", "epsilon"])
  }

  @Test func aWordLongerThanAPieceIsCutBetweenCharacters() {
    let word = String(repeating: "ä", count: 30)  // 60 bytes: 20 tokens
    let pieces = TextSplitter.split(word, maxTokens: 5)  // 15 bytes: 7 of the 2-byte letters
    #expect(pieces.map(\.text).joined() == word)
    #expect(pieces.map(\.text.count) == [7, 7, 7, 7, 2])
    #expect(pieces.allSatisfy { $0.separator.isEmpty })
  }

  @Test func aCharacterBiggerThanAPieceIsCutBetweenItsScalars() {
    // One letter under 200 accents: 401 bytes, one Character, 134 tokens.
    let letter = "a" + String(repeating: "\u{301}", count: 200)
    let text = "Before " + letter + " after"
    let pieces = TextSplitter.split(text, maxTokens: 64)  // 192 bytes
    #expect(Array(pieces.map { $0.text + $0.separator }.joined().utf8) == Array(text.utf8))
    #expect(pieces.allSatisfy { TokenEstimate.tokens($0.text) <= 64 })
    #expect(pieces.map(\.text.unicodeScalars.count) == [6, 96, 96, 9 + 6])
    // The answers to the cut letter join with nothing between them.
    #expect(pieces.map(\.joint) == [" ", "", "", ""])
  }

  @Test func halvingAPieceOfOneCharacterMakesItSmaller() {
    let letter = "e" + String(repeating: "\u{308}\u{301}", count: 300)  // 1,201 bytes: 401 tokens
    var piece = letter
    // Nine halvings reach two tokens; the bound stops a splitter that gives the piece back.
    for _ in 0..<20 where TokenEstimate.tokens(piece) > 2 {
      let half = TokenEstimate.tokens(piece) / 2
      let parts = TextSplitter.split(piece, maxTokens: half)
      #expect(parts.count > 1)
      #expect(parts.allSatisfy { TokenEstimate.tokens($0.text) <= half })
      piece = parts[0].text
    }
    #expect(TokenEstimate.tokens(piece) <= 2)
  }

  /// Text made of what cuts badly: letters under many accents, emoji joined into one, flags,
  /// Korean syllables from jamo, CR LF, spaces and paragraph breaks.
  static func awkwardText(_ generator: inout SplitMix64) -> String {
    let parts = [
      "a", "ß", " ", "\n", "\r\n", "\n\n", ". ", "\u{301}", "\u{308}", "\u{200D}", "👩", "🏽", "🇩🇪",
      "\u{1100}", "\u{1161}", "\u{11A8}", "\u{FE0F}", "“", "»",
    ]
    var text = ""
    for _ in 0..<generator.below(400) {
      let part = generator.pick(parts)
      // Runs of one part make the big characters.
      text += String(repeating: part, count: 1 + generator.below(generator.below(4) == 0 ? 120 : 3))
    }
    return text
  }

  @Test func anyTextAtAnySizeComesBackWholeInPiecesThatFit() {
    var generator = SplitMix64(seed: 45)
    for _ in 0..<300 {
      let text = Self.awkwardText(&generator)
      let limit = 1 + generator.below(generator.below(2) == 0 ? 4 : 80)
      let pieces = TextSplitter.split(text, maxTokens: limit)
      #expect(Array(pieces.map { $0.text + $0.separator }.joined().utf8) == Array(text.utf8))
      for piece in pieces {
        let fits = TokenEstimate.tokens(piece.text) <= limit || piece.text.unicodeScalars.count == 1
        #expect(fits, "a piece of \(TokenEstimate.tokens(piece.text)) tokens over \(limit)")
      }
    }
  }

  @Test func textThatFitsIsOnePiece() {
    #expect(TextSplitter.split("short\n", maxTokens: 100) == [TextPiece("short", separator: "\n")])
    // Found by fuzz-ai: a hundred line breaks were one piece of 34 tokens over a limit of 7.
    let blank = String(repeating: "\n", count: 100)
    #expect(TextSplitter.split(blank, maxTokens: 7) == [TextPiece("", separator: blank)])
  }

  @Test func theEstimateIsConservativeForGermanAndEnglish() {
    // Real tokenizers: about four characters a token in English, three in German.
    let english = "The quick brown fox jumps over the lazy dog near the riverbank."
    let german = "Größenordnungsmäßig überschätzte Straßenbahnhaltestellen verärgern Fußgänger."
    #expect(TokenEstimate.tokens(english) >= english.count / 4)
    #expect(TokenEstimate.tokens(german) >= german.count / 3)
  }
}

@Suite struct ChunkPlanTests {
  func plan(
    _ input: String, window: Int = 1000, system: Int = 100, answer: Int? = nil, condenses: Bool = false,
    mode: ChunkMode = .auto
  ) throws(ChunkPlan.Refusal) -> ChunkPlan {
    try ChunkPlan.make(
      input: input, systemTokens: system, window: window, answerTokens: answer, condenses: condenses, mode: mode)
  }

  @Test func inputThatFitsBesideThePromptAndItsAnswerGoesWhole() throws {
    let input = String(repeating: "abc ", count: 300)  // 400 tokens; (1000 - 100 - 32) / 2 = 434
    #expect(try plan(input).pieces == [TextPiece(input)])
    #expect(!(try plan(input).isChunked))
  }

  @Test func aTransformingPromptGetsHalfTheRoomAndACondensingOneAllButTheAnswers() throws {
    #expect(ChunkPlan.pieceBudget(window: 1000, systemTokens: 100, answerTokens: nil, condenses: false) == 434)
    #expect(ChunkPlan.pieceBudget(window: 1000, systemTokens: 100, answerTokens: nil, condenses: true) == 618)
    #expect(
      ChunkPlan.pieceBudget(window: 8192, systemTokens: 0, answerTokens: nil, condenses: true) == 8192 - 32 - 1024)
    #expect(ChunkPlan.pieceBudget(window: 1000, systemTokens: 100, answerTokens: 300, condenses: false) == 568)
    let input = String(repeating: "abc ", count: 400)  // 534 tokens
    #expect(try plan(input).isChunked)
    #expect(!(try plan(input, condenses: true).isChunked))
  }

  @Test func offRefusesWhatDoesNotFitAndANumberCutsAlways() throws {
    let input = String(repeating: "abc ", count: 1000)
    #expect(throws: ChunkPlan.Refusal.doesNotFit(inputTokens: 1334, pieceTokens: 434, window: 1000)) {
      try plan(input, mode: .off)
    }
    let short = String(repeating: "abc ", count: 100)
    #expect(try plan(short, mode: .off).pieces.count == 1)
    #expect(try plan(short, mode: .tokens(64)).pieces.count == 3)
    #expect(ChunkMode(argument: "32") == nil)
    #expect(ChunkMode(argument: "OFF") == .off)
  }

  @Test func aPromptThatFillsTheWindowLeavesNoRoom() {
    #expect(throws: ChunkPlan.Refusal.noRoom(systemTokens: 900, window: 1000)) {
      try plan(String(repeating: "x", count: 500), system: 900)
    }
  }
}

@Suite struct ContextWindowTests {
  @Test func theSmallerOfReportedAndConfiguredWins() {
    #expect(ContextWindow.choose(reported: 131_072, configured: 4096) == .init(tokens: 4096, source: .setting))
    #expect(ContextWindow.choose(reported: 2048, configured: 4096) == .init(tokens: 2048, source: .provider))
    #expect(ContextWindow.choose(reported: nil, configured: nil) == .init(tokens: 8192, source: .assumed))
  }

  @Test func ollamaNamesTheLengthAfterTheArchitectureAndListsUseTheirOwnWords() {
    let show: JSONValue = ["model_info": ["general.architecture": "qwen2", "qwen2.context_length": 32768]]
    #expect(ContextWindow.ollamaContextLength(show) == 32768)
    let list: JSONValue = [
      "data": [["id": "a", "max_context_length": 1000], ["id": "b", "context_length": 2000], ["id": "c"]]
    ]
    #expect(ContextWindow.listedContextLength(list, model: "a") == 1000)
    #expect(ContextWindow.listedContextLength(list, model: "b") == 2000)
    #expect(ContextWindow.listedContextLength(list, model: "c") == nil)
  }
}
