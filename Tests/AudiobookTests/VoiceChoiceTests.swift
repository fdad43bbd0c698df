import Foundation
import Testing

@testable import Audiobook

/// The voice for an article's language.
@Suite struct VoiceChoiceTests {
  @Test func theLanguagesVoiceWinsThenTheDefaultThenEspeak() {
    let choice = VoiceChoice(defaultVoice: "/v/en.onnx", voices: ["de": "/v/de.onnx"])
    #expect(choice.voice(forLanguage: "de") == .piper(model: "/v/de.onnx"))
    #expect(choice.voice(forLanguage: "de-AT") == .piper(model: "/v/de.onnx"))
    #expect(choice.voice(forLanguage: "DE_de") == .piper(model: "/v/de.onnx"))
    #expect(choice.voice(forLanguage: "fr") == .piper(model: "/v/en.onnx"), "the default's language is not known")
    #expect(choice.voice(forLanguage: nil) == .piper(model: "/v/en.onnx"))
  }

  @Test func theDefaultVoiceReadsOnlyItsOwnLanguageWhenItsLanguageIsKnown() {
    let choice = VoiceChoice(defaultVoice: "/v/en.onnx", defaultVoiceLanguage: "en_US", voices: ["de": "/v/de.onnx"])
    #expect(choice.voice(forLanguage: "en-GB") == .piper(model: "/v/en.onnx"))
    #expect(choice.voice(forLanguage: "de") == .piper(model: "/v/de.onnx"))
    #expect(choice.voice(forLanguage: "fr") == .espeak(voice: "fr"))
    #expect(choice.voice(forLanguage: nil) == .piper(model: "/v/en.onnx"), "an article of no known language")
  }

  @Test func aPiperVoiceSaysItsLanguageInItsJSON() throws {
    let folder = NSTemporaryDirectory() + "voice-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #"{"language": {"code": "de_DE", "family": "de"}, "espeak": {"voice": "de"}}"#.write(
      toFile: folder + "/de.onnx.json", atomically: true, encoding: .utf8)
    try #"{"espeak": {"voice": "en-us"}}"#.write(toFile: folder + "/en.onnx.json", atomically: true, encoding: .utf8)
    #expect(VoiceChoice.language(ofPiperVoice: folder + "/de.onnx") == "de_DE")
    #expect(VoiceChoice.language(ofPiperVoice: folder + "/en.onnx") == "en-us")
    #expect(VoiceChoice.language(ofPiperVoice: folder + "/none.onnx") == nil)
  }

  @Test func withoutADefaultOtherLanguagesFallBackToEspeak() {
    let choice = VoiceChoice(voices: ["DE-de": "/v/de.onnx"])
    #expect(choice.voice(forLanguage: "de") == .piper(model: "/v/de.onnx"))
    #expect(choice.voice(forLanguage: "en") == .espeak(voice: "en-us"))
    #expect(choice.voice(forLanguage: "fr-FR") == .espeak(voice: "fr"))
  }

  @Test func espeakVoicesFollowTheLanguage() {
    #expect(VoiceChoice.espeakVoice("de") == "de")
    #expect(VoiceChoice.espeakVoice("de-DE") == "de")
    #expect(VoiceChoice.espeakVoice("en") == "en-us")
    #expect(VoiceChoice.espeakVoice("en-GB") == "en-gb")
    #expect(VoiceChoice.espeakVoice("pt_BR") == "pt-br")
    #expect(VoiceChoice.espeakVoice("pt-PT") == "pt")
    #expect(VoiceChoice.espeakVoice(nil) == "en-us")
    #expect(VoiceChoice.espeakVoice("und") == "en-us")
    #expect(VoiceChoice.espeakVoice("") == "en-us")
  }

  @Test func primarySubtags() {
    #expect(VoiceChoice.primary("de-CH") == "de")
    #expect(VoiceChoice.primary("yue-Hant-HK") == "yue")
    #expect(VoiceChoice.primary("x") == nil)
    #expect(VoiceChoice.primary("12") == nil)
    #expect(VoiceChoice.primary(nil) == nil)
  }

  @Test func commandsForEachEngine() {
    let synthesizer = Synthesizer(piper: "python -m piper", espeak: "/usr/bin/espeak-ng")
    #expect(
      synthesizer.arguments(.piper(model: "/v/a b.onnx"), into: "/t/1.wav") == [
        "/bin/sh", "-c", "python -m piper \"$@\"", "piper", "-m", "/v/a b.onnx", "-f", "/t/1.wav",
      ])
    #expect(
      synthesizer.arguments(.espeak(voice: "de"), into: "/t/1.wav") == [
        "/usr/bin/espeak-ng", "-v", "de", "-w", "/t/1.wav",
      ])
  }
}
