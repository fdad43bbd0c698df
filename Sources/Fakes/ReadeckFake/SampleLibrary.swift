import FakeServer
import HTMLScan

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FakeReadeck {
  /// Deterministic sample library: `count` bookmarks, newest first by `created`, each a loaded
  /// article with `imagesPerArticle` real PNG images referenced as absolute `{root}/bm/...` URLs
  /// in `<img src>` (the first also in a `srcset`) among a few paragraphs of text. Every fifth is
  /// archived unless `allUnread`, which a test asks for when the default query should select them all.
  public static func sampleLibrary(
    count: Int, imagesPerArticle: Int = 5, seed: UInt64 = 1, allUnread: Bool = false
  ) -> [FakeBookmark] {
    var generator = SampleGenerator(seed: seed)
    return (0..<max(0, count)).map {
      var bookmark = generator.bookmark(index: $0, images: max(0, imagesPerArticle))
      if allUnread { bookmark.isArchived = false }
      return bookmark
    }
  }
}

/// Builds the sample library's bookmarks from one random stream.
struct SampleGenerator {
  private var random: SplitMix64
  /// Solid PNGs by colour: identical images share storage, so large libraries stay small.
  private var pngCache: [Int: [UInt8]] = [:]
  private var imageCounter = 0
  /// The previous bookmark's creation time, in seconds since 1970.
  private var clock: Double = SampleGenerator.newest

  /// 2026-03-01T12:00:00Z: the newest sample bookmark is created one to three hours before it.
  private static let newest: Double = 1_772_366_400
  private static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

  private static let sites: [(name: String, host: String)] = [
    ("Example Blog", "example.org"), ("The Daily Byte", "dailybyte.net"), ("Field Notes", "fieldnotes.example.com"),
    ("Longform Weekly", "longform.example.net"), ("Quiet Engineering", "quiet.engineering"),
    ("Garden & Kitchen", "garden.example.org"), ("Night Sky", "nightsky.example.com"),
  ]
  private static let adjectives = [
    "Quiet", "Hidden", "Practical", "Small", "Slow", "Patient", "Curious", "Forgotten", "Simple", "Careful",
    "Unexpected", "Honest", "Gentle", "Stubborn", "Modern",
  ]
  private static let nouns = [
    "Compilers", "Gardens", "Bridges", "Maps", "Clocks", "Rivers", "Libraries", "Kitchens", "Protocols", "Letters",
    "Harbours", "Telescopes", "Notebooks", "Orchards", "Railways",
  ]
  private static let topics = [
    "the Art of Waiting", "Reading Offline", "Building Things That Last", "Cache Invalidation",
    "Winter Mornings", "Sourdough & Patience", "Debugging at Scale", "Old Maps", "Tidal Patterns",
    "Keeping Notes", "the Long Tail", "Slow Software",
  ]
  private static let authors = [
    "Jane Doe", "Ada Park", "Lukas Meyer", "Inès Laurent", "Kenji Sato", "Maya Okafor", "Tomás Rivera",
  ]
  private static let labels = ["go", "swift", "reading", "science", "history", "longread", "cooking"]
  private static let words = """
    the a of to and in that is was for on with as it by at from this be are or an which but not have had one \
    all were when we there can been has more if no out so what up its about into than them only other new some \
    could time these two may first then do any like my now over such our man me even most made after also did \
    many before must through back years where much your way well down should because each just those people \
    how too little state good very make world still own see men work long get here between both life being under \
    never day same another know while last might us great old year off come since against go came right used take \
    three river garden signal letter window harbour engine station library evening morning pattern thread \
    archive lantern orchard compass meadow kettle
    """.split(separator: " ").map(String.init)
  private static let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func bookmark(index: Int, images imageCount: Int) -> FakeBookmark {
    let id = identifier()
    let site = random.pick(Self.sites)
    let title: String
    switch random.below(3) {
    case 0: title = "The \(random.pick(Self.adjectives)) \(random.pick(Self.nouns))"
    case 1: title = "On \(random.pick(Self.topics))"
    default: title = "\(random.pick(Self.adjectives)) \(random.pick(Self.nouns)) and \(random.pick(Self.topics))"
    }
    let slug = String(
      decoding: title.lowercased().utf8.map { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          ? byte : UInt8(ascii: "-")
      }, as: UTF8.self)
    // One to three hours apart, so `created` strictly decreases; whole seconds for some and
    // microseconds for others, so both time shapes appear.
    clock -= Double(3600 + random.below(7200))
    let micros = random.below(4) == 0 ? 0 : Double(random.below(1_000_000)) / 1e6
    let created = clock - micros
    let updated = created + Double(random.below(5 * 86_400)) + Double(random.below(1000)) / 1000
    let published = random.below(3) == 0 ? nil : created - Double(random.below(30 * 86_400) + 3600)

    let images = (0..<imageCount).map { _ in image() }
    let (html, wordCount, description) = article(
      title: title, id: id, images: images, paragraphs: 3 + random.below(4))
    var labels = Set<String>()
    for _ in 0..<random.below(3) { labels.insert(random.pick(Self.labels)) }

    return FakeBookmark(
      id: id, title: title,
      url: "https://\(site.host)/\(2025 + index % 2)/\(slug)",
      siteName: site.name, site: site.host, created: Date(timeIntervalSince1970: created),
      updated: Date(timeIntervalSince1970: updated), isArchived: index % 5 == 4, isMarked: index % 7 == 3,
      labels: labels.sorted(), authors: random.below(4) == 0 ? [] : [random.pick(Self.authors)], wordCount: wordCount,
      published: published.map { Date(timeIntervalSince1970: $0) }, articleHTML: html, images: images,
      description: description)
  }

  private mutating func identifier() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(22)
    for _ in 0..<22 { bytes.append(Self.alphabet[random.below(Self.alphabet.count)]) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A 32×32 solid PNG; the first 4096 images of a library all differ in colour.
  private mutating func image() -> FakeImage {
    let colour = imageCounter % 4096
    imageCounter += 1
    let name = identifier() + ".png"
    if let bytes = pngCache[colour] { return FakeImage(name: name, contentType: "image/png", bytes: bytes) }
    // 16 levels per channel, spread over the range, with the channels interleaved so that
    // neighbouring images differ visibly.
    let red = UInt8((colour & 0xF) * 17)
    let green = UInt8((colour >> 4 & 0xF) * 17)
    let blue = UInt8((colour >> 8 & 0xF) * 17)
    let png = FakeImage.png(name: name, red: red, green: green, blue: blue)
    pngCache[colour] = png.bytes
    return png
  }

  /// A sentence of 8 to 21 words, appended to `html`; returns the number of words.
  private mutating func sentence(into html: inout String) -> Int {
    let length = 8 + random.below(14)
    html += Self.capitalized[random.below(Self.words.count)]
    for _ in 1..<length {
      html += " "
      html += Self.words[random.below(Self.words.count)]
    }
    html += "."
    return length
  }

  /// The article fragment, its word count, and a description (its first sentence).
  private mutating func article(title: String, id: String, images: [FakeImage], paragraphs: Int)
    -> (html: String, wordCount: Int, description: String)
  {
    var html = "<section><h1>\(HTMLEscape.text(title))</h1>\n"
    html.reserveCapacity(700 * paragraphs + 200 * images.count)
    var wordCount = 0
    var description = ""
    let base = "{root}/bm/\(id.prefix(2))/\(id)/_resources/"
    let perParagraph = (images.count + paragraphs - 1) / max(1, paragraphs)
    var placed = 0
    for paragraph in 0..<paragraphs {
      html += "<p>"
      let start = html.utf8.count
      for number in 0..<(3 + random.below(4)) {
        if number > 0 { html += " " }
        wordCount += sentence(into: &html)
        if description.isEmpty { description = String(decoding: html.utf8.dropFirst(start), as: UTF8.self) }
      }
      html += "</p>\n"
      // Spread the images over the paragraphs; whatever is left goes after the last one.
      let share = paragraph == paragraphs - 1 ? images.count - placed : min(images.count - placed, perParagraph)
      for image in images[placed..<(placed + share)] {
        placed += 1
        let src = base + image.name
        html += "<figure><img src=\"\(src)\" alt=\"Figure \(placed)\" width=\"32\" height=\"32\""
        if placed == 1 {
          let large = images.count > 1 ? base + images[1].name : src
          html += " srcset=\"\(src) 1x, \(large) 2x\""
        }
        html += "/><figcaption>Figure \(placed)</figcaption></figure>\n"
      }
    }
    html += "</section>\n"
    return (html, wordCount, description)
  }
}
