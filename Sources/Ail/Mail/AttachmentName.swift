/// The file name an attachment is saved under. The name comes from the sender, so it is made
/// into one plain name inside the folder: never a path, never hidden, never a name a terminal
/// would show as something else.
public enum AttachmentName {
  /// The longest name in UTF-8 bytes that file systems take (255), less room for `-99`.
  static let maximumBytes = 240

  /// `name` made safe: `/` and `\` become `_`; control characters (C0, DEL, C1) and the
  /// invisible marks that reverse or hide text are dropped; leading dots and spaces go (no
  /// hidden file, no `..`), trailing dots and spaces too; overlong names are cut keeping their
  /// extension. A name with nothing left is `part-N` with an extension for its type.
  public static func safe(_ name: String?, number: Int, mime: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in (name ?? "").unicodeScalars {
      if scalar == "/" || scalar == "\\" {
        scalars.append("_")
      } else if !isHidden(scalar) {
        scalars.append(scalar)
      }
    }
    var cleaned = Substring(String(scalars))
    cleaned = cleaned.drop { $0 == "." || $0.isWhitespace }
    while let last = cleaned.last, last == "." || last.isWhitespace { cleaned = cleaned.dropLast() }
    guard !cleaned.isEmpty else { return "part-\(number)" + (extensions[mime].map { "." + $0 } ?? "") }
    return shortened(String(cleaned))
  }

  /// `report.pdf`, then `report-1.pdf`, `report-2.pdf`, …: the name for the `attempt`th try.
  public static func numbered(_ name: String, _ attempt: Int) -> String {
    guard attempt > 0 else { return name }
    let (stem, fileExtension) = split(name)
    return stem + "-\(attempt)" + fileExtension
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Bidirectional overrides and isolates (a "txt.exe" shown as "exe.txt"), zero-width marks.
    return (0x200B...0x200F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || value == 0xFEFF
  }

  private static func split(_ name: String) -> (stem: String, fileExtension: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.distance(from: dot, to: name.endIndex) <= 11
    else { return (name, "") }
    return (String(name[..<dot]), String(name[dot...]))
  }

  private static func shortened(_ name: String) -> String {
    guard name.utf8.count > maximumBytes else { return name }
    let (stem, fileExtension) = split(name)
    var cut = Substring(stem)
    while cut.utf8.count + fileExtension.utf8.count > maximumBytes { cut = cut.dropLast() }
    return String(cut) + fileExtension
  }

  private static let extensions = [
    "text/plain": "txt", "text/html": "html", "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg",
    "image/gif": "gif", "message/rfc822": "eml", "text/calendar": "ics", "application/zip": "zip",
  ]
}
