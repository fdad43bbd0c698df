public import ToolKit

extension ToolEntry {
  /// `rk-fetch`, for its own executable and for rk-ail.
  public static let rkFetch = ToolEntry("rk-fetch", RKFetch.self)
}
