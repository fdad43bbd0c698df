import Testing

@testable import Transcription

/// Lenient reading of what servers answer: OpenAI, speaches and whisper.cpp shapes, plain text and error bodies, without a server.
@Suite struct ResponseParsingTests {
  func parse(_ text: String, contentType: String? = "application/json") throws -> Recognition {
    try HTTPTranscriptionResponse.parse(Array(text.utf8), contentType: contentType)
  }

  @Test func openAIVerboseJSON() throws {
    let recognition = try parse(
      #"{"task":"transcribe","language":"english","duration":1.5,"text":"hello world","#
        + #""segments":[{"id":0,"seek":0,"start":0.0,"end":1.5,"text":" hello world","tokens":[1,2],"#
        + #""temperature":0.0,"avg_logprob":-0.2,"compression_ratio":0.9,"no_speech_prob":0.01}],"#
        + #""words":[{"word":"hello","start":0.1,"end":0.5},{"word":"world","start":0.6,"end":1.1}]}"#)
    #expect(
      recognition
        == Recognition(
          text: "hello world",
          words: [
            RecognizedWord(word: "hello", start: 0.1, end: 0.5), RecognizedWord(word: "world", start: 0.6, end: 1.1),
          ],
          language: "en"))
  }

  @Test func whisperCppWordsInsideSegments() throws {
    let recognition = try parse(
      #"{"task":"transcribe","language":"german","duration":2.0,"text":" Bitte ruf an.","#
        + #""segments":[{"id":0,"text":" Bitte ruf","start":0.0,"end":1.0,"tokens":[],"#
        + #""words":[{"word":" Bitte","start":0.0,"end":0.5,"t_dtw":-1,"probability":0.9},"#
        + #"{"word":"[_BEG_]","start":0.0,"end":0.0},{"word":" ruf","start":0.5,"end":1}]},"#
        + #"{"id":1,"text":" an.","start":1,"end":2,"words":[{"word":" an.","start":1,"end":2}]}]}"#)
    #expect(recognition.text == "Bitte ruf an.")
    #expect(recognition.language == "de")
    #expect(recognition.words.map(\.word) == ["Bitte", "ruf", "an."])
    #expect(recognition.words.map(\.start) == [0, 0.5, 1])
    #expect(recognition.words.map(\.end) == [0.5, 1, 2])
  }

  @Test func speachesTopLevelWordsWinOverSegmentWords() throws {
    let recognition = try parse(
      #"{"language":"en","text":" Hi there.","words":[{"start":0,"end":0.4,"word":" Hi","probability":0.9},"#
        + #"{"start":0.4,"end":0.9,"word":" there.","probability":0.8}],"segments":[{"id":0,"text":" Hi there.","#
        + #""words":[{"start":0,"end":0.4,"word":" Hi"},{"start":0.4,"end":0.9,"word":" there."}]}]}"#)
    #expect(recognition.words.count == 2)
    #expect(recognition.language == "en")
    #expect(recognition.text == "Hi there.")
  }

  @Test func missingMembersAreFine() throws {
    #expect(try parse(#"{"text":"  nur Text  "}"#) == Recognition(text: "nur Text"))
    // No text, but segments: their texts joined.
    #expect(try parse(#"{"segments":[{"text":" eins"},{"text":" zwei"}]}"#).text == "eins zwei")
    // Words without times are left out rather than invented.
    #expect(
      try parse(#"{"text":"a b","words":[{"word":"a"},{"word":"b","start":"0.5","end":1}]}"#).words
        == [RecognizedWord(word: "b", start: 0.5, end: 1)])
    #expect(try parse(#"{"text":"x","language":""}"#).language == nil)
    #expect(try parse(#"{"text":"x","language":"klingon"}"#).language == "klingon")
    #expect(try parse("").text == "")
  }

  @Test func plainTextAnswers() throws {
    #expect(try parse(" Hallo Welt\n", contentType: "text/html; charset=utf-8") == Recognition(text: "Hallo Welt"))
    #expect(try parse("Hallo Welt\n", contentType: "text/plain") == Recognition(text: "Hallo Welt"))
    #expect(try parse(#""a JSON string""#) == Recognition(text: "a JSON string"))
  }

  @Test func unreadableAnswers() {
    #expect(throws: HTTPTranscriptionResponse.Unreadable.self) { try parse(#"{"text": "cut"#) }
    #expect(throws: HTTPTranscriptionResponse.Unreadable.self) {
      try parse("<!DOCTYPE html><html><body>Login</body></html>", contentType: "text/html")
    }
    #expect(throws: HTTPTranscriptionResponse.Unreadable.self) { try parse(#"{"error":"model not loaded"}"#) }
    #expect(throws: HTTPTranscriptionResponse.Unreadable.self) { try parse(#"{"status":"ok"}"#) }
    #expect(throws: HTTPTranscriptionResponse.Unreadable.self) { try parse("[1,2]") }
  }
}
