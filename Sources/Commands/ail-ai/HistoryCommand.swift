import ArgumentParser
import ChatHistory
import Foundation
import Localization
import StoreErrorStatus
import ToolKit
import Wire

/// `ail-ai history [QUERY]` and `ail-ai history show ID`: the exchanges kept, newest first.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: tr("List and search past exchanges, or show one."),
    discussion: HelpText.discussion(
      tr(
        """
        Every answer of ail-ai in text mode is kept with its prompt, model, input and token \
        counts (never a key) in $XDG_STATE_HOME/ailo/history.sqlite (mode 0600) for 90 days, \
        within 64 MB of text; --no-history, or history = false in the [ail-ai] section of the \
        config, keeps an exchange out. ail-ai --continue "…" goes on with the newest \
        conversation, --cid with another.
        """),
      environment: [("XDG_STATE_HOME", tr("Holds ailo/history.sqlite (default ~/.local/state)."))],
      files: [("$XDG_STATE_HOME/ailo/history.sqlite", tr("The history."))],
      examples: [
        Example("ail-ai history --format table", tr("The last exchanges, for people.")),
        Example("ail-ai history invoice", tr("Exchanges that mention an invoice.")),
        Example("ail-ai --continue 'Shorter, and in German.'", tr("Revise the last answer.")),
      ],
      exitStatuses: [(.success, nil), (.dataError, tr("A search query that cannot be read."))]),
    subcommands: [HistoryListCommand.self, HistoryShowCommand.self],
    defaultSubcommand: HistoryListCommand.self)
}

struct HistoryListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("The exchanges, newest first; with words, those that have them."))

  @Argument(help: ArgumentHelp(tr("Words to look for in prompts, inputs and answers."), valueName: "query"))
  var query: [String] = []
  @Option(
    help: NumberRange.limit.help(tr("At most this many (default 20; 0: all)."), valueName: "limit"),
    transform: NumberRange.limit.parse)
  var limit: Int?
  @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: HistoryFormat = .ndjson
  @OptionGroup var common: CommonOptions

  enum HistoryFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, table }

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try runTool(diagnostics) {
      let path = HistoryStore.defaultPath(environment: Environment.current)
      guard FileManager.default.fileExists(atPath: path) else { return }
      let store = try HistoryStore(path: path, creating: false)
      let count = limit.map { $0 == 0 ? Int.max : $0 } ?? 20
      let found = try store.list(query: query.isEmpty ? nil : query.joined(separator: " "), limit: count)
      let sink = OutputSink.standardOutput
      switch format {
      case .ndjson:
        for exchange in found { try sink.emit(Self.record(exchange)) }
      case .table:
        let rows = found.map { exchange in
          [
            String(exchange.id ?? 0), String(exchange.conversation ?? 0), Formatted.dateTime(exchange.createdAt),
            exchange.model, exchange.promptSource, Self.firstLine(exchange.input),
          ]
        }
        if !rows.isEmpty {
          try sink.write(
            Formatting.table([[tr("ID"), tr("CID"), tr("WHEN"), tr("MODEL"), tr("PROMPT"), tr("INPUT")]] + rows) + "\n")
        }
      }
      try sink.flush()
    }
  }

  /// An `ai_exchange` record.
  static func record(_ exchange: Exchange) -> JSONValue {
    var record: JSONObject = [
      "kind": "ai_exchange", "id": .integer(exchange.id ?? 0), "cid": .integer(exchange.conversation ?? 0),
      "created_at": .string(RFC3339.string(from: exchange.createdAt)), "prompt": .string(exchange.promptSource),
      "provider": .string(exchange.provider), "model": .string(exchange.model), "input": .string(exchange.input),
      "answer": .string(exchange.answer),
    ]
    var usage: JSONObject = [:]
    if let tokens = exchange.promptTokens { usage["prompt_tokens"] = .integer(Int64(tokens)) }
    if let tokens = exchange.completionTokens { usage["completion_tokens"] = .integer(Int64(tokens)) }
    if !usage.isEmpty { record["usage"] = .object(usage) }
    return .object(record)
  }

  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    return line.count > 50 ? String(line.prefix(49)) + "…" : line
  }
}

struct HistoryShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: tr("One exchange: when, which model and prompt, the input and the answer."))

  @Argument(help: ArgumentHelp(tr("The exchange's id (ail-ai history lists them)."), valueName: "id")) var id: Int64
  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try runTool(diagnostics) {
      let path = HistoryStore.defaultPath(environment: Environment.current)
      let exchange =
        FileManager.default.fileExists(atPath: path)
        ? try HistoryStore(path: path, creating: false).exchange(id: id) : nil
      guard let exchange else { throw ToolError(.failure, tr("no exchange \(id) in the history")) }
      let (conversation, when) = (exchange.conversation ?? 0, Formatted.dateTime(exchange.createdAt))
      var text = tr("exchange \(id) of conversation \(conversation), \(when)") + "\n"
      text += "\(exchange.provider)/\(exchange.model), \(exchange.promptSource)\n\n"
      text += "── " + tr("input") + "\n" + exchange.input.trimmingSuffixNewlines + "\n\n"
      text += "── " + tr("answer") + "\n" + exchange.answer.trimmingSuffixNewlines + "\n"
      let sink = OutputSink.standardOutput
      try sink.write(text)
      try sink.flush()
    }
  }
}

extension String {
  fileprivate var trimmingSuffixNewlines: Substring {
    self[..<(lastIndex { $0 != "\n" }.map { index(after: $0) } ?? startIndex)]
  }
}
