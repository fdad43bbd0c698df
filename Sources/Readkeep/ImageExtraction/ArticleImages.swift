import Foundation
import Localization
public import Wire

/// What happened to the images of one article. The images its HTML refers to are `found`, and
/// each is then `fetched` (and `embedded`, embedding) or `failed`; the bookmark's own image (the
/// hero), which the HTML does not show, is counted apart, so that `--list` and `--embed` find the
/// same number.
public struct ImageTally: Sendable, Equatable {
  public var found = 0
  public var fetched = 0
  public var embedded = 0
  public var failed: [String] = []
  public var heroesFetched = 0
  public var heroesFailed: [String] = []

  public init() {}

  public mutating func add(_ other: ImageTally) {
    found += other.found
    fetched += other.fetched
    embedded += other.embedded
    failed += other.failed
    heroesFetched += other.heroesFetched
    heroesFailed += other.heroesFailed
  }
}

/// The work on one article record: find, optionally fetch, optionally embed.
public struct ArticleImages: Sendable {
  public enum Mode: Sendable { case find, download, embed }

  public let mode: Mode
  public let hero: Bool
  public let fetcher: ImageFetcher?
  public let embedder: Embedder.Options

  public init(mode: Mode, hero: Bool, fetcher: ImageFetcher?, embedder: Embedder.Options) {
    self.mode = mode
    self.hero = hero
    self.fetcher = fetcher
    self.embedder = embedder
  }

  /// The article with its `images` (and, embedding, its new HTML), and what happened.
  public func process(_ article: Article) async -> (Article, ImageTally) {
    let found = ImageFinder.find(in: article.html, documentURL: article.documentURL)
    var references = found.distinct.map {
      (reference: ImageReference(url: $0.url, resolved: $0.resolved, foundIn: $0.foundIn), canonical: $0.canonical)
    }
    var tally = ImageTally()
    tally.found = references.count
    if hero, mode != .find, let heroURL = Self.heroURL(article.bookmark), !ImageURL.isFragmentOnly(heroURL),
      let hero = ImageURL.resolution(of: heroURL, against: article.documentURL),
      !references.contains(where: { $0.canonical == hero.canonical })
    {
      references.append(
        (ImageReference(url: heroURL, resolved: hero.resolved, foundIn: Self.heroSource), hero.canonical))
    }
    var output = article
    guard mode != .find, let fetcher else {
      output.images = references.map(\.reference)
      return (output, tally)
    }

    let referer = article.documentURL.flatMap(ImageURL.origin)
    let results = await withTaskGroup(of: (String, Result<FetchedImage, FetchFailure>).self) { group in
      for canonical in Set(references.compactMap(\.canonical)) where ImageURL.isFetchable(canonical) {
        group.addTask { (canonical, await fetcher.fetch(canonical, referer: referer)) }
      }
      var results: [String: Result<FetchedImage, FetchFailure>] = [:]
      for await (key, result) in group { results[key] = result }
      return results
    }

    var overCap = Set<String>()
    if mode == .embed {
      let embedder = Embedder(options: embedder)
      let (html, over) = embedder.embed(article.html, found: found) { canonical in
        guard case .success(let image) = results[canonical], let data = try? fetcher.data(of: image) else { return nil }
        return "data:\(image.mime);base64,\(data.base64EncodedString())"
      }
      output.html = html
      overCap = over
    }
    output.images = references.map { entry in
      var reference = entry.reference
      var failed: Wording?
      switch entry.canonical.flatMap({ results[$0] }) {
      case .success(let image)?:
        (reference.sha256, reference.mime, reference.bytes, reference.status) = (
          image.sha256, image.mime, image.bytes, image.status
        )
        if reference.foundIn == Self.heroSource {
          tally.heroesFetched += 1
        } else if let canonical = entry.canonical, overCap.contains(canonical) {
          failed = Wording { tr("over --max-article-bytes", in: $0) }
        } else {
          tally.fetched += 1
          if mode == .embed { tally.embedded += 1 }
        }
      case .failure(let failure)?:
        reference.status = failure.status
        failed = failure.wording
      case nil:
        failed =
          entry.canonical == nil
          ? Wording { tr("cannot resolve the URL", in: $0) } : Wording { tr("only http and https are fetched", in: $0) }
      }
      if let failed {
        // The record's "error" is English under every locale; the summary line is the user's.
        reference.error = failed.english
        let failure = "\(reference.resolved ?? reference.url): \(failed.text())"
        if reference.foundIn == Self.heroSource {
          tally.heroesFailed.append(failure)
        } else {
          tally.failed.append(failure)
        }
      }
      return reference
    }
    return (output, tally)
  }

  /// Where a hero image's reference says it was found.
  static let heroSource = "bookmark resources"

  /// The bookmark's main image, else its thumbnail, as the original app pre-fetched it.
  static func heroURL(_ bookmark: JSONObject) -> String? {
    let resources = bookmark["resources"]?.objectValue
    return resources?["image"]?["src"]?.stringValue ?? resources?["thumbnail"]?["src"]?.stringValue
  }
}
