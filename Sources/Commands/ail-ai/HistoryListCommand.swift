import ArgumentParser
import ChatHistory
import Foundation
import Localization
import StoreErrorStatus
import ToolKit
import Wire

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
