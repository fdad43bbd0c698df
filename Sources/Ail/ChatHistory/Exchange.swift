public import Foundation

/// One question and answer of ail-ai, as the history keeps it: what was asked of which model,
/// with which system prompt, and what came back. Never a key: providers' keys are not part of it.
public struct Exchange: Sendable, Equatable {
  /// Given by the store; nil before it is stored.
  public var id: Int64?
  /// The conversation it belongs to: the first exchange's id, shared by every one continuing it.
  public var conversation: Int64?
  public var createdAt: Date
  /// Where the system prompt came from: `preset Proofread`, `--system`.
  public var promptSource: String
  public var provider: String
  public var model: String
  public var system: String
  public var input: String
  public var answer: String
  public var promptTokens: Int?
  public var completionTokens: Int?

  public init(
    id: Int64? = nil, conversation: Int64? = nil, createdAt: Date, promptSource: String, provider: String,
    model: String, system: String, input: String, answer: String, promptTokens: Int? = nil,
    completionTokens: Int? = nil
  ) {
    self.id = id
    self.conversation = conversation
    self.createdAt = createdAt
    self.promptSource = promptSource
    self.provider = provider
    self.model = model
    self.system = system
    self.input = input
    self.answer = answer
    self.promptTokens = promptTokens
    self.completionTokens = completionTokens
  }
}
