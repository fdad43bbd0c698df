import Foundation
import HTMLScan

/// Rewrites an article so that it renders with no network: downloaded images become `data:`
/// URIs. Only the attribute values that must change are replaced (by byte range); every other
/// byte stays, so embedding twice changes nothing more.
public struct Embedder {
  public enum OnFail: String, Sendable, CaseIterable { case keep, remove }

  public struct Options: Sendable {
    public var onFail: OnFail
    /// Keep only the widest srcset candidate (no wider than `maxWidth` when set).
    public var bestCandidate: Bool
    public var maxWidth: Int?
    /// Embedded bytes per article; images past it keep their URL.
    public var maxArticleBytes: Int

    public init(
      onFail: OnFail = .keep, bestCandidate: Bool = false, maxWidth: Int? = nil, maxArticleBytes: Int = 50_000_000
    ) {
      self.onFail = onFail
      self.bestCandidate = bestCandidate
      self.maxWidth = maxWidth
      self.maxArticleBytes = maxArticleBytes
    }
  }

  /// What the rewrite needs of a canonical URL: the data URI, or nil when it failed.
  public typealias DataURI = (String) -> String?

  let options: Options

  public init(options: Options) { self.options = options }

  /// The rewritten HTML, and the canonical URLs left pointing at the network because of the
  /// per-article cap.
  public func embed(_ html: String, found: FoundImages, dataURI: DataURI) -> (html: String, overCap: Set<String>) {
    let source = Array(html.utf8)
    var budget = options.maxArticleBytes
    var overCap = Set<String>()
    var cache: [String: String?] = [:]
    // Every copy written counts against the budget: an image referenced a thousand times is a
    // thousand copies in the HTML.
    func uri(_ occurrence: ImageOccurrence) -> String? {
      guard let key = occurrence.canonical else { return nil }
      let data: String?
      if let known = cache[key] {
        data = known
      } else {
        data = dataURI(key)
        cache[key] = data
      }
      guard let data else { return nil }
      guard data.utf8.count <= budget else {
        overCap.insert(key)
        return nil
      }
      budget -= data.utf8.count
      return data
    }

    var edits: [Edit] = []
    let byTag = Dictionary(grouping: found.occurrences, by: { $0.tag.lowerBound })
    for (start, occurrences) in byTag {
      guard let imageTag = found.tags[start] else { continue }
      edits += rewrite(imageTag.tag, occurrences, source: source, uri: uri)
    }
    return (String(decoding: Edit.apply(edits, to: source), as: UTF8.self), overCap)
  }

  private func rewrite(
    _ tag: HTMLStartTag, _ occurrences: [ImageOccurrence], source: [UInt8], uri: (ImageOccurrence) -> String?
  ) -> [Edit] {
    var values: [String: String] = [:]  // attribute → new value
    var remove = Set<String>()
    for (attribute, list) in Dictionary(grouping: occurrences, by: \.attribute) {
      guard let current = tag.attribute(attribute)?.value else { continue }
      switch list[0].part {
      case .whole:
        if let data = uri(list[0]) {
          values[attribute] = data
        } else if options.onFail == .remove {
          values[attribute] = ""
        }
      case .candidate:
        values[attribute] = rewriteSrcset(current, list, uri: uri)
      case .styleURL:
        values[attribute] = rewriteStyle(current, list, uri: uri)
      }
    }
    promoteLazy(tag, &values, &remove)
    let changed = values.filter { tag.attribute($0.key)?.value != $0.value }
    guard !changed.isEmpty || !remove.isEmpty else { return [] }
    // Subresource integrity would reject the rewritten bytes.
    if tag.attribute("integrity") != nil { remove.insert("integrity") }

    var edits: [Edit] = []
    var insertions = ""
    for (name, value) in changed.sorted(by: { $0.key < $1.key }) {
      if let attribute = tag.attribute(name), let range = attribute.valueRange {
        edits.append(Edit.replacing(value: value, at: range, in: source))
      } else {
        insertions += " \(name)=\"\(Edit.escape(value))\""
      }
    }
    for name in remove.sorted() {
      if let range = Edit.wholeAttribute(name, of: tag, in: source) {
        edits.append(Edit(range: range, replacement: []))
      }
    }
    if !insertions.isEmpty {
      // New attributes go right after the tag name as written (`<image>` is reported as img),
      // where no other edit can be.
      var at = tag.range.lowerBound + 1
      while at < tag.range.upperBound - 1, !Edit.isSpace(source[at]), source[at] != UInt8(ascii: "/"),
        source[at] != UInt8(ascii: ">")
      {
        at += 1
      }
      edits.append(Edit(range: at..<at, replacement: Array(insertions.utf8)))
    }
    return edits
  }

  private func rewriteSrcset(_ value: String, _ occurrences: [ImageOccurrence], uri: (ImageOccurrence) -> String?)
    -> String
  {
    var candidates = Srcset.parse(value)
    var embedded: [Int] = []
    for occurrence in occurrences {
      guard case .candidate(let index) = occurrence.part, index < candidates.count else { continue }
      if let data = uri(occurrence) {
        candidates[index].url = data
        embedded.append(index)
      }
    }
    if options.bestCandidate, let best = bestCandidate(candidates, among: embedded) {
      return Srcset.serialize([candidates[best]])
    }
    if options.onFail == .remove {
      candidates = candidates.filter { $0.url.hasPrefix("data:") }
    }
    return Srcset.serialize(candidates)
  }

  /// The widest embedded candidate no wider than the cap (densities count as widths relative to 1x).
  private func bestCandidate(_ candidates: [SrcsetCandidate], among embedded: [Int]) -> Int? {
    func width(_ candidate: SrcsetCandidate) -> Double { candidate.width.map(Double.init) ?? (candidate.density ?? 1) }
    let usable = embedded.filter { index in
      guard let cap = options.maxWidth, let width = candidates[index].width else { return true }
      return width <= cap
    }
    return (usable.isEmpty ? embedded : usable).max { width(candidates[$0]) < width(candidates[$1]) }
  }

  private func rewriteStyle(_ value: String, _ occurrences: [ImageOccurrence], uri: (ImageOccurrence) -> String?)
    -> String
  {
    let located = StyleURLs.locate(in: value)
    var result = value
    // From the last so that earlier ranges stay valid.
    for occurrence in occurrences.reversed() {
      guard case .styleURL(let index) = occurrence.part, index < located.count, let data = uri(occurrence) else {
        continue
      }
      let range = located[index].range
      let lower = result.index(
        result.startIndex, offsetBy: value.distance(from: value.startIndex, to: range.lowerBound))
      let upper = result.index(lower, offsetBy: value.distance(from: range.lowerBound, to: range.upperBound))
      result.replaceSubrange(lower..<upper, with: data)
    }
    return result
  }

  /// A lazy image renders with no JavaScript: the lazy URL's image goes into an empty or
  /// placeholder `src`/`srcset`, and the lazy attributes, now redundant, are dropped.
  private func promoteLazy(_ tag: HTMLStartTag, _ values: inout [String: String], _ remove: inout Set<String>) {
    guard tag.name == "img" || tag.name == "source" else { return }
    func isPlaceholder(_ name: String) -> Bool {
      guard let value = tag.attribute(name)?.value.trimmingASCIIWhitespace else { return true }
      return value.isEmpty || value.lowercased().hasPrefix("data:")
    }
    if tag.name == "img", isPlaceholder("src"),
      let lazy = ImageFinder.lazySource.first(where: { values[$0]?.hasPrefix("data:") == true })
    {
      values["src"] = values[lazy]
      values[lazy] = nil
      remove.insert(lazy)
    }
    if isPlaceholder("srcset"), let lazy = ImageFinder.lazySrcset.first(where: { values[$0] != nil }),
      let promoted = values[lazy], Srcset.parse(promoted).contains(where: { $0.url.hasPrefix("data:") })
    {
      values["srcset"] = promoted
      values[lazy] = nil
      remove.insert(lazy)
    }
  }
}

/// A replacement of a byte range of the source.
struct Edit {
  var range: Range<Int>
  var replacement: [UInt8]

  /// A new attribute value in place of the old one, quoted as before (double quotes added to an
  /// unquoted value) and escaped for its quotes.
  static func replacing(value: String, at range: Range<Int>, in source: [UInt8]) -> Edit {
    let before = range.lowerBound > 0 ? source[range.lowerBound - 1] : 0
    if before == UInt8(ascii: "'") {
      return Edit(range: range, replacement: Array(escape(value, quote: "'").utf8))
    }
    if before == UInt8(ascii: "\"") { return Edit(range: range, replacement: Array(escape(value).utf8)) }
    return Edit(range: range, replacement: Array("\"\(escape(value))\"".utf8))
  }

  /// `&` and the quote the value stands in (only those: the value goes back where a quote ends it).
  static func escape(_ value: String, quote: Unicode.Scalar = "\"") -> String {
    HTMLEscape.escaped(value, quote == "'" ? .singleQuote : .doubleQuote)
  }

  /// The bytes of `name="value"` and the whitespace before it, found back from the value's range.
  static func wholeAttribute(_ name: String, of tag: HTMLStartTag, in source: [UInt8]) -> Range<Int>? {
    guard let range = tag.attribute(name)?.valueRange else { return nil }
    var end = range.upperBound
    var start = range.lowerBound
    if start > 0, source[start - 1] == UInt8(ascii: "\"") || source[start - 1] == UInt8(ascii: "'") {
      start -= 1
      end += 1
    }
    func skipSpace() { while start > tag.range.lowerBound, isSpace(source[start - 1]) { start -= 1 } }
    skipSpace()
    guard start > 0, source[start - 1] == UInt8(ascii: "=") else { return nil }
    start -= 1
    skipSpace()
    // The name as written, which may differ in length from the reported one (U+FFFD for NUL).
    while start > tag.range.lowerBound + 1, !isSpace(source[start - 1]), source[start - 1] != UInt8(ascii: "/") {
      start -= 1
    }
    guard start > tag.range.lowerBound + 1 else { return nil }
    skipSpace()
    return start..<end
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0c || byte == 0x0d
  }

  static func apply(_ edits: [Edit], to source: [UInt8]) -> [UInt8] {
    guard !edits.isEmpty else { return source }
    var output: [UInt8] = []
    output.reserveCapacity(source.count + edits.reduce(0) { $0 + $1.replacement.count })
    var cursor = 0
    for edit in edits.sorted(by: {
      ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
    })
    where edit.range.lowerBound >= cursor {
      output += source[cursor..<edit.range.lowerBound]
      output += edit.replacement
      cursor = edit.range.upperBound
    }
    output += source[cursor...]
    return output
  }
}
