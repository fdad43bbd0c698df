import ChatHistory
import Foundation
import Localization
import PromptCatalog
import Rewrite
import ToolKit

/// The history as the rewrite command uses it: the conversation `--continue` goes on with, and
/// each answer kept afterwards unless `--no-history` (or `history = false` in the config).
struct HistoryOptions {
  let disabled: Bool
  let path = HistoryStore.defaultPath(environment: Environment.current)

  init(disabled: Bool) { self.disabled = disabled }

  /// The exchanges of conversation `id`, else of the newest one, oldest first.
  func conversation(_ id: Int64?) throws -> [Exchange] {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ToolError(.noInput, tr("nothing to continue: the history \(path) is empty"))
    }
    let store = try HistoryStore(path: path, creating: false)
    let exchanges = try (id ?? store.last()?.conversation).map { try store.conversation($0) } ?? []
    guard !exchanges.isEmpty else {
      throw ToolError(
        .noInput,
        id.map { tr("no conversation \($0) in the history") } ?? tr("nothing to continue: the history is empty"))
    }
    return exchanges
  }

  /// The system prompt an exchange was answered with.
  static func prompt(_ exchange: Exchange) -> SystemPrompt {
    SystemPrompt(text: exchange.system, source: exchange.promptSource, keywords: [:])
  }

  /// The exchanges as the turns before a new instruction.
  static func turns(_ exchanges: [Exchange]) -> [ChatTurn] {
    exchanges.flatMap { [ChatTurn(.user, $0.input), ChatTurn(.assistant, $0.answer)] }
  }

  /// Keeps an answer; a history that cannot be written is warned about, the answer being out.
  func keep(
    _ answer: Completion, system: SystemPrompt, input: String, conversation: Int64?, diagnostics: Diagnostics
  ) {
    guard !disabled else { return }
    do {
      try HistoryStore(path: path, creating: true).record(
        Exchange(
          conversation: conversation, createdAt: Date(), promptSource: system.source, provider: answer.provider,
          model: answer.model, system: system.text, input: input, answer: answer.text,
          promptTokens: answer.usage?.promptTokens, completionTokens: answer.usage?.completionTokens))
    } catch {
      diagnostics.warning(tr("cannot write the history: \(String(describing: error))"))
    }
  }
}
