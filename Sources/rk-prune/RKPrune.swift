public import ArgumentParser
public import OfflineStore
import StoreCommandLine
import ToolKit
import Wire

@main
struct RKPrune: ParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk-prune",
    abstract: "Keep the offline store within limits: how many articles, how many bytes, how old.",
    discussion: HelpText.discussion(
      """
      Removes articles until every limit given holds: first the archived ones with --archived \
      (archived on the server, or archived offline with the change already pushed: an article \
      with a change rk-push has yet to send stays), then those older than --older-than, then \
      as many as --keep demands, then as many as --max-size demands, each time in the order \
      --strategy sets (fifo: oldest cached first, the original app's rule; lru: least recently \
      read first; largest: largest first). Sizes count as "rk-cache stats" counts them: each \
      article's HTML and its images. An image shared by several articles goes with the last of \
      them. Writes one "pruned" record (id, title, bytes, reason) per article on standard output \
      and a summary on standard error; --dry-run only writes what it would remove.

      Limits not given on the command line come from the [rk-prune] section of the config file: \
      keep, max_size, older_than, strategy.
      """,
      environment: StoreOptions.environment,
      files: StoreOptions.files + [
        ("$XDG_CONFIG_HOME/readkeep/config", "Default limits: keep, max_size, older_than, strategy.")
      ],
      examples: [
        Example("rk-prune --keep 100", "The 100 most recently cached articles stay."),
        Example("rk-prune --max-size 500MB --strategy lru", "Under 500 MB; the least recently read go first."),
        Example("rk-prune --older-than 30d --keep 200 --dry-run", "What would go, without removing it."),
        Example("rk-fetch | rk-cache store && rk-prune --keep 50", "Sync, then trim."),
        Example("rk-push && rk-prune --archived --keep 200", "What was read and archived goes; at most 200 stay."),
      ],
      exitStatuses: [
        (.success, "Done (also when nothing had to go)."),
        (.usage, "No limit given (--archived counts as one), or a limit that does not parse."),
        (.noInput, "No store at the path (rk-prune never creates one)."),
        (.ioError, "The store cannot be read or written."),
        (.configError, "A limit in the config file does not parse."),
      ]),
    version: Toolbox.version)

  @OptionGroup var store: StoreOptions

  @Option(
    help: NumberRange.limit.help("Keep at most this many articles.", valueName: "count"),
    transform: NumberRange.limit.parse)
  var keep: Int?

  @Option(help: ArgumentHelp("Keep the store under this size: 500MB, 1.5GB, 800kB, 2GiB.", valueName: "size"))
  var maxSize: String?

  @Option(help: ArgumentHelp("Remove what is older than this: 90m, 12h, 30d, 2w.", valueName: "age"))
  var olderThan: String?

  @Option(help: ArgumentHelp("Which articles go first: fifo, lru or largest (default: fifo).", valueName: "strategy"))
  var strategy: PruneStrategy?

  @Flag(help: "Remove the archived articles (those with a change still to push stay).") var archived = false

  @Flag(help: "Only say what would be removed.") var dryRun = false

  func validate() throws {
    if let maxSize, Formatting.bytes(maxSize) == nil {
      throw ValidationError("--max-size is a size such as 500MB or 2GiB.")
    }
    if let olderThan, Formatting.duration(olderThan) == nil {
      throw ValidationError("--older-than is an age such as 30d or 12h, up to 1000 years.")
    }
  }

  func run() throws {
    let diagnostics = store.common.diagnostics(for: "rk-prune")
    try runTool(diagnostics) {
      let (limits, strategy) = try resolveLimits()
      let offline = try store.open()
      let plan = try offline.prunePlan(limits, strategy: strategy)
      let removed = dryRun ? plan : try offline.prune(plan)
      let sink = OutputSink.standardOutput
      for record in removed { try sink.emit(record) }
      try sink.flush()
      let bytes = removed.reduce(0) { $0 + $1.bytes }
      let stats = try offline.stats()
      let articles = "\(removed.count) article\(removed.count == 1 ? "" : "s")"
      diagnostics.info(
        (dryRun
          ? "would prune \(articles), \(Formatting.size(bytes))" : "pruned \(articles), \(Formatting.size(bytes))")
          + "; \(stats.count - (dryRun ? removed.count : 0)) left, \(Formatting.size(stats.bytes - (dryRun ? bytes : 0)))"
      )
    }
  }

  /// The limits from the options, else from the config file; at least one is needed.
  private func resolveLimits() throws -> (PruneLimits, PruneStrategy) {
    let configuration = Configuration(tool: "rk-prune", file: try ConfigFile.load(app: "readkeep"))
    func configured<T>(_ key: String, _ parse: (String) -> T?, _ what: String) throws -> T? {
      guard let setting = configuration.resolve(variable: nil, key: key) else { return nil }
      guard let value = parse(setting.value) else {
        throw ToolError(.configError, "\(setting.source): \(key) must be \(what)")
      }
      return value
    }
    let limits = PruneLimits(
      keep: try keep ?? configuration.resolve(variable: nil, key: "keep").map { try $0.number("keep", in: .limit) },
      maxBytes: try maxSize.flatMap(Formatting.bytes)
        ?? configured("max_size", Formatting.bytes, "a size such as 500MB"),
      olderThan: try olderThan.flatMap(Formatting.duration)
        ?? configured("older_than", Formatting.duration, "an age such as 30d, up to 1000 years"),
      archived: archived)
    guard limits != PruneLimits() else {
      throw ToolError(
        .usage, "no limit: give --archived, --keep, --max-size or --older-than (or set them in the config file)")
    }
    let chosen = try strategy ?? configured("strategy", PruneStrategy.init(rawValue:), "fifo, lru or largest") ?? .fifo
    return (limits, chosen)
  }
}

extension PruneStrategy: ExpressibleByArgument {}
