import ArticleFormats
import Foundation
import Localization
public import OfflineStore

/// One article as a chapter: its title and site for the tags, its language for the voice, and
/// its spoken text in pieces.
public struct AudiobookChapter: Sendable {
  public var id: String
  public var title: String
  public var site: String?
  public var language: String?
  public var pieces: [String]

  public init(id: String, title: String, site: String? = nil, language: String? = nil, pieces: [String]) {
    self.id = id
    self.title = title
    self.site = site
    self.language = language
    self.pieces = pieces
  }

  public init(article: StoredArticle) {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    // An article with no word to read (an emoji title over images only) still gets its chapter,
    // saying where it is from: a speech program given nothing writes no audio.
    let text = SpokenText.text(of: article)
    self.init(
      id: article.id, title: info.title, site: info.siteName, language: info.language,
      pieces: SpokenText.pieces(text.isEmpty ? (info.siteName ?? "Readeck") + "." : text))
  }

  /// How a message names the article: `"Title" (id)`.
  public var name: String { "\"\(title)\" (\(id))" }
}

/// Speaks the chapters piece by piece into a scratch folder (one piece's text and audio at a
/// time in a child process, whatever the article's length) and writes the book from them.
public struct AudiobookMaker: Sendable {
  public enum Event {
    /// A chapter starts, read in `voice`.
    case chapter(index: Int, AudiobookChapter, Voice)
    /// A piece was spoken: its seconds of audio.
    case piece(seconds: Double)
  }

  public var synthesizer: Synthesizer
  public var voices: VoiceChoice
  public var writer: AudiobookWriter

  public init(synthesizer: Synthesizer, voices: VoiceChoice, writer: AudiobookWriter) {
    self.synthesizer = synthesizer
    self.voices = voices
    self.writer = writer
  }

  /// Writes the book into `output` (an existing file, replaced); the seconds of audio.
  @discardableResult
  public func make(
    _ chapters: [AudiobookChapter], title: String, date: String, output: String, scratch: String,
    observe: (Event) -> Void = { _ in }
  ) throws(AudiobookError) -> Double {
    var files: [String] = []
    var lengths: [(title: String, seconds: Double)] = []
    var bookFormat: WAVInfo.Format?
    for (index, chapter) in chapters.enumerated() {
      let voice = voices.voice(forLanguage: chapter.language)
      observe(.chapter(index: index, chapter, voice))
      var seconds = 0.0
      for (number, piece) in chapter.pieces.enumerated() {
        let stem = scratch + String(format: "/%04d-%05d", index, number)
        do { try Data(piece.utf8).write(to: URL(fileURLWithPath: stem + ".txt")) } catch {
          throw AudiobookError(.output, tr("cannot write in \(scratch): \(error.localizedDescription)"))
        }
        var wav = stem + ".wav"
        let info = try synthesizer.speak(
          textFile: stem + ".txt", characters: piece.count, voice: voice, into: wav, article: chapter.name)
        try? FileManager.default.removeItem(atPath: stem + ".txt")
        // The concat demuxer joins samples as they are: a piece in another format (a voice of
        // another rate) is rewritten in the first one's.
        if let bookFormat, info.format != bookFormat {
          try writer.conform(wav, to: bookFormat, into: stem + "-conformed.wav")
          try? FileManager.default.removeItem(atPath: wav)
          wav = stem + "-conformed.wav"
        } else if bookFormat == nil {
          bookFormat = info.format
        }
        files.append(wav)
        seconds += info.seconds
        observe(.piece(seconds: info.seconds))
      }
      lengths.append((chapter.title, seconds))
    }
    let total = lengths.reduce(0) { $0 + $1.seconds }
    let metadata = BookMetadata(title: title, date: date, sites: chapters.compactMap(\.site), chapters: lengths)
    try writer.write(pieces: files, seconds: total, metadata: metadata, to: output, scratch: scratch)
    return total
  }
}
