public import ToolKit

extension ToolEntry {
  /// `ail-ai`, for its own executable and for rk-ail.
  public static let ailAI = ToolEntry("ail-ai", AilAI.self)
}
