public import ArgumentParser
import Localization
public import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

struct RKPrune: ParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "rk-prune",
    abstract: tr("Keep the offline store within limits: how many articles, how many bytes, how old."),
    discussion: HelpText.discussion(
      tr(
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

        A prune that would leave the store empty (--keep 0, --max-size 0, an age every article \
        exceeds) removes nothing without --yes, as "rk-cache clear" asks for it; one that removes \
        only archived articles needs none.

        Limits not given on the command line come from the [rk-prune] section of the config file: \
        keep, max_size, older_than, strategy.
        """),
      environment: StoreOptions.environment,
      files: StoreOptions.files + [
        ("$XDG_CONFIG_HOME/readkeep/config", tr("Default limits: keep, max_size, older_than, strategy."))
      ],
      examples: [
        Example("rk-prune --keep 100", tr("The 100 most recently cached articles stay.")),
        Example("rk-prune --max-size 500MB --strategy lru", tr("Under 500 MB; the least recently read go first.")),
        Example("rk-prune --older-than 30d --keep 200 --dry-run", tr("What would go, without removing it.")),
        Example("rk-fetch | rk-cache store && rk-prune --keep 50", tr("Sync, then trim.")),
        Example("rk-push && rk-prune --archived --keep 200", tr("What was read and archived goes; at most 200 stay.")),
      ],
      exitStatuses: [
        (.success, tr("Done (also when nothing had to go).")),
        (
          .usage,
          tr(
            "No limit given (--archived counts as one), a limit that does not parse, or every article would go without --yes."
          )
        ),
        (.noInput, tr("No store at the path (rk-prune never creates one).")),
        (.ioError, tr("The store cannot be read or written.")),
        (.configError, tr("A limit in the config file does not parse.")),
      ]),
    version: Toolbox.version)

  @OptionGroup var store: StoreOptions

  @Option(
    help: NumberRange.limit.help(tr("Keep at most this many articles."), valueName: "count"),
    transform: NumberRange.limit.parse)
  var keep: Int?

  @Option(help: ArgumentHelp(tr("Keep the store under this size: 500MB, 1.5GB, 800kB, 2GiB."), valueName: "size"))
  var maxSize: String?

  @Option(help: ArgumentHelp(tr("Remove what is older than this: 90m, 12h, 30d, 2w."), valueName: "age"))
  var olderThan: String?

  @Option(
    help: ArgumentHelp(tr("Which articles go first: fifo, lru or largest (default: fifo)."), valueName: "strategy"))
  var strategy: PruneStrategy?

  @Flag(help: ArgumentHelp(tr("Remove the archived articles (those with a change still to push stay).")))
  var archived = false

  @Flag(help: ArgumentHelp(tr("Only say what would be removed."))) var dryRun = false

  @Flag(help: ArgumentHelp(tr("Remove every article if the limits say so (else such a prune is refused).")))
  var yes = false

  func validate() throws {
    if let maxSize, Formatting.bytes(maxSize) == nil {
      throw ValidationError(tr("--max-size is a size such as 500MB or 2GiB."))
    }
    if let olderThan, Formatting.duration(olderThan) == nil {
      throw ValidationError(tr("--older-than is an age such as 30d or 12h, up to 1000 years."))
    }
  }

  func run() throws {
    let diagnostics = store.common.diagnostics(for: "rk-prune")
    try runTool(diagnostics) {
      let (limits, strategy) = try resolveLimits()
      let offline = try store.open()
      let plan = try offline.prunePlan(limits, strategy: strategy)
      if !dryRun, !yes {
        // What any prune could remove: the store less the articles whose deletion is queued.
        let removable = try offline.prunePlan(PruneLimits(keep: 0), strategy: strategy).count
        try refuseEmptying(plan, articles: removable)
      }
      let removed = dryRun ? plan : try offline.prune(plan)
      let sink = OutputSink.standardOutput
      for record in removed { try sink.emit(record) }
      try sink.flush()
      let bytes = removed.reduce(0) { $0 + $1.bytes }
      let left = try offline.stats()
      diagnostics.info(
        summary(
          removed: removed.count, bytes: bytes, left: left.count - (dryRun ? removed.count : 0),
          leftBytes: left.bytes - (dryRun ? bytes : 0)))
    }
  }

  /// A limit of 0 empties the store at once, where "rk-cache clear" wants --yes: a plan that
  /// takes every article (of the `articles` a prune may remove) asks for it too, unless only the
  /// archived (already read) go.
  private func refuseEmptying(_ plan: [Pruned], articles: Int) throws {
    guard articles > 0, plan.count >= articles, plan.contains(where: { $0.reason != "archived" }) else { return }
    let size = Formatted.size(plan.reduce(0) { $0 + $1.bytes })
    // TRANSLATORS: {0} is how many articles the store holds, {1} their size.
    throw ToolError(
      .usage,
      tr(
        "this would remove every article in the store (\(articles), \(size)); give --yes to do so, or --dry-run to see them"
      ))
  }

  /// `pruned 2 articles, 3.2 kB; 4 left, 12.8 kB`, in the user's language.
  private func summary(removed: Int, bytes: Int, left: Int, leftBytes: Int) -> String {
    let (size, leftSize) = (Formatted.size(bytes), Formatted.size(leftBytes))
    if dryRun {
      return tr(
        one: "would prune \(removed) article, \(size); \(left) left, \(leftSize)",
        other: "would prune \(removed) articles, \(size); \(left) left, \(leftSize)", count: removed)
    }
    return tr(
      one: "pruned \(removed) article, \(size); \(left) left, \(leftSize)",
      other: "pruned \(removed) articles, \(size); \(left) left, \(leftSize)", count: removed)
  }

  /// The limits from the options, else from the config file; at least one is needed.
  private func resolveLimits() throws -> (PruneLimits, PruneStrategy) {
    let configuration = Configuration(tool: "rk-prune", file: try ConfigFile.load(app: "readkeep"))
    func configured<T>(_ key: String, _ parse: (String) -> T?, _ refusal: (String) -> String) throws -> T? {
      guard let setting = configuration.resolve(variable: nil, key: key) else { return nil }
      guard let value = parse(setting.value) else { throw ToolError(.configError, refusal("\(setting.source)")) }
      return value
    }
    let limits = PruneLimits(
      keep: try keep ?? configuration.resolve(variable: nil, key: "keep").map { try $0.number("keep", in: .limit) },
      maxBytes: try maxSize.flatMap(Formatting.bytes)
        ?? configured("max_size", Formatting.bytes) { tr("\($0): max_size must be a size such as 500MB") },
      olderThan: try olderThan.flatMap(Formatting.duration)
        ?? configured("older_than", Formatting.duration) {
          tr("\($0): older_than must be an age such as 30d, up to 1000 years")
        },
      archived: archived)
    guard limits != PruneLimits() else {
      throw ToolError(
        .usage, tr("no limit: give --archived, --keep, --max-size or --older-than (or set them in the config file)"))
    }
    let chosen =
      try strategy
      ?? configured("strategy", PruneStrategy.init(rawValue:)) { tr("\($0): strategy must be fifo, lru or largest") }
      ?? .fifo
    return (limits, chosen)
  }
}

extension PruneStrategy: ExpressibleByArgument {}
