/// A rough Markdown rendering of an article for the sync route's `markdown` part: text kept,
/// blocks separated, images as `![alt](src)`. Readers of this fake only need it to be present
/// and plausible, not a faithful conversion.
enum Markdown {
  static func from(html: [UInt8], title: String) -> [UInt8] {
    var out = Array("# \(title)\n\n".utf8)
    var index = 0
    while index < html.count {
      guard html[index] == UInt8(ascii: "<"), let close = html[index...].firstIndex(of: UInt8(ascii: ">")) else {
        out.append(html[index])
        index += 1
        continue
      }
      let tag = String(decoding: html[(index + 1)..<close], as: UTF8.self)
      let name = tag.prefix { $0.isLetter || $0.isNumber || $0 == "/" }.lowercased()
      if name == "img" {
        out += Array("![\(attribute("alt", in: tag) ?? "")](\(attribute("src", in: tag) ?? ""))".utf8)
      } else if ["/p", "/h1", "/h2", "/h3", "/figure", "/li", "/blockquote", "br"].contains(name) {
        out += [0x0A, 0x0A]
      }
      index = close + 1
    }
    return out
  }

  private static func attribute(_ name: String, in tag: String) -> String? {
    guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
    let rest = tag[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }
}
