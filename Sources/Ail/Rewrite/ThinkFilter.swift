/// Takes `<think>…</think>` reasoning blocks out of a streamed answer, however the tags are cut
/// across chunks, and the blank space a block leaves at the start. Text that might still become
/// a tag is held back until it is clear.
public struct ThinkFilter: Sendable {
  private static let open = "<think>"
  private static let close = "</think>"
  private var held = ""
  private var inside = false
  private var atStart = true

  public init() {}

  /// The visible part of `piece` (possibly empty). Tags are looked for among Unicode scalars, as
  /// the model wrote them: a combining mark after `>` joins it into one `Character`, and must not
  /// hide the tag (nor a held-back tail cut a `Character` in two).
  public mutating func feed(_ piece: String) -> String {
    held += piece
    var visible = String.UnicodeScalarView()
    while true {
      let tag = (inside ? Self.close : Self.open).unicodeScalars
      let scalars = held.unicodeScalars
      if let range = scalars.firstRange(of: tag) {
        if !inside { visible.append(contentsOf: scalars[..<range.lowerBound]) }
        held = String(scalars[range.upperBound...])
        inside.toggle()
        continue
      }
      // Keep back a tail that could be the start of the tag.
      let keep = (1..<tag.count).reversed().first { scalars.suffix($0).elementsEqual(tag.prefix($0)) } ?? 0
      let cut = scalars.index(scalars.endIndex, offsetBy: -keep)
      if !inside { visible.append(contentsOf: scalars[..<cut]) }
      held = String(scalars[cut...])
      break
    }
    return trimStart(String(visible))
  }

  /// What is still held when the answer has ended (an unclosed block is dropped).
  public mutating func finish() -> String {
    defer { held = "" }
    return inside ? "" : trimStart(held)
  }

  private mutating func trimStart(_ text: String) -> String {
    guard atStart else { return text }
    let trimmed = text.unicodeScalars.drop { $0.properties.isWhitespace }
    if !trimmed.isEmpty { atStart = false }
    return String(trimmed)
  }

  /// `text` without its think blocks.
  public static func strip(_ text: String) -> String {
    var filter = ThinkFilter()
    return filter.feed(text) + filter.finish()
  }
}
