import HTMLScan

/// Plain text from an HTML mail body, for reading and for a language model: paragraphs and line
/// breaks kept, list items with a dash, links with their URL, images by their alt text.
public enum HTMLText {
  public static func text(_ html: String) -> String { HTMLPlainText.text(html, layout: .lines) }
}
