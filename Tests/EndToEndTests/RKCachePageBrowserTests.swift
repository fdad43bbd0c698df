import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Pages in a real browser: headless Chromium, its network pointed at a recording server (the
/// Readeck fake, as proxy and as every URL the articles name), loads three stored articles that
/// use every kind of image reference, through a wrapper page that reads each image's natural
/// and rendered width. Every image must decode and show, and nothing may be requested.
@Suite(.serialized) struct RKCachePageBrowserTests {
  static let token = RKCacheReadingTests.token

  /// Three articles: every way an article refers to an image, lazy-loading leftovers, and what
  /// would reach the network if it were carried over.
  static func articles() -> [FakeBookmark] {
    var images: [String: [FakeImage]] = [:]
    func image(_ id: String, _ name: String, _ colour: UInt8) -> String {
      images[id, default: []].append(
        FakeImage.png(name: name, width: 40, height: 30, red: colour, green: 255 - colour, blue: 90))
      return "{root}/bm/\(id.prefix(2))/\(id)/_resources/\(name)"
    }
    let bait = """
      <script src="{root}/bait/script.js"></script><iframe src="{root}/bait/frame"></iframe>\
      <link rel="stylesheet" href="{root}/bait/style.css"><object data="{root}/bait/object"></object>\
      <audio src="{root}/bait/audio.mp3" autoplay></audio><meta http-equiv="refresh" content="0;url={root}/bait/refresh">\
      <img src="{root}/bait/handler.png" hidden onerror="fetch('{root}/bait/onerror')" style="display:none" alt="">
      """
    let first = "BrowserKindsFirst11111"
    let second = "BrowserLazySecond11111"
    let third = "BrowserMediaThird11111"
    let pixel = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
    let filler = String(
      repeating: "<p>Filler text that pushes the next image far below the first screen.</p>", count: 60)
    let htmlOne = """
      <h2>Plain, srcset, picture</h2><p><img src="\(image(first, "a.png", 10))" alt="plain"></p>\
      <p><img src="\(image(first, "b.png", 40))" srcset="\(image(first, "b.png", 40)) 1x, \(image(first, "c.png", 70)) 2x" alt="srcset"></p>\
      <picture><source srcset="\(image(first, "d.png", 100))" type="image/png"><img src="\(image(first, "e.png", 130))" alt="picture"></picture>\(bait)
      """
    let lazy = image(second, "f.png", 160)
    let htmlTwo = """
      <h2>Lazy</h2><img class="lazyload" src="\(pixel)" data-src="\(lazy)" alt="lazy">\
      <noscript><img src="\(lazy)" alt="noscript copy"></noscript>\
      <img data-srcset="\(image(second, "g.png", 190)) 1x" alt="lazy srcset">\(filler)\
      <img src="\(image(second, "h.png", 220))" loading="lazy" alt="far below">\
      <img src="\(image(second, "i.png", 250))" hidden style="opacity:0" alt="hidden">\(bait)
      """
    let htmlThree = """
      <h2>Styles and others</h2><div style="background-image:url('\(image(third, "j.png", 20))');width:40px;height:30px"></div>\
      <video poster="\(image(third, "k.png", 50))"></video>\
      <svg width="40" height="30"><image href="\(image(third, "l.png", 80))" width="40" height="30"/></svg>\
      <input type="image" src="\(image(third, "m.png", 110))" alt="input"><p><img src="\(image(third, "n.png", 140))" alt="plain three"></p>\(bait)
      """
    let created = Date(timeIntervalSince1970: 1_772_366_400)
    return [(first, htmlOne), (second, htmlTwo), (third, htmlThree)].enumerated().map { index, item in
      FakeBookmark(
        id: item.0, title: "Browser test \(index + 1)", url: "https://example.org/\(index)", siteName: "Example",
        created: created.addingTimeInterval(Double(-index * 60)), authors: ["Jane Doe"], articleHTML: item.1,
        images: images[item.0] ?? [])
    }
  }

  /// The images each page must show, by alt text.
  static let expected = [
    ["plain", "srcset", "picture"], ["lazy", "lazy srcset", "far below", "hidden"], ["plain three"],
  ]

  @Test(.needsChromium) func storedPagesShowEveryImageAndRequestNothing() async throws {
    let folder = TemporaryFolder.path("rk-browser-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let articles = Self.articles()
    try await withReadeck(articles, token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all"], environment: ["READECK_TOKEN": Self.token])
      let embedded = try run("rk-extract-images", ["--embed"], stdin: fetched.stdout)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: embedded.stdout).status == 0)
      for (index, article) in articles.enumerated() {
        let page = try run("rk-cache", ["page", "--db", db, article.id, "-o", folder + "/p\(index + 1).html"])
        #expect(page.status == 0, "\(page.stderr)")
      }
      // The wrapper page reads the pages' images once everything has loaded; the pages' own
      // policy keeps scripts out of them.
      let frames = (1...3).map { "<iframe src=\"p\($0).html\" width=\"1000\" height=\"700\"></iframe>" }
      let wrapper = """
        <!DOCTYPE html><html><body><pre id="out">pending</pre>\(frames.joined())
        <script>
        window.addEventListener('load', () => {
          const lines = [];
          for (const frame of document.querySelectorAll('iframe')) {
            const doc = frame.contentDocument;
            if (!doc) { lines.push(frame.getAttribute('src') + '|no document'); continue; }
            for (const img of doc.images) {
              lines.push(frame.getAttribute('src') + '|' + img.alt + '|' + img.naturalWidth + '|' + img.complete + '|' + img.offsetWidth);
            }
          }
          document.getElementById('out').textContent = lines.join('\\n');
        });
        </script></body></html>
        """
      try wrapper.write(toFile: folder + "/check.html", atomically: true, encoding: .utf8)
      let before = fake.requests.count

      let dom = try Self.chromium(["--dump-dom", "file://\(folder)/check.html"], proxy: fake.baseURL, folder: folder)
      #expect(dom.status == 0, "\(dom.stderr)")
      let out = dom.stdout.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first
      let lines = (out ?? "").split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
      for (index, alts) in Self.expected.enumerated() {
        let shown = lines.filter { $0.first == "p\(index + 1).html" }
        #expect(shown.map { String($0[1]) } == alts, "page \(index + 1): \(out ?? dom.stdout)")
        for image in shown {
          #expect((Int(image[2]) ?? 0) > 0 && image[3] == "true", "not decoded: \(image.joined(separator: "|"))")
          // Shown, too: an image hidden by the article's lazy-loading leftovers has no width on the page.
          #expect((Int(image[4]) ?? 0) > 0, "not shown: \(image.joined(separator: "|"))")
        }
      }

      let screenshot = NSTemporaryDirectory() + "rk-cache-page-screenshot.png"
      try? FileManager.default.removeItem(atPath: screenshot)
      let shot = try Self.chromium(
        ["--screenshot=\(screenshot)", "--window-size=1000,1400", "file://\(folder)/p1.html"], proxy: fake.baseURL,
        folder: folder)
      #expect(shot.status == 0, "\(shot.stderr)")
      let png = FileManager.default.contents(atPath: screenshot) ?? Data()
      #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47]))
      print("rk-cache page screenshot: \(screenshot)")

      // Every URL the articles name is the recording server's own; Chromium's own background
      // traffic (its updater, clock, sign-in) goes to other hosts through the same proxy and
      // is no request of the pages.
      let host = String(fake.baseURL.dropFirst("http://".count))
      let requested = fake.requests.dropFirst(before).filter { request in
        request.header("Host") == host || request.path.hasPrefix("/bait") || request.path.hasPrefix("/bm/")
          || request.path == host
      }
      #expect(requested.isEmpty, "the pages requested \(requested.map { "\($0.method) \($0.path)" })")
    }
  }

  /// An article that refers outside in every way a page can load something by itself, each
  /// reference a `/bait/` URL of the recording server; one stored image, and an ordinary link.
  static func hostileArticle() -> FakeBookmark {
    let id = "BrowserHostile11111111"
    let image = FakeImage.png(name: "kept.png", width: 40, height: 30, red: 200, green: 20, blue: 90)
    let box = "width:20px;height:20px"
    let html = """
      <p>Hostile start.</p>\
      <div style="background:url({root}/bait/style-url.png);\(box)"></div>\
      <div style="background:u\\72l('{root}/bait/style-escaped.png');\(box)"></div>\
      <div style="BACKGROUND-IMAGE:-webkit-image-set('{root}/bait/image-set.png' 1x);\(box)"></div>\
      <p style="cursor:url({root}/bait/cursor.cur),auto;list-style-image:url({root}/bait/list.png)">styled</p>\
      <style>@import url({root}/bait/import.css); @font-face { font-family: Bait; src: url({root}/bait/font.woff2) }\
       p { font-family: Bait; background: url({root}/bait/sheet.png) }</style>\
      <svg width="40" height="40"><image href="{root}/bait/svg-image.png" width="10" height="10"/>\
      <image xlink:href="{root}/bait/svg-xlink.png" width="10" height="10"/><use href="{root}/bait/sprite.svg#i"/>\
      <rect width="9" height="9" fill="url({root}/bait/fill.svg#p)" style="filter:url({root}/bait/filter.svg#f)"/>\
      <filter id="f"><feImage href="{root}/bait/fe-image.png"/></filter></svg>\
      <img srcset="{root}/bait/srcset.png 1x" alt="srcset only">\
      <picture><source srcset="{root}/bait/source.png"><img src="{root}/bait/picture.png" alt="picture"></picture>\
      <video poster="{root}/bait/poster.png" src="{root}/bait/video.mp4"><track default src="{root}/bait/track.vtt"></video>\
      <audio src="{root}/bait/audio.mp3" autoplay></audio><input type="image" src="{root}/bait/input.png" alt="input">\
      <table background="{root}/bait/table.png"><tr><td background="{root}/bait/cell.png">cell</td></tr></table>\
      <base href="{root}/bait/base/"><meta http-equiv="refresh" content="0;url={root}/bait/refresh">\
      <link rel="stylesheet" href="{root}/bait/link.css"><link rel="preload" as="image" href="{root}/bait/preload.png">\
      <iframe src="{root}/bait/iframe"></iframe><object data="{root}/bait/object"></object><embed src="{root}/bait/embed">\
      <img src="{root}/bm/\(id.prefix(2))/\(id)/_resources/kept.png" alt="kept">\
      <p><a href="{root}/bait/link-target">an ordinary link</a> Hostile end.</p>
      """
    return FakeBookmark(
      id: id, title: "Hostile", url: "https://example.org/hostile", siteName: "Example",
      created: Date(timeIntervalSince1970: 1_772_366_400), authors: ["Jane Doe"], articleHTML: html, images: [image])
  }

  @Test(.needsChromium) func aHostilePageWithoutItsPolicyRequestsNothingAndNeitherDoTheSiteAndTheBook() async throws {
    let folder = TemporaryFolder.path("rk-browser-hostile")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let article = Self.hostileArticle()
    try await withReadeck([article], token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all"], environment: ["READECK_TOKEN": Self.token])
      let embedded = try run("rk-extract-images", ["--embed"], stdin: fetched.stdout)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: embedded.stdout).status == 0)
      let page = try run("rk-cache", ["page", "--db", db, article.id, "-o", folder + "/page.html"])
      #expect(page.status == 0, "\(page.stderr)")
      let site = try run("rk-cache", ["export", "--db", db, "--site", folder + "/site"])
      #expect(site.status == 0, "\(site.stderr)")
      let book = try run("rk-cache", ["epub", "--db", db, article.id, "-o", folder + "/book.epub"])
      #expect(book.status == 0, "\(book.stderr)")

      // The policy is the second wall; the first must hold alone.
      let sitePage = folder + "/site/articles/" + article.id + ".html"
      for file in [folder + "/page.html", folder + "/site/index.html", sitePage] {
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"), "\(file) has no policy")
        let open = html.components(separatedBy: "\n").filter { !$0.contains("Content-Security-Policy") }
        try open.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
      }
      let before = fake.requests.count
      let netLog = folder + "/net-log.json"
      for (index, file) in [folder + "/page.html", folder + "/site/index.html", sitePage].enumerated() {
        let log = netLog + "\(index)"
        let dom = try Self.chromium(
          ["--log-net-log=\(log)", "--dump-dom", "file://\(file)"], proxy: fake.baseURL, folder: folder)
        #expect(dom.status == 0, "\(dom.stderr)")
        if file.hasSuffix("index.html") {
          #expect(dom.stdout.contains(">Hostile</a>"), "the index lists the article: \(dom.stdout)")
        } else {
          #expect(dom.stdout.contains("Hostile start.") && dom.stdout.contains("an ordinary link"), "\(dom.stdout)")
          #expect(dom.stdout.contains("href=\"\(fake.baseURL)/bait/link-target\""), "the link stays a link")
          #expect(dom.stdout.contains("src=\"data:image/png"), "the stored image is shown")
        }
        let requested = try Self.requestedURLs(inNetLog: log).filter { url in
          !(url.hasPrefix("file:") || url.hasPrefix("data:") || Self.isChromiumsOwn(url))
        }
        #expect(requested.isEmpty, "\(file) requested \(requested.sorted())")
      }
      // As proxy the server also sees Chromium's own traffic, which goes elsewhere.
      let received = fake.requests.dropFirst(before).filter { request in
        let target = request.method == "CONNECT" ? request.path : (request.header("Host") ?? "")
        return !Self.isChromiumsOwn("https://" + target)
      }.map { "\($0.method) \($0.path)" }
      #expect(received.isEmpty, "the recording server received \(received)")

      // A reader has no network policy to fall back on: the book's files hold no reference out.
      let unzipped = folder + "/book"
      #expect(try run("/usr/bin/python3", ["-m", "zipfile", "-e", folder + "/book.epub", unzipped]).status == 0)
      let host = String(fake.baseURL.dropFirst("http://".count))
      for file in try FileManager.default.subpathsOfDirectory(atPath: unzipped)
      where file.hasSuffix(".xhtml") || file.hasSuffix(".css") || file.hasSuffix(".opf") {
        let text = try String(contentsOfFile: unzipped + "/" + file, encoding: .utf8)
        let withoutLinks = text.replacingOccurrences(
          of: "<a [^>]*href=\"[^\"]*\"", with: "<a", options: .regularExpression)
        #expect(!withoutLinks.contains(host) && !withoutLinks.contains("/bait/"), "\(file) refers out: \(text)")
      }
    }
  }

  /// Every URL Chromium's network log names.
  static func requestedURLs(inNetLog path: String) throws -> Set<String> {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let log = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let events = log["events"] as? [[String: Any]]
    else { return ["unreadable net log"] }
    var urls = Set<String>()
    for event in events {
      guard let params = event["params"] as? [String: Any] else { continue }
      for key in ["url", "original_url"] { if let url = params[key] as? String { urls.insert(url) } }
    }
    return urls
  }

  /// Chromium's own background traffic (updater, clock, accounts), which no page names.
  static func isChromiumsOwn(_ url: String) -> Bool {
    guard let host = URL(string: url)?.host?.lowercased() else { return false }
    return ["google.com", "googleapis.com", "gvt1.com", "gstatic.com"].contains {
      host == $0 || host.hasSuffix("." + $0)
    }
  }

  /// Headless Chromium with its proxy at the recording server (loopback included), no
  /// background traffic, a profile of its own; bounded by `timeout` so a hung browser fails the test.
  static func chromium(_ arguments: [String], proxy: String, folder: String) throws -> ToolRun {
    let profile = folder + "/chromium-profile"
    return try run(
      "/usr/bin/timeout",
      [
        "120", "/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
        "--proxy-server=\(proxy)", "--proxy-bypass-list=<-loopback>", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
        "--disable-extensions", "--disable-default-apps", "--no-pings", "--disable-domain-reliability",
        "--disable-client-side-phishing-detection", "--disable-features=NetworkTimeServiceQuerying,OptimizationHints",
        "--disable-dev-shm-usage", "--user-data-dir=\(profile)", "--virtual-time-budget=10000",
      ] + arguments, environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config"])
  }
}
