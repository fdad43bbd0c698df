import ArgumentParser
import AsyncHTTPClient
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

/// `ail-ai models`: what a provider offers.
struct ModelsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "models", abstract: tr("List the models of a provider, one per line."),
    discussion: HelpText.discussion(
      tr(
        "Asks the provider: /v1/models (data[].id) for OpenAI-compatible servers, /api/tags (models[].name) for Ollama."
      ),
      examples: [Example("ail-ai models --provider local", tr("The models Ollama has pulled."))],
      exitStatuses: [
        (.success, nil), (.unavailable, tr("The provider cannot be reached.")),
        (.tempFailure, tr("The provider refused.")),
        (.configError, nil),
      ]))

  @OptionGroup var providerOptions: ProviderOptions
  @OptionGroup var common: CommonOptions

  func run() async throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try await runTool(diagnostics) {
      let chain = try await providerOptions.chain(diagnostics: diagnostics, modelRequired: false)
      let provider = chain[0].provider
      let models = try await withHTTPClient(connectTimeout: provider.provider.connectTimeout ?? 10) { http in
        do {
          return try await ModelList.fetch(provider, http: http)
        } catch let error as ChatError {
          throw ToolError(error.exitStatus, error.description)
        }
      }
      try OutputSink.standardOutput.write(models.map { $0 + "\n" }.joined())
      try OutputSink.standardOutput.flush()
    }
  }
}
