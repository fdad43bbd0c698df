public import ArgumentParser
import Dispatch

/// One tool as both of its executables start it: its own (a development build's thin
/// `Sources/Executables/<tool>/main.swift`) and the multi-call `rk-ail`, which holds every tool and is
/// installed once with a link per tool name. The name is given, not read from the command's
/// configuration, so that choosing a tool renders no help texts.
///
/// `run` never returns. A synchronous command runs on the main thread, as under `@main`, and
/// starts no concurrency threads; an asynchronous one runs in a task while the main thread serves
/// the main queue, which is what `@main` does for an async `main`. Either way the process exits
/// with status 0 when the command returns (its failures exit on their own, in `main`).
public struct ToolEntry: Sendable {
  public let name: String
  private let start: @Sendable ([String]?) -> Never
  private let summary: @Sendable () -> String
  /// Runs the command and returns, without ending the process: for tests.
  let invoke: @Sendable ([String]?) async -> Void

  /// A tool whose command runs synchronously.
  public init<Command: ToolCommand>(_ name: String, _ command: Command.Type) {
    self.name = name
    start = { arguments in
      command.main(arguments)
      Platform.terminate(0)
    }
    invoke = { command.main($0) }
    summary = { command.configuration.abstract }
  }

  /// A tool whose command is asynchronous; chosen over the synchronous form for such commands,
  /// whose synchronous `run` would only complain.
  public init<Command: ToolCommand & AsyncParsableCommand>(_ name: String, _ command: Command.Type) {
    self.name = name
    start = { arguments in
      Task {
        await command.main(arguments)
        Platform.terminate(0)
      }
      dispatchMain()
    }
    invoke = { await command.main($0) }
    summary = { command.configuration.abstract }
  }

  /// Runs the tool on `arguments` (without the program's name), or on the process's own when nil.
  public func run(_ arguments: [String]? = nil) -> Never {
    start(arguments)
  }

  /// The one-line description of the tool's help, in the user's language.
  public var abstract: String { summary() }
}

/// How the multi-call binary picks the tool: by the name it was started as (a link `rk-cache` to
/// `rk-ail`), as BusyBox does, or else by its first argument (`rk-ail rk-cache list`). With
/// neither, the arguments are the multi-call command's own (help, version, list, or a usage error).
public enum MultiCall {
  /// `arguments` as the process has them, the program's path first; the arguments returned are
  /// those the tool (or the multi-call command) parses.
  public static func choose(_ arguments: [String], among tools: [ToolEntry]) -> (tool: ToolEntry?, arguments: [String])
  {
    let program = arguments.first?.split(separator: "/").last.map(String.init) ?? ""
    let rest = Array(arguments.dropFirst())
    if let tool = tools.first(where: { $0.name == program }) { return (tool, rest) }
    if let first = rest.first, let tool = tools.first(where: { $0.name == first }) {
      return (tool, Array(rest.dropFirst()))
    }
    return (nil, rest)
  }
}
