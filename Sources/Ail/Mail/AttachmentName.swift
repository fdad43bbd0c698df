/// The file name an attachment is saved under. The name comes from the sender, so it is made
/// into one plain name inside the folder: never a path, never hidden, never a name a terminal
/// would show as something else.
public enum AttachmentName {
  /// The longest name in UTF-8 bytes that file systems take (255), less room for the number a
  /// taken name gets (`-9999`).
  public static let maximumBytes = 240
  /// The longest extension kept when a name is cut, in UTF-8 bytes with its dot.
  static let maximumExtensionBytes = 40

  /// `name` made safe: `/` and `\` become `_`; control characters (C0, DEL, C1) and the
  /// invisible marks that reverse or hide text are dropped; leading dots, spaces and combining
  /// marks go (no hidden file, no `..`, not even as a dot carrying an accent, which is still a
  /// dot to the file system), trailing dots and spaces too; overlong names are cut keeping their
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
    var cleaned = Substring(String(scalars)).unicodeScalars
    while let first = cleaned.first, first == "." || first.properties.isWhitespace || isCombining(first) {
      cleaned = cleaned.dropFirst()
    }
    while let last = cleaned.last, last == "." || last.properties.isWhitespace { cleaned = cleaned.dropLast() }
    guard !cleaned.isEmpty else { return "part-\(number)" + (extensions[mime].map { "." + $0 } ?? "") }
    return shortened(String(Substring(cleaned)))
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

  /// A mark that joins the character before it; leading a name it would join whatever shows
  /// the name (a quote, a column) and hide where the name begins.
  private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// The name before its extension and the extension with its dot. What follows the last dot is
  /// an extension only when it is short in characters and in bytes, so that the rest of the
  /// budget always holds some of the name.
  private static func split(_ name: String) -> (stem: String, fileExtension: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.distance(from: dot, to: name.endIndex) <= 11,
      name.utf8.distance(from: dot, to: name.endIndex) <= maximumExtensionBytes
    else { return (name, "") }
    return (String(name[..<dot]), String(name[dot...]))
  }

  private static func shortened(_ name: String) -> String {
    guard name.utf8.count > maximumBytes else { return name }
    let (stem, fileExtension) = split(name)
    var cut = prefix(Substring(stem), bytes: maximumBytes - fileExtension.utf8.count).unicodeScalars
    // The stem starts with a visible scalar (see `safe`), so this never empties it.
    while let last = cut.last, last == "." || last.properties.isWhitespace { cut = cut.dropLast() }
    return String(Substring(cut)) + fileExtension
  }

  /// The longest start of `text` within `room` UTF-8 bytes, cut between characters. A character
  /// larger than the whole room (a letter under hundreds of accents) could never fit whole, so it
  /// is cut between its Unicode scalars instead of dropped: something of the name is always left.
  static func prefix(_ text: Substring, bytes room: Int) -> Substring {
    let scalars = text.unicodeScalars
    func fits(_ index: String.Index) -> Bool { text.utf8.distance(from: text.startIndex, to: index) <= room }
    var end = text.startIndex
    while end < text.endIndex {
      let next = text.index(after: end)
      guard fits(next) else {
        if text.utf8.distance(from: end, to: next) > room {
          while end < next, fits(scalars.index(after: end)) { end = scalars.index(after: end) }
        }
        break
      }
      end = next
    }
    return Substring(scalars[..<end])
  }

  private static let extensions = [
    "text/plain": "txt", "text/html": "html", "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg",
    "image/gif": "gif", "message/rfc822": "eml", "text/calendar": "ics", "application/zip": "zip",
  ]
}
