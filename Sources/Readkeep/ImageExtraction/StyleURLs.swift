import Foundation

/// `url(…)` values in a CSS declaration list such as a `style` attribute.
enum StyleURLs {
  /// Each `url()` argument with the range of the text to replace when rewriting it (inside the
  /// quotes when quoted), in order.
  static func locate(in style: String) -> [(url: String, range: Range<String.Index>)] {
    var found: [(String, Range<String.Index>)] = []
    var rest = style[...]
    while let open = rest.range(of: "url(", options: .caseInsensitive) {
      var cursor = open.upperBound
      while cursor < rest.endIndex, rest[cursor].isWhitespace { cursor = rest.index(after: cursor) }
      guard cursor < rest.endIndex else { break }
      let quote = rest[cursor]
      let start: String.Index
      let end: String.Index?
      if quote == "\"" || quote == "'" {
        start = rest.index(after: cursor)
        end = rest[start...].firstIndex(of: quote)
      } else {
        start = cursor
        end = rest[start...].firstIndex(of: ")").map { close in
          var end = close
          while end > start, rest[rest.index(before: end)].isWhitespace { end = rest.index(before: end) }
          return end
        }
      }
      guard let end else { break }
      found.append((String(rest[start..<end]), start..<end))
      rest = rest[end...]
    }
    return found
  }

  static func find(in style: String) -> [String] { locate(in: style).map(\.url) }
}
