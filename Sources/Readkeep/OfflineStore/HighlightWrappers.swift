public import HTMLScan
import Wire

/// Readeck's highlight wrappers, the one place that knows their format
/// (../shared/ref/readeck-highlights.md): the server wraps each text piece of a highlight in
/// `<rd-annotation data-annotation-id-value="ID" data-annotation-color="COLOUR">`, the first
/// piece also carrying `id="annotation-ID"`, and puts a note in an empty
/// `<rd-annotation data-annotation-note title="NOTE">` after the highlight. The page, the text,
/// the book, the placement of new highlights, the staleness check and the store's own drawing of
/// highlights all read or write them through this.
public enum HighlightWrappers {
  public static let element = "rd-annotation"

  /// What one start tag of ``element`` is.
  public enum Wrapper: Sendable, Equatable {
    /// A highlighted piece: its highlight's id (nil when it has none) and the colour to show.
    case piece(id: String?, color: String)
    /// A note marker and its text.
    case note(String)
  }

  /// The attributes a reader looks at, for a tokenizer that keeps only those.
  private static let attributes = [idAttribute, colorAttribute, noteAttribute, "title"]

  /// What a start tag of ``element`` is, from its attributes.
  public static func wrapper(_ attribute: (String) -> String?) -> Wrapper {
    if attribute(noteAttribute) != nil { return .note(attribute("title") ?? "") }
    let id = attribute(idAttribute).flatMap { $0.isEmpty ? nil : $0 }
    return .piece(id: id, color: HighlightColor.shown(attribute(colorAttribute)))
  }

  /// The attributes of a piece of highlight `id`, as the server writes them.
  public static func pieceAttributes(id: String, color: String, first: Bool) -> [HTMLNodeAttribute] {
    (first ? [HTMLNodeAttribute(name: "id", value: "annotation-\(id)")] : [])
      + [HTMLNodeAttribute(name: idAttribute, value: id), HTMLNodeAttribute(name: colorAttribute, value: color)]
  }

  /// The attributes of the note marker after a highlight.
  public static func noteAttributes(_ note: String) -> [HTMLNodeAttribute] {
    [HTMLNodeAttribute(name: noteAttribute, value: ""), HTMLNodeAttribute(name: "title", value: note)]
  }

  /// What a reader sees of a highlight: its colour and note.
  public struct Shown: Sendable, Equatable {
    public var color: String
    public var note: String?

    public init(color: String?, note: String?) {
      self.color = HighlightColor.shown(color)
      self.note = note?.isEmpty == false ? note : nil
    }
  }

  /// The highlights an article's HTML shows, by id; a note marker belongs to the highlight whose
  /// piece came last before it.
  public static func shown(in html: String) -> [String: Shown] {
    guard html.contains(element) else { return [:] }
    var shown: [String: Shown] = [:]
    var last: String?
    var tokenizer = HTMLTokenizer(html, valuesOf: Set(attributes))
    while let token = tokenizer.next() {
      guard case .startTag(let tag) = token, tag.name == element else { continue }
      switch wrapper({ tag.attribute($0)?.value }) {
      case .note(let note):
        if let last { shown[last]?.note = Shown(color: nil, note: note).note }
      case .piece(let id?, let color):
        if shown[id] == nil { shown[id] = Shown(color: color, note: nil) }
        last = id
      case .piece(nil, _):
        continue
      }
    }
    return shown
  }

  static let idAttribute = "data-annotation-id-value"
  static let colorAttribute = "data-annotation-color"
  static let noteAttribute = "data-annotation-note"
}
