import Foundation

/// A voice to speak in: a Piper model, or espeak-ng's voice for a language.
public enum Voice: Sendable, Equatable, CustomStringConvertible {
  /// The `.onnx` file (its `.onnx.json` beside it).
  case piper(model: String)
  /// An espeak-ng voice name (`de`, `en-us`), as `espeak-ng -v` takes it.
  case espeak(voice: String)

  public var description: String {
    switch self {
    case .piper(let model): "piper " + (model.split(separator: "/").last.map(String.init) ?? model)
    case .espeak(let voice): "espeak-ng " + voice
    }
  }
}

/// Which voice reads an article, from its language (`lang`, BCP 47 as Readeck detected it): the
/// Piper voice configured for the language (`voice.de =`, by primary subtag), else the default
/// Piper voice (`--voice`, `voice =`) when it speaks that language (or either language is not
/// known), else espeak-ng's voice for the language: a German article is not read with an English
/// voice's pronunciation just because that voice is the default.
public struct VoiceChoice: Sendable, Equatable {
  public var defaultVoice: String?
  /// The default voice's primary language subtag (`en`), from its `.onnx.json`; nil when unknown.
  public var defaultVoiceLanguage: String?
  /// Piper models by primary language subtag, lower case (`de`).
  public var voices: [String: String]

  public init(defaultVoice: String? = nil, defaultVoiceLanguage: String? = nil, voices: [String: String] = [:]) {
    self.defaultVoice = defaultVoice
    self.defaultVoiceLanguage = Self.primary(defaultVoiceLanguage)
    self.voices = Dictionary(voices.map { (Self.primary($0.key) ?? $0.key, $0.value) }) { first, _ in first }
  }

  public func voice(forLanguage language: String?) -> Voice {
    let primary = Self.primary(language)
    if let primary, let model = voices[primary] { return .piper(model: model) }
    if let defaultVoice, primary == nil || defaultVoiceLanguage == nil || primary == defaultVoiceLanguage {
      return .piper(model: defaultVoice)
    }
    return .espeak(voice: Self.espeakVoice(language))
  }

  /// The language a Piper voice speaks, from the `language.code` (`en_US`) or `espeak.voice`
  /// (`en-us`) of the `.onnx.json` beside `model`; nil when the file does not say.
  public static func language(ofPiperVoice model: String) -> String? {
    guard let data = FileManager.default.contents(atPath: model + ".json"),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    if let code = (object["language"] as? [String: Any])?["code"] as? String { return code }
    return (object["espeak"] as? [String: Any])?["voice"] as? String
  }

  /// `de` of `de-DE`, `de_AT` or `DE`; nil for no language, `und` (undetermined) and what is not
  /// a language subtag (two or three letters).
  public static func primary(_ language: String?) -> String? {
    guard let language else { return nil }
    let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }), primary != "und" else {
      return nil
    }
    return primary
  }

  /// espeak-ng's regional voices, by lower-case `language-region`.
  static let regional: Set<String> = [
    "en-gb", "en-us", "en-029", "en-gb-scotland", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-gb-x-rp", "es-419", "pt-br",
    "fr-be", "fr-ch", "vi-vn-x-central", "vi-vn-x-south", "cmn-latn-pinyin", "yue",
  ]

  /// espeak-ng's voice for `language`: the regional voice when espeak-ng has one (`pt-br`,
  /// `en-gb`), else the language's own (`de`); American English for English without a region
  /// and for an unknown language, as Readeck's articles are most often in it.
  public static func espeakVoice(_ language: String?) -> String {
    guard let primary = primary(language) else { return "en-us" }
    let full = String(language!.lowercased().map { $0 == "_" ? "-" : $0 })
    if regional.contains(full) { return full }
    return primary == "en" ? "en-us" : primary
  }
}
