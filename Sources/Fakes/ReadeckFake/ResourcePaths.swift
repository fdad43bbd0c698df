/// Where a bookmark's files live under the server root.
enum ResourcePaths {
  /// `{root}/bm/{id[0:2]}/{id}`
  static func bookmarkBase(root: String, id: String) -> String {
    "\(root)/bm/\(id.prefix(2))/\(id)"
  }

  /// `{root}/bm/{id[0:2]}/{id}/_resources/{name}`, the absolute URL the article embeds.
  static func resourceURL(root: String, id: String, name: String) -> String {
    "\(bookmarkBase(root: root, id: id))/_resources/\(name)"
  }

  /// The extension the `img/` aliases (icon, image, thumbnail) get: the file's own, or one
  /// derived from its content type.
  static func fileExtension(of image: FakeImage) -> String {
    if let dot = image.name.lastIndex(of: "."), image.name.index(after: dot) != image.name.endIndex {
      return String(image.name[image.name.index(after: dot)...])
    }
    switch image.contentType {
    case "image/jpeg": return "jpeg"
    case "image/gif": return "gif"
    case "image/webp": return "webp"
    case "image/svg+xml": return "svg"
    default: return "png"
    }
  }
}
