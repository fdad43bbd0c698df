import ArgumentParser
import ChatHistory
import Foundation
import Localization
import StoreErrorStatus
import ToolKit
import Wire

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
