/// A bookmark as the real server's `dataset.Bookmark` struct encodes it: members in declaration
/// order, `published`, `word_count` and `reading_time` omitted when unset.
enum BookmarkJSON {
  /// The compact object, without the encoder's trailing newline. `detail` adds the members only
  /// `GET /api/bookmarks/{id}` and the sync `json` part carry (those that are not empty here).
  static func encode(_ bookmark: FakeBookmark, root: String, detail: Bool = false) -> [UInt8] {
    var json = JSONWriter(capacity: 1536)
    write(bookmark, root: root, detail: detail, to: &json)
    return json.bytes
  }

  static func write(_ b: FakeBookmark, root: String, detail: Bool, to json: inout JSONWriter) {
    let api = "\(root)/api/bookmarks/\(b.id)"
    // A bookmark still extracting has no archive yet: what would come from it is blank.
    let loaded = b.loaded
    let hasArticle = loaded && b.hasArticle
    json.beginObject()
    json.key("id")
    json.string(b.id)
    json.key("href")
    json.string(api)
    json.key("created")
    json.string(Timestamp.string(b.created))
    json.key("updated")
    json.string(Timestamp.string(b.updated))
    json.key("state")
    json.int(loaded ? 0 : 2)
    json.key("loaded")
    json.bool(loaded)
    json.key("url")
    json.string(b.url)
    json.key("title")
    json.string(b.title)
    json.key("site_name")
    json.string(b.siteName)
    json.key("site")
    json.string(b.site)
    if let published = b.published {
      json.key("published")
      json.string(Timestamp.string(published))
    }
    json.key("authors")
    if loaded, let authors = b.authors { json.strings(authors) } else { json.null() }
    json.key("lang")
    json.string(loaded ? b.lang : "")
    json.key("text_direction")
    json.string(loaded ? b.textDirection : "")
    json.key("document_type")
    json.string(loaded ? (b.documentType ?? b.type) : "")
    json.key("type")
    json.string(b.type)
    json.key("has_article")
    json.bool(hasArticle)
    json.key("description")
    json.string(b.description)
    if detail, hasArticle, !b.description.isEmpty {
      json.key("omit_description")
      json.bool(false)
    }
    json.key("is_deleted")
    json.bool(b.isDeleted)
    json.key("is_marked")
    json.bool(b.isMarked)
    json.key("is_archived")
    json.bool(b.isArchived)
    json.key("labels")
    json.strings(sortedLabels(b.labels))
    json.key("read_progress")
    json.int(b.readProgress)
    json.key("resources")
    writeResources(b, root: root, api: api, hasArticle: hasArticle, to: &json)
    if b.wordCount > 0 {
      json.key("word_count")
      json.int(b.wordCount)
    }
    if b.wordCount / 200 > 0 {
      json.key("reading_time")
      json.int(b.wordCount / 200)
    }
    json.endObject()
  }

  /// Labels as the server stores them: sorted by bytes, as Go sorts strings, without duplicates.
  static func sortedLabels(_ labels: [String]) -> [String] {
    var seen = Set<String>()
    return labels.filter { seen.insert($0).inserted }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Keys in alphabetical order, because the server builds `resources` as a Go map.
  private static func writeResources(
    _ b: FakeBookmark, root: String, api: String, hasArticle: Bool, to json: inout JSONWriter
  ) {
    json.beginObject()
    guard b.loaded else { return json.endObject() }
    if hasArticle { link(&json, "article", "\(api)/article") }
    let first = b.images.first
    let size = first.flatMap { PNG.size(of: $0.bytes) }
    if let first {
      let ext = ResourcePaths.fileExtension(of: first)
      let base = ResourcePaths.bookmarkBase(root: root, id: b.id)
      link(&json, "icon", "\(base)/img/icon.\(ext)", size: size)
      link(&json, "image", "\(base)/img/image.\(ext)", size: size)
      link(&json, "log", "\(api)/x/log")
      link(&json, "props", "\(api)/x/props.json")
      link(&json, "thumbnail", "\(base)/img/thumbnail.\(ext)", size: size)
    } else {
      link(&json, "log", "\(api)/x/log")
      link(&json, "props", "\(api)/x/props.json")
    }
    json.endObject()
  }

  private static func link(
    _ json: inout JSONWriter, _ key: String, _ src: String, size: (width: Int, height: Int)? = nil
  ) {
    json.key(key)
    json.beginObject()
    json.key("src")
    json.string(src)
    if let size {
      json.key("width")
      json.int(size.width)
      json.key("height")
      json.int(size.height)
    }
    json.endObject()
  }
}
