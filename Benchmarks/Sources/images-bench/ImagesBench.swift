import ArgumentParser
import Foundation
import HTMLScan
import ImageExtraction

/// Tokenizing and image finding over a corpus of HTML pages held in memory, for
/// scripts/bench/images: best wall time of `--runs` passes per mode, and what was found.
@main
struct ImagesBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "images-bench",
    abstract: "Time HTMLTokenizer and ImageFinder over HTML files, for benchmarks (see scripts/bench/images).")

  @Option(help: "Passes per mode; the best one counts.") var runs = 3
  @Option(help: "The files' folder; each page's URL is --base-url plus its path under it.") var root: String
  @Option(help: "The URL the corpus is pretended to live at.") var baseURL = "https://example.org/"
  @Option(help: "Write one line per page (path, occurrences, distinct) to this file.") var counts: String?
  @Option(help: "Which passes to time, for profiling one alone: tokenize, tokenize-text, find.")
  var modes = "tokenize,tokenize-text,find"
  @Argument(help: "A file listing the pages, one path under --root per line.") var list: String

  func run() throws {
    let paths = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
    // Read everything first: the benchmark is the parsing, not the disk.
    let pages = try paths.map { path in
      let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
      return (path: path, bytes: [UInt8](data), text: String(decoding: data, as: UTF8.self), url: baseURL + path)
    }
    let total = pages.reduce(0) { $0 + $1.bytes.count }
    print("pages \(pages.count) bytes \(total)")

    let tags = measure("tokenize") {
      var count = 0
      for page in pages {
        var tokenizer = HTMLTokenizer(page.bytes)
        while tokenizer.next() != nil { count += 1 }
      }
      return count
    }
    let tokens = measure("tokenize-text") {
      var count = 0
      for page in pages {
        var tokenizer = HTMLTokenizer(page.bytes, text: true)
        while tokenizer.next() != nil { count += 1 }
      }
      return count
    }
    let occurrences = measure("find") {
      pages.reduce(0) { $0 + ImageFinder.find(in: $1.text, documentURL: $1.url).occurrences.count }
    }
    // Outside the timing: the per-page figures the script compares with Python's.
    guard modes.split(separator: ",").contains("find") else { return }
    var distinct = 0
    var resolved = 0
    var lines = ""
    for page in pages {
      let found = ImageFinder.find(in: page.text, documentURL: page.url)
      distinct += found.distinct.count
      resolved += found.occurrences.filter { $0.resolved != nil }.count
      lines += "\(page.path)\t\(found.occurrences.count)\t\(found.distinct.count)\n"
    }
    if let counts { try lines.write(toFile: counts, atomically: true, encoding: .utf8) }
    print("counts tags \(tags) tokens \(tokens) occurrences \(occurrences) distinct \(distinct) resolved \(resolved)")
  }

  /// Runs `body` `runs` times; prints "time <name> <best seconds>"; returns its result (0 when
  /// the mode is not among `--modes`).
  private func measure(_ name: String, _ body: () -> Int) -> Int {
    guard modes.split(separator: ",").contains(Substring(name)) else { return 0 }
    var best = Double.infinity
    var result = 0
    for _ in 0..<max(1, runs) {
      let clock = ContinuousClock()
      let start = clock.now
      result = body()
      let elapsed = start.duration(to: clock.now)
      best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    print("time \(name) \(best)")
    return result
  }
}
