public import ArgumentParser

// `--timeout`, `--retries` and `--retry-delay` are declared here once, so that they parse, refuse
// and read alike in every tool that sends requests; a tool states only its defaults and its words
// for them (what one request is differs from tool to tool). Each option is a group of its own
// because not every tool has all three (ail-ai has no `--timeout`, ail-transcribe no
// `--retry-delay`); `RetryOptions` is the three together. The names are spelled out so that the
// values can read as what they are (`timeout.seconds`, `retries.count`).

/// A tool's `--timeout`: its default and what one request is for this tool.
public protocol TimeoutDefault {
  static var timeoutDefault: (seconds: Double, help: String) { get }
}

/// A tool's `--retries`: its default and what is retried.
public protocol RetriesDefault {
  static var retriesDefault: (count: Int, help: String) { get }
}

/// A tool's `--retry-delay`: its default and how the later retries wait.
public protocol RetryDelayDefault {
  static var retryDelayDefault: (seconds: Double, help: String) { get }
}

/// What a tool with all three options states about them.
public typealias RetryDefaults = TimeoutDefault & RetriesDefault & RetryDelayDefault

/// `--timeout <seconds>`: how long one request may take.
public struct TimeoutOption<Tool: TimeoutDefault>: ParsableArguments, Sendable {
  @Option(
    name: .customLong("timeout"),
    help: NumberRange.timeout.help(
      Tool.timeoutDefault.help, valueName: "seconds", default: Tool.timeoutDefault.seconds),
    transform: NumberRange.timeout.parse)
  public var seconds = Tool.timeoutDefault.seconds

  public init() {}
}

/// `--retries <n>`: how often a failed request is tried again.
public struct RetriesOption<Tool: RetriesDefault>: ParsableArguments, Sendable {
  @Option(
    name: .customLong("retries"),
    help: NumberRange.retries.help(Tool.retriesDefault.help, valueName: "n", default: Tool.retriesDefault.count),
    transform: NumberRange.retries.parse)
  public var count = Tool.retriesDefault.count

  public init() {}
}

/// `--retry-delay <seconds>`: the wait before the first retry.
public struct RetryDelayOption<Tool: RetryDelayDefault>: ParsableArguments, Sendable {
  @Option(
    name: .customLong("retry-delay"),
    help: NumberRange.retryDelay.help(
      Tool.retryDelayDefault.help, valueName: "seconds", default: Tool.retryDelayDefault.seconds),
    transform: NumberRange.retryDelay.parse)
  public var seconds = Tool.retryDelayDefault.seconds

  public init() {}
}

/// `--timeout`, `--retries` and `--retry-delay`, in the order the tools' help and pages have them.
public struct RetryOptions<Tool: RetryDefaults>: ParsableArguments, Sendable {
  @OptionGroup var timeoutOption: TimeoutOption<Tool>
  @OptionGroup var retriesOption: RetriesOption<Tool>
  @OptionGroup var retryDelayOption: RetryDelayOption<Tool>

  public init() {}

  public var timeout: Double { timeoutOption.seconds }
  public var retries: Int { retriesOption.count }
  public var retryDelay: Double { retryDelayOption.seconds }
}
