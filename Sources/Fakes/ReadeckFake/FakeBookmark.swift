#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One bookmark of the fake server's library, holding what the real server would derive its JSON,
/// article and resources from.
public struct FakeBookmark: Sendable {
  /// A Readeck short UID: 18–22 characters of `[a-zA-Z0-9]` (the router rejects anything else).
  public var id: String
  public var title: String
  public var url: String
  public var siteName: String
  public var site: String
  public var created: Date
  public var updated: Date
  public var isArchived = false
  public var isMarked = false
  /// A scheduled deletion: the bookmark is still listed, as on the real server.
  public var isDeleted = false
  /// `false` models a bookmark still being extracted (`state: 2`); its JSON then carries
  /// `authors: null`, `resources: {}` and no article, whatever the other fields say.
  public var loaded = true
  public var hasArticle = true
  /// `article`, `photo` or `video`.
  public var type = "article"
  public var labels: [String] = []
  /// `nil` is sent as JSON `null`.
  public var authors: [String]? = []
  /// Omitted from the JSON when 0, and so is `reading_time` (`wordCount / 200`).
  public var wordCount = 0
  /// Omitted from the JSON when nil.
  public var published: Date? = nil
  /// The article fragment. `{root}` stands for the server's absolute root URL, so images can be
  /// written as `{root}/bm/xx/id/_resources/name.png` before the port is known.
  public var articleHTML: String
  /// Served without auth at `{root}/bm/{id[0:2]}/{id}/_resources/{name}`; the first one also
  /// stands for the `icon`, `image` and `thumbnail` resources.
  public var images: [FakeImage] = []
  public var description = ""
  public var lang = "en"
  /// `ltr`, `rtl` or empty.
  public var textDirection = "ltr"
  /// The raw extractor type; nil sends `type`.
  public var documentType: String? = nil
  /// 0–100.
  public var readProgress = 0
  /// Its highlights, in document order.
  public var highlights: [FakeHighlight] = []

  /// - Parameters:
  ///   - site: the URL's host when nil.
  ///   - siteName: `site` when nil.
  ///   - updated: `created` when nil.
  public init(
    id: String, title: String, url: String, siteName: String? = nil, site: String? = nil, created: Date,
    updated: Date? = nil, isArchived: Bool = false, isMarked: Bool = false, isDeleted: Bool = false,
    loaded: Bool = true, hasArticle: Bool = true, type: String = "article", labels: [String] = [],
    authors: [String]? = [], wordCount: Int = 0, published: Date? = nil, articleHTML: String = "",
    images: [FakeImage] = [], description: String = "", lang: String = "en", textDirection: String = "ltr",
    documentType: String? = nil, readProgress: Int = 0
  ) {
    self.id = id
    self.title = title
    self.url = url
    let host = site ?? Self.host(of: url)
    self.site = host
    self.siteName = siteName ?? host
    self.created = created
    self.updated = updated ?? created
    self.isArchived = isArchived
    self.isMarked = isMarked
    self.isDeleted = isDeleted
    self.loaded = loaded
    self.hasArticle = hasArticle
    self.type = type
    self.labels = labels
    self.authors = authors
    self.wordCount = wordCount
    self.published = published
    self.articleHTML = articleHTML
    self.images = images
    self.description = description
    self.lang = lang
    self.textDirection = textDirection
    self.documentType = documentType
    self.readProgress = readProgress
  }

  /// A bookmark just created and still extracting, shaped like the real server's: empty title
  /// unless one is given, site and site name from the URL's host, no article.
  public static func loading(id: String, url: String, created: Date, title: String = "") -> FakeBookmark {
    FakeBookmark(
      id: id, title: title, url: url, created: created, loaded: false, hasArticle: false, authors: nil,
      lang: "", textDirection: "")
  }

  /// The part between `://` and the first `/`, `?`, `#` or `:`.
  static func host(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    let end = rest.firstIndex { "/?#:".contains($0) } ?? rest.endIndex
    return String(rest[..<end])
  }
}

/// An image a bookmark's article embeds.
public struct FakeImage: Sendable, Equatable {
  /// The resource file name, for example `Wj66qLatSeikPc31FwvqyS.png`.
  public var name: String
  public var contentType: String
  public var bytes: [UInt8]

  public init(name: String, contentType: String, bytes: [UInt8]) {
    self.name = name
    self.contentType = contentType
    self.bytes = bytes
  }

  /// A valid `width`×`height` PNG of one colour.
  public static func png(name: String, width: Int = 32, height: Int = 32, red: UInt8, green: UInt8, blue: UInt8)
    -> FakeImage
  {
    FakeImage(
      name: name, contentType: "image/png",
      bytes: PNG.solid(width: width, height: height, red: red, green: green, blue: blue))
  }
}
