import Localization
import Synchronization

/// A run's way of fitting input to the model: the `--chunk` mode, whether the prompt condenses,
/// and the window, asked of the provider at most once a run and only for input that might not
/// fit the smallest window a model has today.
public final class Chunking: Sendable {
  public let mode: ChunkMode
  public let condenses: Bool
  /// A dry run sends nothing, not even the question for the window: the setting or the
  /// default stands in for what the provider would say.
  public let asksProvider: Bool
  private let rewriter: Rewriter
  private let window = Mutex<Task<ContextWindow, Never>?>(nil)

  /// Every model in use reads at least this many tokens; input that fits it needs no lookup.
  static let smallestWindow = 2048

  public init(mode: ChunkMode, condenses: Bool, rewriter: Rewriter, asksProvider: Bool = true) {
    self.mode = mode
    self.condenses = condenses
    self.rewriter = rewriter
    self.asksProvider = asksProvider
  }

  /// How `request`'s input goes out, and the window that decided it (nil when none was needed).
  public func plan(_ request: ChatRequest) async throws(ChunkPlan.Refusal) -> (plan: ChunkPlan, window: ContextWindow?)
  {
    let systemTokens = TokenEstimate.tokens(request.system)
    func make(_ window: Int) throws(ChunkPlan.Refusal) -> ChunkPlan {
      try ChunkPlan.make(
        input: request.input, systemTokens: systemTokens, window: window, answerTokens: request.maxTokens,
        condenses: condenses, mode: mode)
    }
    if case .tokens = mode { return (try make(0), nil) }
    if let whole = try? make(smallWindow), !whole.isChunked { return (whole, nil) }
    let window = await window()
    return (try make(window.tokens), window)
  }

  /// The provider's setting where it is smaller than ``smallestWindow``: what may be assumed
  /// without asking.
  var smallWindow: Int { min(configured ?? Self.smallestWindow, Self.smallestWindow) }

  private var configured: Int? { rewriter.chain.first?.provider.provider.contextLength }

  /// The model's window: asked once a run, or for a dry run the setting or the default.
  func window() async -> ContextWindow {
    asksProvider ? await lookUp() : ContextWindow.choose(reported: nil, configured: configured)
  }

  private func lookUp() async -> ContextWindow {
    let task = window.withLock { task in
      if let task { return task }
      let rewriter = rewriter
      let started = Task { await rewriter.contextWindow() }
      task = started
      return started
    }
    return await task.value
  }
}

extension ChunkPlan.Refusal: CustomStringConvertible {
  public var description: String {
    switch self {
    case .doesNotFit(let input, let room, let window):
      tr(
        "the input (about \(input) tokens) does not fit the model's window of \(window) tokens, which leaves \(room) for it (--chunk auto cuts it into pieces)"
      )
    case .noRoom(let system, let window):
      tr(
        "the system prompt (about \(system) tokens) leaves no room for the input in the model's window of \(window) tokens"
      )
    }
  }
}

extension ContextWindow {
  /// "8192 tokens, as the provider reports".
  public var explained: String {
    switch source {
    case .provider: tr("\(tokens) tokens, as the provider reports")
    case .setting: tr("\(tokens) tokens, the provider's context_length")
    case .assumed: tr("\(tokens) tokens, assumed (set the provider's context_length)")
    }
  }
}
