public import ToolKit

extension ToolEntry {
  /// `rk-prune`, for its own executable and for rk-ail.
  public static let rkPrune = ToolEntry("rk-prune", RKPrune.self)
}
