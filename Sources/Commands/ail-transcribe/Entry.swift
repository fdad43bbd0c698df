public import ToolKit

extension ToolEntry {
  /// `ail-transcribe`, for its own executable and for rk-ail.
  public static let ailTranscribe = ToolEntry("ail-transcribe", AilTranscribe.self)
}
