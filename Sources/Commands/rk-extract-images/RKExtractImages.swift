public import ArgumentParser
import AsyncHTTPClient
import Foundation
public import ImageExtraction
import Localization
import NIOCore
import PrivateFiles
import Resilience
import Synchronization
import ToolKit
import Wire

struct RKExtractImages: AsyncParsableCommand, ToolCommand, RetryDefaults {
  static let configuration = CommandConfiguration(
    commandName: "rk-extract-images",
    abstract: tr("Find every image an article needs; download them and embed them so it reads offline."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads "article" records and finds the images their HTML refers to with a WHATWG \
        tokenizer: img src and srcset, picture source srcset, lazy-loading attributes (data-src, \
        data-srcset, data-lazy-src, data-lazy-srcset, data-original), images inside noscript, \
        url() in style attributes, SVG image href, input type=image, video poster. URLs resolve \
        as a browser resolves them (the WHATWG URL standard; a % is never encoded again) against \
        the bookmark's url (or the record's base_url), overridden by the first <base href>, and \
        count once per canonical form; a value that is only a fragment (#, #top) is the page, not \
        an image. An "article" record needs "id", "html" and either "bookmark" (Readeck's \
        bookmark object, whose "url" places the page) or "base_url"; each is written on with an \
        "images" array and every other member as it was. Other records pass through untouched.

        --download fetches each image once per run, however many articles refer to it, with \
        retries, a per-image size cap and the type taken from the bytes (an HTML page is a \
        failure); the bookmark's own image or thumbnail is fetched too (--no-hero to skip it). \
        Up to --concurrency downloads are in flight at once, all of them to one host if need be \
        (Readeck serves every image of the articles it saved); a quarter as many articles (at \
        least four) are worked on at once, sharing those slots, and records leave in input order. \
        --embed also rewrites the HTML: each image becomes a data: URI, lazy images get a real \
        src, integrity attributes on rewritten tags go. Only the values that must change are \
        replaced; every other byte stays, and embedding again changes nothing. Images that failed \
        keep their URL (--on-fail remove empties it instead).
        """),
      examples: [
        Example(
          "rk-fetch | rk-extract-images --embed | rk-cache store", tr("Articles that read offline, images and all.")),
        Example(
          #"rk-extract-images --list < articles.ndjson | jq -r 'select(.kind == "image") | .resolved'"#,
          tr("Every image URL, one per line.")),
        Example(
          "rk-extract-images --embed --best-candidate --max-width 1600",
          tr("One image per srcset, at most 1600 px wide.")),
      ],
      exitStatuses: [
        (.success, tr("Every image was found (and fetched and embedded, when asked).")),
        (.tempFailure, tr("Some images failed; they are listed with their error and the records were written.")),
        (.dataError, tr("Bad input lines, reported with their line numbers.")),
      ]),
    version: Toolbox.version)

  @OptionGroup var input: InputOptions

  @Flag(help: ArgumentHelp(tr("Write one \"image\" record per reference instead of the articles."))) var list = false
  @Flag(help: ArgumentHelp(tr("Download the images."))) var download = false
  @Flag(help: ArgumentHelp(tr("Download the images and embed them into the HTML as data: URIs."))) var embed = false
  @Flag(inversion: .prefixedNo, help: ArgumentHelp(tr("Fetch the bookmark's own image (or thumbnail) too."))) var hero =
    true
  @Flag(help: ArgumentHelp(tr("Keep only the widest srcset candidate (see --max-width)."))) var bestCandidate = false
  @Option(
    help: RKExtractImages.widthRange.help(
      tr("With --best-candidate: the widest candidate to keep, in pixels."), valueName: "px"),
    transform: RKExtractImages.widthRange.parse)
  var maxWidth: Int?
  @Option(help: ArgumentHelp(tr("What a failed image becomes: keep (its URL) or remove."), valueName: "keep|remove"))
  var onFail: Embedder.OnFail = .keep
  @Option(
    help: RKExtractImages.concurrencyRange.help(tr("Downloads in flight at once."), valueName: "n", default: 16),
    transform: RKExtractImages.concurrencyRange.parse)
  var concurrency = 16
  @OptionGroup var retry: RetryOptions<RKExtractImages>
  static var timeoutDefault: (seconds: Double, help: String) { (30, tr("Seconds for each download, body included.")) }
  static var retriesDefault: (count: Int, help: String) { (2, tr("Retries of a failed request.")) }
  static var retryDelayDefault: (seconds: Double, help: String) {
    (2, tr("Seconds before the first retry; each further one waits twice as long."))
  }
  @Option(help: ArgumentHelp(tr("Largest image to download: 10MB, 500kB."), valueName: "size")) var maxImageBytes =
    "10MB"
  @Option(help: ArgumentHelp(tr("Most image data to embed into one article."), valueName: "size")) var maxArticleBytes =
    "50MB"

  @OptionGroup var common: CommonOptions

  static let concurrencyRange = NumberRange(1...64)
  static let widthRange = NumberRange(1...100_000, unit: .pixels)

  func validate() throws {
    if Formatting.bytes(maxImageBytes) == nil { throw ValidationError(tr("--max-image-bytes is a size such as 10MB.")) }
    if Formatting.bytes(maxArticleBytes) == nil {
      throw ValidationError(tr("--max-article-bytes is a size such as 50MB."))
    }
    if maxWidth != nil, !bestCandidate { throw ValidationError(tr("--max-width goes with --best-candidate.")) }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "rk-extract-images")
    try await runTool(diagnostics) {
      let mode: ArticleImages.Mode = embed ? .embed : download ? .download : .find
      let spool = NSTemporaryDirectory() + "rk-extract-images-" + UUID().uuidString
      try PrivateFolder.make(spool)
      defer { try? FileManager.default.removeItem(atPath: spool) }
      let limits = FetchLimits(
        concurrency: concurrency, timeout: retry.timeout, maxImageBytes: Formatting.bytes(maxImageBytes)!)
      let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: limits.clientConfiguration)
      try await shuttingDown(http) {
        let fetcher =
          mode == .find
          ? nil
          : ImageFetcher(
            http: http, limits: limits, policy: RetryPolicy(maxRetries: retry.retries, baseDelay: retry.retryDelay),
            spool: spool)
        let work = ArticleImages(
          mode: mode, hero: hero, fetcher: fetcher,
          embedder: Embedder.Options(
            onFail: onFail, bestCandidate: bestCandidate, maxWidth: maxWidth,
            maxArticleBytes: Formatting.bytes(maxArticleBytes)!))
        try await process(work, diagnostics: diagnostics)
      }
    }
  }

  private func process(_ work: ArticleImages, diagnostics: Diagnostics) async throws {
    let sink = OutputSink.standardOutput.flushing(eachRecord: work.mode != .find)
    // TRANSLATORS: what the progress line counts, as in "article 12, 3.5/s".
    let written = Written(progress: Progress(label: tr("article"), total: nil, diagnostics: diagnostics))
    let list = list
    let articles = OrderedWindow<(Article, ImageTally)>(
      window: articlesInFlight, writeRecord: { try sink.writeLine($0) },
      writeResult: { article, images in
        try written.state.withLock { state in
          state.tally.add(images)
          if list {
            for image in article.images ?? [] { try sink.emit(ImageRecord(articleID: article.id, image: image)) }
          } else {
            try sink.emit(article)
          }
          state.progress.advance()
        }
      })
    let records: RecordInput
    do {
      records = try await articles.run { feeder in
        let records = RecordInput(input, diagnostics: diagnostics, sink: sink)
        // Behind a slow producer, what is in flight is finished and written before waiting for more.
        records.onIdle = { try feeder.drain() }
        // head() checks the lines passed through; a line that is not JSON, or an article that does
        // not decode, is reported and skipped by `records`.
        try records.forEachRecord { line in
          guard try line.head().kind == Article.kind else { return try feeder.pass(line.bytes) }
          let article = try line.decode(Article.self)
          try feeder.submit { await work.process(article) }
        }
        return records
      }
    } catch {
      // What came before a --strict stop or a read error has been written; it still goes out.
      try? sink.flush()
      throw error
    }
    let tally = written.state.withLock { state in
      state.progress.finish()
      return state.tally
    }
    try sink.flush()
    report(tally, diagnostics: diagnostics, mode: work.mode)
    try records.finish()
    if !tally.failed.isEmpty || !tally.heroesFailed.isEmpty { throw ExitCode(ExitStatus.tempFailure.rawValue) }
  }

  /// What the writer keeps as articles go out (it runs on whichever thread finished one).
  private final class Written: Sendable {
    let state: Mutex<(tally: ImageTally, progress: ToolKit.Progress)>
    init(progress: sending ToolKit.Progress) { state = Mutex((ImageTally(), progress)) }
  }

  /// Articles worked on at once: enough to keep the download slots busy while one article waits
  /// for its slowest image (an article has a handful of images, so a quarter of the slots), few
  /// enough that memory holds only a handful. Finding alone uses them too: the pages are parsed
  /// on every core, and no article waits for the hand-over of the last.
  var articlesInFlight: Int { max(4, (concurrency + 3) / 4) }

  /// "images: 412 found, 398 embedded, 14 failed (…); hero images: 20 fetched": every image an
  /// article's HTML refers to is found, then embedded (or fetched) or failed; the bookmarks' own
  /// images, which the HTML does not show, apart.
  private func report(_ tally: ImageTally, diagnostics: Diagnostics, mode: ArticleImages.Mode) {
    let (found, fetched, embedded, heroes) = (tally.found, tally.fetched, tally.embedded, tally.heroesFetched)
    var parts: [String]
    switch mode {
    // TRANSLATORS: the summary line's start; more parts may follow after commas.
    case .find: parts = [tr("images: \(found) found")]
    case .download: parts = [tr("images: \(found) found, \(fetched) fetched")]
    case .embed: parts = [tr("images: \(found) found, \(embedded) embedded")]
    }
    if !tally.failed.isEmpty { parts.append(Formatting.failures(tally.failed)) }
    var line = parts.joined(separator: ", ")
    if heroes + tally.heroesFailed.count > 0 {
      // TRANSLATORS: the summary line's second part, after a semicolon: the bookmarks' own images.
      var heroParts = [tr("hero images: \(heroes) fetched")]
      if !tally.heroesFailed.isEmpty { heroParts.append(Formatting.failures(tally.heroesFailed)) }
      line += "; " + heroParts.joined(separator: ", ")
    }
    diagnostics.info(line)
  }
}

extension Embedder.OnFail: ExpressibleByArgument {}
