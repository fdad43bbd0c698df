public import HTMLScan

/// One place in the HTML that refers to an image.
public struct ImageOccurrence: Sendable, Equatable {
  /// Which part of an attribute value holds the URL.
  public enum Part: Sendable, Equatable {
    /// The whole value (`src`, `poster`, `href`, `data-src`).
    case whole
    /// One candidate of a srcset value (`srcset`, `data-srcset`).
    case candidate(Int)
    /// One `url()` of a style value.
    case styleURL(Int)
  }

  /// The URL as written, character references decoded, whitespace trimmed.
  public var url: String
  /// Absolute, or nil when it cannot be resolved.
  public var resolved: String?
  /// `ImageURL.canonical(resolved)`: the key images are fetched and de-duplicated by.
  public var canonical: String?
  /// Where it was found, in selector form: `img[src]`, `picture source[srcset]`, `noscript img[data-src]`.
  public var foundIn: String
  /// The start tag it is in, and the attribute.
  public var tag: Range<Int>
  public var attribute: String
  public var part: Part
}

/// What the finder saw of one start tag that holds image references, for the rewrite.
public struct ImageTag: Sendable, Equatable {
  public var tag: HTMLStartTag
  /// Inside `<picture>`, for `<source>`.
  public var inPicture: Bool
}

/// Every image an article's HTML refers to, in document order.
public struct FoundImages: Sendable {
  public var occurrences: [ImageOccurrence]
  /// The tags the occurrences are in, by their start offset.
  public var tags: [Int: ImageTag]
  /// The first `<base href>`, resolved against the record's URL.
  public var base: String?

  /// One reference per canonical URL (unresolvable ones by their text), the first occurrence's.
  public var distinct: [ImageOccurrence] {
    var seen = Set<String>()
    return occurrences.filter { seen.insert($0.canonical ?? $0.url).inserted }
  }
}

public enum ImageFinder {
  /// The attributes that hold a lazy-loaded image, in the order they are preferred.
  static let lazySource = ["data-src", "data-lazy-src", "data-original"]
  static let lazySrcset = ["data-srcset", "data-lazy-srcset"]

  /// Finds the images of `html`, resolving against `documentURL` overridden by the first `<base href>`.
  public static func find(in html: String, documentURL: String?) -> FoundImages {
    var tokenizer = HTMLTokenizer(html, valuesOf: valuesRead)
    var pending: [(tag: HTMLStartTag, context: String, inPicture: Bool)] = []
    var base: String?
    var pictureDepth = 0
    var noscriptDepth = 0
    while let token = tokenizer.next() {
      switch token {
      case .startTag(var tag):
        if needsEveryValue(tag) { tag.attributes = everyAttribute(of: tag, in: html) }
        // Names are compared only when their lengths match: most tags are none of these, and a
        // length is free where a failed string comparison is a call (this loop sees every tag).
        switch tag.name.utf8.count {
        case 4 where base == nil && tag.namespace == .html && tag.name == "base":
          if let href = tag.attribute("href")?.value { base = ImageURL.resolve(href, against: documentURL) }
        case 7 where !tag.selfClosing && tag.name == "picture": pictureDepth += 1
        case 8 where !tag.selfClosing && tag.name == "noscript": noscriptDepth += 1
        default: break
        }
        if holdsImages(tag) { pending.append((tag, noscriptDepth > 0 ? "noscript " : "", pictureDepth > 0)) }
      case .endTag(let name, _):
        switch name.utf8.count {
        case 7 where name == "picture": pictureDepth = max(0, pictureDepth - 1)
        case 8 where name == "noscript": noscriptDepth = max(0, noscriptDepth - 1)
        default: break
        }
      default:
        break
      }
    }
    // Parsed once: every reference of the page resolves against it.
    let documentBase = (base ?? documentURL).flatMap { ParsedURL(ImageURL.cleaned($0)) }
    var found = FoundImages(occurrences: [], tags: [:], base: base)
    for (tag, context, inPicture) in pending {
      let before = found.occurrences.count
      collect(tag, context: context, inPicture: inPicture, base: documentBase, into: &found.occurrences)
      if found.occurrences.count > before {
        found.tags[tag.range.lowerBound] = ImageTag(tag: tag, inPicture: inPicture)
      }
    }
    return found
  }

  /// The attributes whose values the finder and the embedder read on any tag. `href` is read
  /// only on `<base>` and SVG `<image>` (see `needsEveryValue`): decoding it everywhere would
  /// decode every link of the page.
  static let valuesRead: Set<String> = Set(
    ["src", "srcset", "style", "xlink:href", "type", "poster"] + lazySource + lazySrcset)

  private static func needsEveryValue(_ tag: HTMLStartTag) -> Bool {
    switch tag.name.utf8.count {
    case 4: return tag.name == "base"
    case 5: return tag.namespace == .svg && tag.name == "image"
    default: return false
    }
  }

  /// The tag's attributes with every value decoded: the tag alone tokenized again (its
  /// attributes do not depend on what is around it), ranges moved back into the page.
  private static func everyAttribute(of tag: HTMLStartTag, in html: String) -> [HTMLAttribute] {
    let utf8 = html.utf8
    let bytes = Array(
      utf8[
        utf8.index(
          utf8.startIndex, offsetBy: tag.range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: tag.range.upperBound)
      ])
    var tokenizer = HTMLTokenizer(bytes)
    guard case .startTag(let alone)? = tokenizer.next() else { return tag.attributes }
    return alone.attributes.map { attribute in
      var attribute = attribute
      attribute.valueRange = attribute.valueRange.map {
        ($0.lowerBound + tag.range.lowerBound)..<($0.upperBound + tag.range.lowerBound)
      }
      return attribute
    }
  }

  private static func holdsImages(_ tag: HTMLStartTag) -> Bool {
    switch tag.name.utf8.count {
    case 3 where tag.name == "img": return true
    case 5 where tag.name == "input" || tag.name == "video" || tag.name == "image": return true
    case 6 where tag.name == "source": return true
    default: return tag.attribute("style") != nil
    }
  }

  private static func collect(
    _ tag: HTMLStartTag, context: String, inPicture: Bool, base: ParsedURL?, into list: inout [ImageOccurrence]
  ) {
    let element =
      context
      + (tag.name == "source" && inPicture ? "picture source" : tag.namespace == .svg ? "svg \(tag.name)" : tag.name)
    func add(_ url: String, _ attribute: String, _ part: ImageOccurrence.Part) {
      let trimmed = url.trimmingASCIIWhitespace
      // A fragment alone is the page itself: fetching it finds HTML and fails the article.
      guard !trimmed.isEmpty, !isDataURL(trimmed), !ImageURL.isFragmentOnly(trimmed) else { return }
      let resolution = ImageURL.resolution(of: trimmed, against: base)
      list.append(
        ImageOccurrence(
          url: trimmed, resolved: resolution?.resolved, canonical: resolution?.canonical,
          foundIn: "\(element)[\(attribute)]",
          tag: tag.range, attribute: attribute, part: part))
    }
    func whole(_ name: String) {
      if let value = tag.attribute(name)?.value, !looksLikeJSON(value) { add(value, name, .whole) }
    }
    func srcset(_ name: String) {
      guard let value = tag.attribute(name)?.value, !looksLikeJSON(value) else { return }
      for (index, candidate) in Srcset.parse(value).enumerated() { add(candidate.url, name, .candidate(index)) }
    }
    switch (tag.name, tag.namespace) {
    case ("img", .html):
      whole("src")
      srcset("srcset")
      lazySource.forEach(whole)
      lazySrcset.forEach(srcset)
    case ("source", .html):
      srcset("srcset")
      lazySrcset.forEach(srcset)
      lazySource.forEach(whole)
    case ("input", .html) where tag.attribute("type")?.value.lowercased() == "image":
      whole("src")
    case ("video", .html):
      whole("poster")
    case ("image", .svg):
      whole("href")
      whole("xlink:href")
    default:
      break
    }
    if let style = tag.attribute("style")?.value {
      for (index, url) in StyleURLs.find(in: style).enumerated() { add(url, "style", .styleURL(index)) }
    }
  }

  /// `data:` in any case, without lower-casing the whole (often very long) value.
  static func isDataURL(_ value: String) -> Bool {
    var bytes = value.utf8.makeIterator()
    for expected in "data".utf8 {
      guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
    }
    return bytes.next() == UInt8(ascii: ":")
  }

  /// `{"1x": …}` or `[…]`: a lazy loader's configuration, not a URL.
  static func looksLikeJSON(_ value: String) -> Bool {
    guard let first = value.trimmingASCIIWhitespace.first else { return false }
    return first == "{" || first == "["
  }
}

extension String {
  var trimmingASCIIWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
