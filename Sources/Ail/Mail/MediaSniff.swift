/// The type of a file to attach: from its first bytes where they say it (as `file` reads
/// them), else from its extension, else text when it is UTF-8 without NULs, else
/// application/octet-stream.
public enum MediaSniff {
  public static func type(of content: [UInt8], name: String) -> String {
    for (magic, type) in signatures where content.starts(with: magic) {
      // A ZIP is often an office document or a book; its extension tells which.
      if type == "application/zip", let byName = byExtension(name) { return byName }
      return type
    }
    if content.count >= 12, content.starts(with: Array("RIFF".utf8)) {
      if content[8..<12].elementsEqual("WAVE".utf8) { return "audio/wav" }
      if content[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
    }
    if content.count >= 12, content[4..<8].elementsEqual("ftyp".utf8) {
      return content[8..<11].elementsEqual("M4A".utf8) ? "audio/mp4" : "video/mp4"
    }
    if let byName = byExtension(name) { return byName }
    if !content.contains(0), String(validating: content, as: UTF8.self) != nil { return "text/plain" }
    return "application/octet-stream"
  }

  private static let signatures: [([UInt8], String)] = [
    (Array("%PDF-".utf8), "application/pdf"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
    ([0xFF, 0xD8, 0xFF], "image/jpeg"),
    (Array("GIF87a".utf8), "image/gif"),
    (Array("GIF89a".utf8), "image/gif"),
    (Array("PK\u{3}\u{4}".utf8), "application/zip"),
    ([0x1F, 0x8B], "application/gzip"),
    (Array("OggS".utf8), "audio/ogg"),
    (Array("fLaC".utf8), "audio/flac"),
    (Array("ID3".utf8), "audio/mpeg"),
    (Array("BEGIN:VCALENDAR".utf8), "text/calendar"),
  ]

  private static func byExtension(_ name: String) -> String? {
    guard let dot = name.lastIndex(of: ".") else { return nil }
    return extensions[name[name.index(after: dot)...].lowercased()]
  }

  private static let extensions = [
    "txt": "text/plain", "md": "text/markdown", "html": "text/html", "htm": "text/html", "csv": "text/csv",
    "ics": "text/calendar", "vcf": "text/vcard", "json": "application/json", "xml": "application/xml",
    "pdf": "application/pdf", "zip": "application/zip", "epub": "application/epub+zip",
    "odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml",
    "webp": "image/webp", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg",
  ]
}
