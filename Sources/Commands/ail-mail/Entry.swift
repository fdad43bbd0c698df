public import ToolKit

extension ToolEntry {
  /// `ail-mail`, for its own executable and for rk-ail.
  public static let ailMail = ToolEntry("ail-mail", AilMail.self)
}
