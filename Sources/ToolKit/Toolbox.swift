/// The toolbox's version, shared by every tool's `--version` and man page.
public enum Toolbox {
  public static let version = "0.1.0"
  /// The date printed in the man pages; changed with the version, never taken from the clock, so
  /// that regenerating the pages is reproducible.
  public static let manualDate = "2026-11-22"
}
