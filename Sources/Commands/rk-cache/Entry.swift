public import ToolKit

extension ToolEntry {
  /// `rk-cache`, for its own executable and for rk-ail.
  public static let rkCache = ToolEntry("rk-cache", RKCache.self)
}
