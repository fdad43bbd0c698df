import Foundation

/// An image's type from its first bytes, never from its name or the server's Content-Type.
public enum ImageType {
  /// The MIME type, or nil when the bytes are not an image this tool embeds (an HTML error
  /// page, JSON, an empty body…).
  public static func sniff(_ bytes: some Collection<UInt8>) -> String? {
    let head = Array(bytes.prefix(512))
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
      let brand = String(decoding: head[8..<12], as: UTF8.self)
      if ["avif", "avis"].contains(brand) { return "image/avif" }
      if ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return "image/heic" }
    }
    if starts(Array("BM".utf8)), head.count >= 14 { return "image/bmp" }
    if starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00]) { return "image/x-icon" }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
    if isSVG(head) { return "image/svg+xml" }
    return nil
  }

  /// `<svg` after an optional BOM, whitespace, an XML declaration, comments and a doctype.
  private static func isSVG(_ head: [UInt8]) -> Bool {
    var text = Substring(String(decoding: head, as: UTF8.self))
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    while true {
      text = text.drop { $0.isWhitespace }
      if text.hasPrefix("<?") || text.hasPrefix("<!--") || text.lowercased().hasPrefix("<!doctype") {
        let end = text.hasPrefix("<!--") ? "-->" : ">"
        guard let close = text.range(of: end) else { return false }
        text = text[close.upperBound...]
        continue
      }
      return text.lowercased().hasPrefix("<svg")
    }
  }
}
