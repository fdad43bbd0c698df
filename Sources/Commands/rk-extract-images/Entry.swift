public import ToolKit

extension ToolEntry {
  /// `rk-extract-images`, for its own executable and for rk-ail.
  public static let rkExtractImages = ToolEntry("rk-extract-images", RKExtractImages.self)
}
