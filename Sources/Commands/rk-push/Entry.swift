public import ToolKit

extension ToolEntry {
  /// `rk-push`, for its own executable and for rk-ail.
  public static let rkPush = ToolEntry("rk-push", RKPush.self)
}
