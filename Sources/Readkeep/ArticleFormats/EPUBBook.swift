import ContentHash
public import Foundation
import Localization
public import OfflineStore
public import PrivateFiles
import Wire
import ZIPFoundation

/// Articles as one EPUB 3 book: a chapter per article (its header and cleaned text as XHTML),
/// every image once as a file however many chapters show it, a table of contents, the title,
/// authors and dates in the metadata, and the book stylesheet. Written chapter by chapter, so
/// memory holds one article at a time.
public final class EPUBBook {
  public struct Summary: Sendable, Equatable {
    public var chapters: Int
    public var images: Int
    public var bytes: Int
  }

  public enum BookError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
      switch self {
      case .cannotWrite(let path, let reason): tr("cannot write \(path): \(reason)")
      }
    }
  }

  /// The image types every EPUB 3.2 reader shows; others get a fallback in the manifest.
  static let coreImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/svg+xml"]

  private let path: String
  private let output: PartialFile
  private let zip: Archive
  private let now: Date
  private var chapters: [(file: String, info: ArticleInfo)] = []
  /// Image files written, by hash: path and type.
  private var images: [String: (path: String, mime: String)] = [:]
  private var imageOrder: [String] = []

  /// Starts a book at `path` (standard output for `-`, through a link to its target); the file
  /// appears there only when ``finish(title:)`` succeeds. `standardOutput` receives the book
  /// for `-`.
  public init(
    path: String, now: Date = Date(),
    standardOutput: @escaping PartialFile.StandardOutput = PartialFile.writeToDescriptor1
  ) throws {
    self.path = path
    self.now = now
    // An empty ZIP created private from the start (ZIPFoundation's own create would make it
    // readable by everyone first).
    do {
      output = try PartialFile(for: path, initial: PartialFile.emptyZIP, standardOutput: standardOutput)
    } catch let error as FileWriteError {
      throw BookError.cannotWrite(path: path, reason: error.reason)
    }
    do {
      zip = try Archive(url: URL(fileURLWithPath: output.partial), accessMode: .update)
      // First and stored, so that a reader can tell the type from the first bytes.
      try add("mimetype", Data("application/epub+zip".utf8), compress: false)
      try add(
        "META-INF/container.xml",
        Data(
          """
          <?xml version="1.0" encoding="UTF-8"?>
          <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
          </container>

          """.utf8))
      try add("OEBPS/style.css", Data(Stylesheet.book.utf8))
    } catch {
      output.abandon()
      throw BookError.cannotWrite(path: path, reason: "\(error)")
    }
  }

  /// Adds one article as the next chapter.
  public func add(_ article: StoredArticle) throws {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    // Highlights as <mark>, their notes numbered as footnotes at the chapter's end. (The
    // XHTML writer keeps no ids or in-book links from an article, so the numbers stay unlinked.)
    let chapterNumber = chapters.count + 1
    let (marked, notes) = HighlightMarkup.rewrite(article.htmlWithHighlights, notes: .numbered)
    let cleaned = ArticleCleaner.clean(marked, title: info.title) { ArticlePage.isRealImage($0, in: article) }
    var used: [String] = []
    let writer = XHTMLWriter { source in
      guard source.hasPrefix(StoredArticle.imageMarker) else { return nil }
      let hash = String(source.dropFirst(StoredArticle.imageMarker.count))
      guard let image = article.images[hash], !ArticlePage.isPixel(image.bytes) else { return nil }
      used.append(hash)
      return "images/\(hash).\(StoredArticle.fileExtension(for: image.fileMime))"
    }
    var body = writer.write(cleaned)
    for (index, note) in notes.enumerated() {
      let anchor = "\(chapterNumber)-\(index + 1)"
      body += """
        <aside epub:type="footnote" id="rd-note-\(anchor)"><p>[\(index + 1)] \(Markup.text(note))</p></aside>
        """
    }
    for hash in used where images[hash] == nil {
      guard let image = article.images[hash] else { continue }
      let file = "images/\(hash).\(StoredArticle.fileExtension(for: image.fileMime))"
      try add("OEBPS/" + file, image.bytes, compress: false)
      images[hash] = (file, image.fileMime.lowercased())
      if !Self.coreImageTypes.contains(image.fileMime.lowercased()) && !needsFallback {
        needsFallback = true
        try add("OEBPS/" + Self.fallbackPath, Self.fallbackPNG, compress: false)
      }
      imageOrder.append(hash)
    }
    let file = "c\(chapters.count + 1).xhtml"
    chapters.append((file, info))
    try add("OEBPS/" + file, Data(chapter(info, body: body).utf8))
  }

  /// Writes the package document and the table of contents and puts the book in place (mode 0600).
  public func finish(title: String?) throws -> Summary {
    do {
      let bookTitle = title ?? chapters.first.map { chapters.count == 1 ? $0.info.title : nil } ?? nil
      try add("OEBPS/nav.xhtml", Data(navigation(title: bookTitle ?? defaultTitle).utf8))
      try add("OEBPS/content.opf", Data(packageDocument(title: bookTitle ?? defaultTitle).utf8))
      let bytes = try output.commit()
      return Summary(chapters: chapters.count, images: images.count, bytes: bytes)
    } catch {
      output.abandon()
      if error is BookError { throw error }
      if let error = error as? FileWriteError { throw BookError.cannotWrite(path: path, reason: error.reason) }
      throw BookError.cannotWrite(path: path, reason: "\(error)")
    }
  }

  /// Leaves no partial file behind.
  public func abandon() { output.abandon() }

  private var defaultTitle: String {
    let day = ArticleInfo.day(now)
    // TRANSLATORS: the title of a book of several articles when none is given; {0} is the day
    // (2026-11-27).
    return tr("Readeck articles, \(day)")
  }

  private var language: String {
    var counts: [String: Int] = [:]
    for chapter in chapters {
      if let language = chapter.info.language, XHTMLWriter.isLanguageTag(language) { counts[language, default: 0] += 1 }
    }
    return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "en"
  }

  private func chapter(_ info: ArticleInfo, body: String) -> String {
    var language = ""
    if let lang = info.language, XHTMLWriter.isLanguageTag(lang) { language = " xml:lang=\"\(lang)\" lang=\"\(lang)\"" }
    if let direction = info.direction { language += " dir=\"\(direction)\"" }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"\(language)>
      <head>
      <meta charset="utf-8"/>
      <title>\(XHTMLWriter.text(info.title))</title>
      <link rel="stylesheet" type="text/css" href="style.css"/>
      </head>
      <body>
      \(XHTMLWriter(imageSource: { _ in nil }).write(ArticlePage.header(info)))
      <section>
      \(body)
      </section>
      </body>
      </html>

      """
  }

  private func navigation(title: String) -> String {
    let items = chapters.map { "<li><a href=\"\($0.file)\">\(XHTMLWriter.text($0.info.title))</a></li>" }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)" lang="\(language)">
      <head>
      <meta charset="utf-8"/>
      <title>\(XHTMLWriter.text(title))</title>
      </head>
      <body>
      <nav epub:type="toc" id="toc">
      <h1>\(XHTMLWriter.text(title))</h1>
      <ol>
      \(items.joined(separator: "\n"))
      </ol>
      </nav>
      </body>
      </html>

      """
  }

  private func packageDocument(title: String) -> String {
    var authors: [String] = []
    for chapter in chapters {
      for author in chapter.info.authors where !authors.contains(author) { authors.append(author) }
    }
    let identifier = HexDigest.sha256(
      Data(
        chapters.map { "\($0.info.id)@\($0.info.cachedAt.timeIntervalSince1970)" }
          .joined(separator: "\n").utf8))
    let published = chapters.count == 1 ? chapters[0].info.published : nil
    var metadata = [
      "<dc:identifier id=\"book-id\">urn:rk-cache:\(identifier)</dc:identifier>",
      "<dc:title>\(XHTMLWriter.text(title))</dc:title>",
      "<dc:language>\(language)</dc:language>",
    ]
    metadata += authors.prefix(20).map { "<dc:creator>\(XHTMLWriter.text($0))</dc:creator>" }
    if let published { metadata.append("<dc:date>\(Self.timestamp(published))</dc:date>") }
    if chapters.count == 1, let url = chapters[0].info.url, XHTMLWriter.isExternalLink(url) {
      metadata.append("<dc:source>\(XHTMLWriter.text(url))</dc:source>")
    }
    metadata.append("<dc:publisher>rk-cache</dc:publisher>")
    metadata.append("<meta property=\"dcterms:modified\">\(Self.timestamp(now))</meta>")

    var manifest = [
      "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>",
      "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>",
    ]
    manifest += chapters.enumerated().map { index, chapter in
      "<item id=\"c\(index + 1)\" href=\"\(chapter.file)\" media-type=\"application/xhtml+xml\"/>"
    }
    for hash in imageOrder {
      guard let image = images[hash] else { continue }
      var item = "<item id=\"i\(hash)\" href=\"\(image.path)\" media-type=\"\(XHTMLWriter.attribute(image.mime))\""
      // A type EPUB 3.2 readers need not show (WebP, AVIF) is kept, for the many that do, with
      // a plain PNG as the fallback the others show instead; epubcheck requires one.
      if !Self.coreImageTypes.contains(image.mime) { item += " fallback=\"\(Self.fallbackID)\"" }
      manifest.append(item + "/>")
    }
    if needsFallback {
      manifest.append(
        "<item id=\"\(Self.fallbackID)\" href=\"\(Self.fallbackPath)\" media-type=\"image/png\"/>")
    }
    let spine = chapters.indices.map { "<itemref idref=\"c\($0 + 1)\"/>" }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(language)">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
      \(metadata.joined(separator: "\n"))
      </metadata>
      <manifest>
      \(manifest.joined(separator: "\n"))
      </manifest>
      <spine>
      \(spine.joined(separator: "\n"))
      </spine>
      </package>

      """
  }

  static let fallbackID = "fallback-image"
  static let fallbackPath = "images/fallback.png"
  /// A grey 2×2 PNG.
  static let fallbackPNG = Data(
    base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGOYOZNh5kwABzICZTJS6mkAAAAASUVORK5CYII=")!
  private var needsFallback = false

  /// `2026-03-01T12:00:00Z`, the form `dcterms:modified` requires.
  static func timestamp(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    return RFC3339.string(from: Date(timeIntervalSince1970: Double(seconds)))
  }

  private func add(_ entry: String, _ data: Data, compress: Bool = true) throws {
    try zip.addEntry(
      with: entry, type: .file, uncompressedSize: Int64(data.count), modificationDate: now,
      compressionMethod: compress ? .deflate : .none
    ) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
  }
}
