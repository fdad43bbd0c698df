import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  struct Test: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "test", abstract: tr("Check a provider: list its models, then ask its model for a short answer."))
    @Argument(help: ArgumentHelp(tr("The provider's name (default: the default provider)."))) var name: String?
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() async throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try await runTool(diagnostics) {
        let contents = try store.load()
        guard let chosen = name ?? contents.defaultProvider else {
          throw ToolError(.configError, tr("no default provider: name one"))
        }
        let provider = try store.provider(chosen, in: contents)
        let resolved = try ProviderOptions().resolve(provider, diagnostics: diagnostics)
        let sink = OutputSink.standardOutput
        try await withHTTPClient(connectTimeout: provider.connectTimeout ?? 10) { http in
          do {
            let started = ContinuousClock.now
            let models = try await ModelList.fetch(resolved, http: http)
            try sink.write(
              "models: \(models.count) (\(models.prefix(8).joined(separator: ", "))\(models.count > 8 ? ", …" : ""))\n")
            if let model = provider.model {
              if !ModelList.contains(models, model) { diagnostics.warning(tr("model \(model) is not among them")) }
              let rewriter = Rewriter(chain: [(resolved, model)], options: .init(policy: .none, cache: nil))
              try await rewriter.closing {
                let answer = try await rewriter.rewrite(
                  ChatRequest(
                    system: "", input: "Answer with the single word OK.", model: model, maxTokens: 16, stream: false))
                let elapsed = started.duration(to: .now).components
                let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
                try sink.write(
                  "answer: \(answer.text.split(whereSeparator: \.isNewline).first.map { $0.prefix(80) } ?? "") (\(milliseconds) ms)\n"
                )
              }
            }
            try sink.flush()
          } catch let error as ChatError {
            throw ToolError(error.exitStatus, error.description)
          }
        }
      }
    }
  }
}
