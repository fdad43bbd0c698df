import ArgumentParser
import Audiobook
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import PrivateFiles
import ToolKit

extension RKCache {
  struct Audio: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "audio",
      abstract: tr("Cached articles read aloud as one audiobook (AAC in MP4, .m4b) with a chapter per article."),
      discussion: HelpText.discussion(
        tr(
          """
          One chapter per article in the order given, titled with the article's title; the book is \
          tagged with its title, the date and the articles' sites. What is read is the article's \
          text as "rk-cache text" writes it, without addresses, code blocks, image captions and \
          alt texts, cut at sentence ends into pieces of at most 1500 characters, each spoken by \
          its own run of the speech program (with a time limit), so memory stays bounded however \
          long the article.

          The voice follows the article's language: the Piper voice configured for it (voice.de = \
          FILE.onnx in the [rk-cache] section of ~/.config/readkeep/config), else the Piper voice \
          of --voice or voice = when it speaks that language (as its .onnx.json says), else \
          espeak-ng's voice for the language. Piper \
          is run as --piper or piper = (default: piper; it may be a command with arguments, such \
          as "python -m piper"), the voice's .onnx.json beside the .onnx. ffmpeg joins the \
          pieces and encodes them; the book appears only when complete (mode 0600). Progress goes \
          to standard error: a line per article and the pieces spoken, with the time left. Does \
          not mark the articles read.
          """),
        environment: StoreOptions.environment,
        files: StoreOptions.files + [
          (
            "$XDG_CONFIG_HOME/readkeep/config",
            tr("piper =, voice = and voice.LANG = in the [rk-cache] section: Piper's command and voices.")
          )
        ],
        examples: [
          Example(
            "rk-cache audio WNBGvKQgFsLwHwy4i89q53 -o article.m4b", tr("One article, read by espeak-ng.")),
          Example(
            "rk-cache audio A B C -o week.m4b --piper ~/piper/bin/piper --voice ~/voices/en_US-joe-medium.onnx",
            tr("Three articles in one book, read by Piper.")),
          Example(
            "make -f /usr/share/rk-ail/readkeep.mk audiobook AUDIOBOOK=unread.m4b",
            tr("The unread articles of the store as one book.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("A named article is not cached; nothing is written.")),
          (.noInput, tr("No store at the path, or no Piper voice at a configured path.")),
          (.unavailable, tr("The speech program or ffmpeg cannot be started, fails or exceeds its time limit.")),
          (.ioError, tr("The book cannot be written.")),
          (.configError, tr("The configuration file cannot be read.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The articles' ids, in the book's order."))) var ids: [String]
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(tr("The book to write (through a symbolic link to its target)."), valueName: "file.m4b"),
      completion: .file(extensions: ["m4b"]))
    var output: String
    @Option(
      help: ArgumentHelp(
        tr("Piper's command, with arguments if needed (default: piper = in the config, else piper)."),
        valueName: "command"))
    var piper: String?
    @Option(
      help: ArgumentHelp(
        tr(
          "The Piper voice for its own language, where no voice.LANG = is set (default: voice = in the config)."),
        valueName: "file.onnx"),
      completion: .file(extensions: ["onnx"]))
    var voice: String?
    @Option(help: ArgumentHelp(tr("The book's title (default: the article's, or \"Readeck DATE\")."))) var title:
      String?
    @Option(name: .customLong("espeak-ng"), help: ArgumentHelp(tr("espeak-ng's path."), valueName: "path"))
    var espeakNG = "espeak-ng"
    @Option(help: ArgumentHelp(tr("ffmpeg's path."), valueName: "path")) var ffmpeg = "ffmpeg"

    func validate() throws {
      if ids.isEmpty { throw ValidationError(tr("Name at least one article.")) }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let settings = Configuration(tool: "rk-cache", file: try ConfigFile.load(app: "readkeep"))
        let opened = try store.openForReading()
        for id in ids where try !opened.contains(id: id) {
          throw ToolError(.failure, tr("no article \(id) in the cache; no book written"))
        }
        let chapters = try ids.map { id in
          guard let article = try opened.stored(id: id) else {
            throw ToolError(.failure, tr("no article \(id) in the cache; no book written"))
          }
          return AudiobookChapter(article: article)
        }
        let voices = try Self.voices(
          settings, flag: voice, languages: chapters.compactMap { VoiceChoice.primary($0.language) })
        let piperCommand = settings.resolve(flag: ("--piper", piper), variable: nil, key: "piper")?.value
        let maker = AudiobookMaker(
          synthesizer: Synthesizer(piper: piperCommand.map(settings.expandingTilde), espeak: espeakNG),
          voices: voices, writer: AudiobookWriter(ffmpeg: ffmpeg))
        let date = Self.today()
        let bookTitle = title ?? (chapters.count == 1 ? chapters[0].title : "Readeck \(date)")
        Interruption.catchSignals()
        try Self.writing(output) { partial, scratch in
          let progress = Progress(
            label: tr("piece"), total: chapters.reduce(0) { $0 + $1.pieces.count }, diagnostics: diagnostics)
          let seconds = try maker.make(chapters, title: bookTitle, date: date, output: partial, scratch: scratch) {
            event in
            switch event {
            case .chapter(let index, let chapter, let voice):
              let (number, count, pieces) = (index + 1, chapters.count, chapter.pieces.count)
              diagnostics.info(
                // TRANSLATORS: progress of rk-cache audio: the article's number of how many, its
                // title, the voice reading it ("espeak-ng de", "piper en_US-joe-medium.onnx") and
                // how many pieces of text it is spoken in.
                tr(
                  one: "article \(number)/\(count): \(chapter.title) (\(voice.description), \(pieces) piece)",
                  other: "article \(number)/\(count): \(chapter.title) (\(voice.description), \(pieces) pieces)",
                  count: pieces))
            case .piece: progress.advance()
            }
          }
          progress.finish()
          let minutes = Formatted.tenths(Int((seconds / 6).rounded()))
          diagnostics.info(
            tr(
              one: "wrote \(output): \(chapters.count) chapter, \(minutes) min",
              other: "wrote \(output): \(chapters.count) chapters, \(minutes) min", count: chapters.count))
        }
      }
    }

    /// The voices from --voice or `voice =`, and `voice.LANG =` for the articles' `languages`;
    /// each must exist, or nothing is spoken.
    static func voices(_ settings: Configuration, flag: String?, languages: [String]) throws -> VoiceChoice {
      var chosen: [(language: String?, setting: Setting)] = []
      if let setting = settings.resolve(flag: ("--voice", flag), variable: nil, key: "voice") {
        chosen.append((nil, setting))
      }
      for language in Set(languages) {
        if let setting = settings.resolve(variable: nil, key: "voice.\(language)") {
          chosen.append((language, setting))
        }
      }
      var perLanguage: [String: String] = [:]
      var fallback: String?
      for (language, setting) in chosen {
        let path = settings.expandingTilde(setting.value)
        guard FileManager.default.isReadableFile(atPath: path) else {
          // TRANSLATORS: {0} is the path, {1} where it was set (--voice, or the config file and line).
          throw ToolError(.noInput, tr("no Piper voice at \(path) (\(setting.source.description))"))
        }
        if let language { perLanguage[language] = path } else { fallback = path }
      }
      return VoiceChoice(
        defaultVoice: fallback, defaultVoiceLanguage: fallback.flatMap(VoiceChoice.language(ofPiperVoice:)),
        voices: perLanguage)
    }

    /// Runs `body` with the partial file that becomes `output` and a private scratch folder;
    /// the book appears only when `body` succeeds, and the scratch folder goes either way.
    static func writing(_ output: String, _ body: (String, String) throws -> Void) throws {
      let partial: PartialFile
      do { partial = try PartialFile(for: output) } catch { throw ToolError(.ioError, "\(error)") }
      let scratch = FileManager.default.temporaryDirectory.path + "/rk-cache-audio-" + UUID().uuidString
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      do {
        do { try PrivateFolder.make(scratch) } catch { throw ToolError(.ioError, "\(error)") }
        try body(partial.partial, scratch)
        do { try partial.commit() } catch { throw ToolError(.ioError, "\(error)") }
      } catch let error as AudiobookError {
        partial.abandon()
        if case .interrupted(let signal) = error.kind {
          try? FileManager.default.removeItem(atPath: scratch)
          Interruption.dieOf(signal)
        }
        throw ToolError(error.kind == .program ? .unavailable : .ioError, error.message)
      } catch {
        partial.abandon()
        throw error
      }
    }

    /// `2026-03-01`, the local date.
    static func today() -> String {
      let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
      return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
  }
}
