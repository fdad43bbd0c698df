import Foundation
import HTMLScan
import OfflineStore

/// An article's HTML made safe and whole for reading offline: what runs code or loads another
/// document goes (scripts, iframes, objects, event-handler attributes, `javascript:` links), and
/// what lazy loading left behind stops hiding the article's own images (placeholders dropped, the
/// real image put into `src`, `loading`, `hidden` and hiding styles removed, `<noscript>`
/// unwrapped because a browser with scripting on never shows it). Nothing that stays may load
/// anything from outside the page: a reference a browser fetches by itself (`src`, `srcset`,
/// `poster`, `background`, an SVG `href`, a CSS `url()` in a `style` or presentation attribute)
/// stays only when it is local — a `data:` URI, a stored image, a `#fragment` — while links (`<a
/// href>`) stay links. Every other byte stays.
public enum ArticleCleaner {
  /// Elements dropped with everything inside them.
  static let dropped: Set<String> = [
    "script", "style", "iframe", "frame", "frameset", "object", "applet", "template", "noembed", "noframes", "embed",
    "base", "meta", "link", "portal", "fencedframe", "title", "head",
  ]
  /// Attributes that hold a lazily loaded image, as `rk-extract-images` knows them.
  static let lazySource = ["data-src", "data-lazy-src", "data-original"]
  static let lazySrcset = ["data-srcset", "data-lazy-srcset"]
  static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href", "poster", "background"]
  /// Attributes whose URL a browser fetches by itself, on whatever element they stand; `href`
  /// and `xlink:href` too, but on a link (see ``isLink(_:)``).
  static let fetchedAttributes: Set<String> = [
    "src", "poster", "background", "data", "lowsrc", "dynsrc", "codebase", "manifest", "archive", "classid", "profile",
    "icon", "imagesrcset", "href", "xlink:href",
  ]
  /// Attributes of SVG animations that write values into the attribute they animate.
  static let animationValues = ["to", "from", "by", "values"]

  /// The cleaned HTML. `title`: a first `<h1>` saying just that is dropped, since the page's
  /// header shows it. `isRealImage` says whether a `src` value is an image worth showing (a
  /// stored image that is not a one-pixel placeholder, say).
  public static func clean(_ html: String, title: String? = nil, isRealImage: (String) -> Bool) -> String {
    withoutActuallyEscaping(isRealImage) { isRealImage in
      var pass = Pass(Array(html.utf8), title: title, isRealImage: isRealImage)
      return pass.run()
    }
  }

  /// The tag as it goes into the page, nil to drop it.
  static func cleaned(
    _ tag: HTMLStartTag, source: [UInt8], inNoscript: Bool, inPicture: Bool, lastImage: inout String?,
    _ isRealImage: (String) -> Bool
  ) -> [UInt8]? {
    var remove = Set<String>()
    var add: [(String, String)] = []
    for attribute in tag.attributes {
      let name = attribute.name
      if name.hasPrefix("on") || name == "srcdoc" || name == "integrity" || name == "nonce" || name == "ping"
        || name == "formaction" || name == "http-equiv" || name == "attributionsrc"
      {
        remove.insert(name)
      } else if urlAttributes.contains(name), isScriptURL(attribute.value) {
        remove.insert(name)
      } else if tag.namespace == .svg, tag.name == "use", name == "href" || name == "xlink:href",
        !attribute.value.trimmed.hasPrefix("#")
      {
        // `<use>` copies what it names into the page: a data: document may itself load from outside.
        remove.insert(name)
      } else if fetchedAttributes.contains(name), !isLink(tag), !isLocal(attribute.value) {
        remove.insert(name)
      } else if tag.namespace != .html, name != "style", !fetchedAttributes.contains(name),
        StyleReferences.refersOutside(attribute.value, isLocal: isLocal)
      {
        // An SVG presentation attribute is CSS: `fill="url(https://…#p)"` loads a document.
        remove.insert(name)
      }
    }
    // An SVG animation of a link's target writes its values into the link: a `javascript:` one
    // among them makes a `javascript:` link. The `;` between values is looked for among scalars,
    // as a browser does: a Prepend character before it must not join two values.
    if tag.namespace == .svg, tag.name == "set" || tag.name == "animate",
      let target = tag.attribute("attributename")?.value.trimmed.lowercased(), urlAttributes.contains(target)
    {
      for name in animationValues {
        if let value = tag.attribute(name)?.value,
          value.unicodeScalars.split(separator: ";", omittingEmptySubsequences: true).contains(where: {
            isScriptURL(String($0)) || !isLocal(String($0))
          })
        {
          remove.insert(name)
        }
      }
    }
    if tag.name == "img" || tag.name == "source" || tag.name == "picture" || tag.name == "figure" {
      // Lazy loading hides images with attributes and styles its script would have changed.
      for name in ["loading", "hidden", "style", "decoding"] where tag.attribute(name) != nil { remove.insert(name) }
    }
    if tag.name == "img" && tag.namespace == .html {
      let src = tag.attribute("src")?.value.trimmed ?? ""
      let lazy = lazySource.lazy.compactMap { tag.attribute($0)?.value.trimmed }.first(where: isRealImage)
      let lazySet = lazySrcset.lazy.compactMap { tag.attribute($0)?.value }.first { value in
        Srcset.parse(value).contains { isRealImage($0.url) }
      }
      var shown = isRealImage(src) ? src : nil
      if shown == nil, let lazy {
        remove.insert("src")
        add.append(("src", lazy))
        shown = lazy
      }
      let srcset = tag.attribute("srcset")?.value
      if srcset.map({ Srcset.parse($0).contains { isRealImage($0.url) } }) != true, let lazySet {
        remove.insert("srcset")
        add.append(("srcset", lazySet))
        if shown == nil { shown = Srcset.parse(lazySet).first { isRealImage($0.url) }?.url }
      } else if shown == nil, let srcset {
        shown = Srcset.parse(srcset).first { isRealImage($0.url) }?.url
      }
      let isLazy =
        !(lazySource + lazySrcset).allSatisfy { tag.attribute($0) == nil }
        || tag.attribute("class")?.value.lowercased().contains("lazy") == true
      // A placeholder of a lazy image whose real one is not here (its <noscript> copy, when
      // there is one, follows and shows it), or an image that was never stored, which the page
      // may not load: its alt text says what was there. In a <picture>, a source may show it.
      if shown == nil && !inPicture {
        let alt = tag.attribute("alt")?.value.trimmed ?? ""
        return isLazy || alt.isEmpty ? [] : Array("[\(Markup.text(alt))]".utf8)
      }
      // The <noscript> copy of the image just shown.
      if inNoscript, let shown, shown == lastImage { return nil }
      if !inNoscript { lastImage = shown }
      remove.formUnion(lazySource + lazySrcset)
    }
    if tag.name == "source" {
      if let lazySet = lazySrcset.lazy.compactMap({ tag.attribute($0)?.value }).first, tag.attribute("srcset") == nil {
        add.append(("srcset", lazySet))
      }
      remove.formUnion(lazySource + lazySrcset)
    }
    if !remove.contains("style"), let style = tag.attribute("style")?.value {
      switch StyleReferences.keepingLocal(style, isLocal: isLocal) {
      case nil: remove.insert("style")
      case style?: break
      case let kept?:
        remove.insert("style")
        add.append(("style", kept))
      }
    }
    // What a srcset, kept or put in from a lazy attribute, offers from outside goes.
    if let index = add.firstIndex(where: { $0.0 == "srcset" }) {
      if let local = localSrcset(add[index].1) { add[index].1 = local } else { add.remove(at: index) }
    } else if !remove.contains("srcset"), let srcset = tag.attribute("srcset")?.value {
      let local = localSrcset(srcset)
      if local != srcset {
        remove.insert("srcset")
        if let local { add.append(("srcset", local)) }
      }
    }
    let present = remove.filter { tag.attribute($0) != nil }
    guard !present.isEmpty || !add.isEmpty else { return Array(source[tag.range]) }
    return TagSource(source[tag.range]).written(keeping: { !present.contains($0) }, adding: add)
  }

  /// Whether the element's `href` is a link the reader follows rather than something it loads.
  static func isLink(_ tag: HTMLStartTag) -> Bool {
    (tag.name == "a" && tag.namespace != .mathml) || (tag.name == "area" && tag.namespace == .html)
  }

  /// Whether a URL stays inside the page: empty (the page itself), a `#fragment`, a `data:` URI,
  /// or a stored image (`rk-blob:` and its hash, a `data:` URI once the page is written). Read as
  /// a browser's URL parser reads it: surrounding controls and spaces, and tabs and newlines
  /// anywhere, do not count.
  public static func isLocal(_ value: String) -> Bool {
    var scalars = Array(value.unicodeScalars)
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    let url = String(String.UnicodeScalarView(scalars)).lowercased()
    if url.isEmpty || url.hasPrefix("#") || url.hasPrefix("data:") { return true }
    guard url.hasPrefix(StoredArticle.imageMarker) else { return false }
    let hash = url.dropFirst(StoredArticle.imageMarker.count)
    return !hash.isEmpty && hash.allSatisfy(\.isHexDigit)
  }

  /// A srcset with only its local candidates, nil when none is.
  static func localSrcset(_ value: String) -> String? {
    // Always written anew: a candidate Srcset.parse passes over might still be one a browser reads.
    let local = Srcset.parse(value).filter { isLocal($0.url) }
    return local.isEmpty ? nil : Srcset.serialize(local)
  }

  static func isScriptURL(_ value: String) -> Bool {
    // A browser's URL parser strips leading C0 controls (`\u{1}javascript:` runs), not only
    // white space, so every control character goes before the scheme is compared.
    let scalars = value.lowercased().unicodeScalars.filter { $0.value > 0x20 && !$0.properties.isWhitespace }
    // Compared as scalars: a combining mark after the colon must not hide the scheme.
    return scalars.starts(with: "javascript:".unicodeScalars) || scalars.starts(with: "vbscript:".unicodeScalars)
  }
}

extension String {
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
