import CommandTestSupport
import Testing

/// ail-transcribe's command lines that are refused before any recording is read.
@Suite(.inEnglish) struct AilTranscribeCommandLineTests {
  static let wav = "/nonexistent/memo.wav"

  @Test func usageErrors() async {
    let none = await Tools.refusal("ail-transcribe", [])
    #expect(none.status == 64)
    #expect(none.firstLine.contains("Name a recording"), "\(none)")
    let twoDocuments = await Tools.refusal("ail-transcribe", ["--format", "srt", Self.wav, Self.wav])
    #expect(twoDocuments.status == 64)
    #expect(twoDocuments.firstLine.contains("--format srt writes one document"), "\(twoDocuments)")
    let sensitivity = await Tools.refusal("ail-transcribe", ["--sensitivity", "2", Self.wav])
    #expect(sensitivity.status == 64)
    #expect(sensitivity.firstLine.contains("--sensitivity"), "\(sensitivity)")
  }
}
