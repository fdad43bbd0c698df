/// What the standard says of an element name, from the table the tree builder uses
/// (`ElementInfo`), for the code that writes or cleans HTML outside it.
public enum HTMLElements {
  /// Whether the HTML element `name` (lower case) is void: it has no end tag and no content
  /// (area, base, br, img, wbr…; and `image`, which a parser turns into `img`).
  public static func isVoid(_ name: String) -> Bool {
    ElementInfo.named(name).flags.contains(.void)
  }
}
