public import ToolKit

extension ToolEntry {
  /// `ail-log`, for its own executable and for rk-ail.
  public static let ailLog = ToolEntry("ail-log", AilLog.self)
}
