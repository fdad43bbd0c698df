import ArgumentParser
public import ToolKit

struct ReadeckFakeCommand: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "readeck-fake",
    abstract: "Serve sample articles over the Readeck API on 127.0.0.1, for demos and benchmarks.",
    discussion: HelpText.discussion(
      """
      Starts a Readeck-protocol server (the API of Readeck 0.22.3: bookmark list with \
      pagination, articles, the bulk multipart sync route, PATCH of a bookmark, images under /bm/ without \
      authentication) with a deterministic library of sample articles and real PNG images. \
      It binds 127.0.0.1 only, prints its base URL as the first line of standard output, and \
      serves until it is interrupted or terminated.
      """,
      examples: [
        Example(
          "readeck-fake --count 100 --latency-ms 50 --token demo > url.txt &",
          "100 articles, 50 ms added to every request; the base URL lands in url.txt."),
        Example(
          "rk-fetch --server \"$(head -1 url.txt)\" --limit 0", "Sync them all (READECK_TOKEN=demo)."),
      ],
      exitStatuses: [(.success, "Stopped by a signal."), (.failure, "The server could not start.")]),
    version: Toolbox.version)

  @Option(help: ArgumentHelp("How many sample articles.", valueName: "n")) var count = 20
  @Option(help: ArgumentHelp("Images per article.", valueName: "n")) var images = 5
  @Option(help: ArgumentHelp("The API token clients must send.", valueName: "token")) var token = "demo"
  @Option(help: ArgumentHelp("Milliseconds added to every request.", valueName: "ms")) var latencyMs = 0
  @Option(help: ArgumentHelp("A path prefix to serve under, e.g. /readeck.", valueName: "path")) var prefix = ""

  func validate() throws {
    if count < 0 || images < 0 || latencyMs < 0 {
      throw ValidationError("--count, --images and --latency-ms cannot be negative.")
    }
    if !prefix.isEmpty && (!prefix.hasPrefix("/") || prefix.hasSuffix("/")) {
      throw ValidationError("--prefix starts with / and does not end with one, e.g. /readeck.")
    }
  }

  func run() async throws {
    let fake = try await FakeReadeck.start(
      bookmarks: FakeReadeck.sampleLibrary(count: count, imagesPerArticle: images), token: token, prefix: prefix,
      latencyMilliseconds: latencyMs)
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    try sink.write(fake.baseURL + "\n")
    await SignalWait.untilInterruptedOrTerminated()
    try await fake.stop()
  }
}

extension ToolEntry {
  /// `readeck-fake`, for its own executable and for rk-ail.
  public static let readeckFake = ToolEntry("readeck-fake", ReadeckFakeCommand.self)
}
