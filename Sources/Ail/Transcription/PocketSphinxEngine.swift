public import Audio
import Foundation
import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// CMU PocketSphinx, offline, US English only: Debian's libpocketsphinx3 and pocketsphinx-en-us,
/// loaded with dlopen so that the package builds, and every other engine works, without them.
public final class PocketSphinxEngine: SpeechEngine, @unchecked Sendable {
  public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"
  public static let library = "libpocketsphinx.so.3"

  public let name = "pocketsphinx"
  public let isNetworked = false
  private let api: API
  private let decoder: OpaquePointer
  private let config: OpaquePointer
  // The decoder keeps state between calls; one chunk at a time.
  private let lock = NSLock()

  /// Loads the library and the model; `.unavailable` with what to install when either is missing.
  public init(modelDirectory: String = PocketSphinxEngine.defaultModelDirectory) throws {
    api = try API.load()
    let files = ["en-us", "en-us.lm.bin", "cmudict-en-us.dict"].map { modelDirectory + "/" + $0 }
    guard files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
      throw TranscriptionError(
        .unavailable,
        tr("pocketsphinx: no US English model in \(modelDirectory) (install pocketsphinx-en-us, or give --model-dir)"))
    }
    let arguments = [
      "ail-transcribe", "-hmm", files[0], "-lm", files[1], "-dict", files[2], "-logfn", "/dev/null",
      "-samprate", "16000", "-remove_silence", "no",
    ]
    var cStrings = arguments.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    guard let config = api.parse(nil, api.args(), Int32(cStrings.count), &cStrings, 1) else {
      throw TranscriptionError(.unavailable, tr("pocketsphinx: the model in \(modelDirectory) was not accepted"))
    }
    guard let decoder = api.initialise(config) else {
      _ = api.freeConfig(config)
      throw TranscriptionError(.unavailable, tr("pocketsphinx: cannot load the model in \(modelDirectory)"))
    }
    self.config = config
    self.decoder = decoder
  }

  deinit {
    _ = api.free(decoder)
    _ = api.freeConfig(config)
  }

  /// Whether the library can be loaded (the model is checked when the engine is made).
  public static var isInstalled: Bool { (try? API.load()) != nil }

  public func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition {
    if language == .german {
      throw TranscriptionError(
        .unavailable,
        tr(
          "pocketsphinx recognises US English only; for German use --engine openai (or whisper-server) with a server that has a multilingual model"
        ))
    }
    let samples = Resampler.resample(audio, to: 16000).int16Samples
    return try lock.withLock { () throws -> Recognition in
      guard api.startUtterance(decoder) >= 0 else {
        throw TranscriptionError(.rejected, tr("pocketsphinx: cannot start an utterance"))
      }
      let processed = samples.withUnsafeBufferPointer { api.processRaw(decoder, $0.baseAddress, $0.count, 0, 1) }
      guard processed >= 0, api.endUtterance(decoder) >= 0 else {
        throw TranscriptionError(.rejected, tr("pocketsphinx: the decoder failed on this chunk"))
      }
      var score: Int32 = 0
      let text = api.hypothesis(decoder, &score).map { String(cString: $0) } ?? ""
      return Recognition(text: text.trimmingCharacters(in: .whitespaces), words: words(), language: "en")
    }
  }

  /// The words of the last utterance, without silences, fillers and pronunciation variants.
  private func words() -> [RecognizedWord] {
    var words: [RecognizedWord] = []
    var segment = api.segments(decoder)
    while let current = segment {
      if let raw = api.segmentWord(current).map({ String(cString: $0) }), let word = Self.spoken(raw) {
        var first: Int32 = 0
        var last: Int32 = 0
        api.segmentFrames(current, &first, &last)
        // Frames are 10 ms; the end frame is inclusive.
        words.append(RecognizedWord(word: word, start: Double(first) / 100, end: Double(last + 1) / 100))
      }
      segment = api.nextSegment(current)
    }
    return words
  }

  /// `the(2)` → `the`; nil for `<s>`, `</s>`, `<sil>`, `[NOISE]` and the like.
  static func spoken(_ raw: String) -> String? {
    if raw.hasPrefix("<") || raw.hasPrefix("[") || raw.hasPrefix("+") { return nil }
    if let paren = raw.firstIndex(of: "("), raw.hasSuffix(")") { return String(raw[..<paren]) }
    return raw
  }

  /// The C functions, looked up once.
  struct API {
    typealias Args = @convention(c) () -> OpaquePointer?
    typealias Parse =
      @convention(c) (
        OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32
      ) -> OpaquePointer?
    typealias Initialise = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Status = @convention(c) (OpaquePointer?) -> Int32
    typealias ProcessRaw = @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    typealias Hypothesis = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    typealias Segments = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias SegmentWord = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias SegmentFrames =
      @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void

    let args: Args
    let parse: Parse
    let initialise: Initialise
    let free: Status
    let freeConfig: Status
    let startUtterance: Status
    let processRaw: ProcessRaw
    let endUtterance: Status
    let hypothesis: Hypothesis
    let segments: Segments
    let nextSegment: Segments
    let segmentWord: SegmentWord
    let segmentFrames: SegmentFrames

    static func load() throws -> API {
      guard let handle = dlopen(PocketSphinxEngine.library, RTLD_NOW | RTLD_GLOBAL) else {
        throw TranscriptionError(
          .unavailable,
          tr(
            "pocketsphinx is not installed (apt-get install libpocketsphinx3 pocketsphinx-en-us), or use --engine openai|whisper-server"
          ))
      }
      func symbol<T>(_ name: String, as type: T.Type) throws -> T {
        guard let pointer = dlsym(handle, name) else {
          throw TranscriptionError(.unavailable, tr("pocketsphinx: \(PocketSphinxEngine.library) has no \(name)"))
        }
        return unsafeBitCast(pointer, to: type)
      }
      return API(
        args: try symbol("ps_args", as: Args.self), parse: try symbol("cmd_ln_parse_r", as: Parse.self),
        initialise: try symbol("ps_init", as: Initialise.self), free: try symbol("ps_free", as: Status.self),
        freeConfig: try symbol("cmd_ln_free_r", as: Status.self),
        startUtterance: try symbol("ps_start_utt", as: Status.self),
        processRaw: try symbol("ps_process_raw", as: ProcessRaw.self),
        endUtterance: try symbol("ps_end_utt", as: Status.self),
        hypothesis: try symbol("ps_get_hyp", as: Hypothesis.self),
        segments: try symbol("ps_seg_iter", as: Segments.self),
        nextSegment: try symbol("ps_seg_next", as: Segments.self),
        segmentWord: try symbol("ps_seg_word", as: SegmentWord.self),
        segmentFrames: try symbol("ps_seg_frames", as: SegmentFrames.self))
    }
  }
}
