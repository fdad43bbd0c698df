public import ArgumentParser
public import AsyncHTTPClient
import Localization
public import Readeck
import Resilience
import Synchronization
public import ToolKit

/// `--server` and `--token-file` of every tool that talks to Readeck: they win over the environment
/// and the config file (`ServerAccess`).
public struct ServerOptions: ParsableArguments, Sendable {
  @Option(help: ArgumentHelp(tr("The Readeck server's base URL."), valueName: "url"))
  public var server: String?

  @Option(
    help: ArgumentHelp(tr("Read the API token from this file (first line)."), valueName: "path"), completion: .file())
  public var tokenFile: String?

  public init() {}
}

/// The server and token a Readeck tool talks to, resolved the same way for every tool: flags,
/// then environment variables, then the readkeep config file.
public struct ServerAccess: Sendable {
  public let server: Setting
  public let token: Secret
  /// The tool's name: its config file section and its User-Agent.
  public let tool: String

  /// - Parameters:
  ///   - tool: the config file section to read (`rk-fetch`, `rk-push`).
  ///   - needsToken: false for a run that sends nothing (a dry run).
  public init(tool: String, options: ServerOptions, diagnostics: Diagnostics, needsToken: Bool = true) throws {
    let configuration = Configuration(tool: tool, file: try ConfigFile.load(app: "readkeep"))
    guard
      let resolved = configuration.resolve(flag: ("--server", options.server), variable: "READECK_URL", key: "server")
    else {
      throw ToolError(
        .configError, tr("no server: pass --server URL, set READECK_URL, or put server = URL in the config file"))
    }
    self.server = resolved
    self.token =
      needsToken
      ? try Self.loadToken(configuration, tokenFile: options.tokenFile, diagnostics: diagnostics) : Secret("")
    self.configuration = configuration
    self.tool = tool
  }

  /// The configuration the settings came from, for a tool's own keys.
  public let configuration: Configuration

  /// A client with the shared retry policy and a fresh circuit breaker. The first retry is said
  /// once, so a run against a server that does not answer is not silent for the seconds the
  /// retries take; every retry shows with `--verbose`.
  public func client(http: HTTPClient, timeout: Double, retries: Int, retryDelay: Double, diagnostics: Diagnostics)
    throws -> ReadeckClient
  {
    let retried = Mutex(false)
    do {
      return try ReadeckClient(
        server: server.value, token: token.reveal(), http: http, timeout: timeout,
        policy: RetryPolicy(maxRetries: retries, baseDelay: retryDelay), breaker: CircuitBreaker(),
        onRetry: { message in
          let first = retried.withLock { wasSaid in
            defer { wasSaid = true }
            return !wasSaid
          }
          if first {
            // TRANSLATORS: {0} says which request is retried and why ("retrying GET … (retry 1)").
            diagnostics.info(tr("\(message); --verbose shows every retry"))
          } else {
            diagnostics.debug(message)
          }
        }, userAgent: tool)
    } catch let error as ReadeckError {
      // A wrong address typed on the command line is a usage error; in the environment or the
      // config file, a configuration error.
      if case .flag = server.source { throw ToolError(.usage, "\(server.source): \(error)") }
      throw ToolError(.configError, "\(server.source): \(error)")
    }
  }

  /// What a tool says when the server refuses the token.
  public static func tokenRejected(by server: String, status: Int) -> ToolError {
    ToolError(.noPermission, tr("token rejected by \(server) (HTTP \(status)); check READECK_TOKEN or --token-file"))
  }

  /// Token from --token-file, then READECK_TOKEN, then the config file's token_file or token_cmd.
  private static func loadToken(_ configuration: Configuration, tokenFile: String?, diagnostics: Diagnostics) throws
    -> Secret
  {
    // TRANSLATORS: the name of the secret in messages, as in "Readeck token is empty (…)".
    let what = tr("Readeck token")
    if let path = tokenFile {
      return try Secret.load(.file(path), what: what, diagnostics: diagnostics)
    }
    if configuration.environment["READECK_TOKEN"]?.isEmpty == false {
      return try Secret.load(
        .environment("READECK_TOKEN"), what: what, diagnostics: diagnostics, environment: configuration.environment)
    }
    if let file = configuration.resolve(variable: nil, key: "token_file") {
      return try Secret.load(.file(configuration.expandingTilde(file.value)), what: what, diagnostics: diagnostics)
    }
    if let command = configuration.resolve(variable: nil, key: "token_cmd") {
      return try Secret.load(.command(command.value), what: what, diagnostics: diagnostics)
    }
    throw ToolError(
      .configError,
      tr("no token: set READECK_TOKEN, pass --token-file PATH, or put token_file = PATH in the config file"))
  }
}
