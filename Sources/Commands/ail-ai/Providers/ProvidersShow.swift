import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: tr("Show one provider's settings (never its key)."))
    @OptionGroup var target: NamedProvider
    @OptionGroup var common: CommonOptions

    func run() throws {
      try target.read(common) { contents, provider in
        var lines = [
          "name: \(provider.name)" + (contents.defaultProvider == provider.name ? " (default)" : ""),
          "type: \(provider.type.rawValue)",
          "base_url: \(provider.baseURL)", "port: \(Endpoints.port(of: provider.baseURL).map(String.init) ?? "-")",
          "chat: \(Endpoints.chat(provider.baseURL, provider.type))", "model: \(provider.model ?? "-")",
          "temperature: \(provider.temperature?.description ?? "provider default")",
          "connect_timeout: \(provider.connectTimeout ?? 10) s", "timeout: \(provider.timeout ?? 300) s",
        ]
        if let context = provider.contextLength { lines.append("context_length: \(context)") }
        let key: String =
          switch provider.apiKey {
          case .environment(let variable): "environment variable \(variable)"
          case .file(let path): "file \(path)"
          case .command: "a command (not shown)"
          case .literal: "stored in the providers file (not shown)"
          case nil: "none"
          }
        lines.append("api_key: \(key)")
        lines.append(
          "fallback: \(provider.fallback.isEmpty ? "-" : provider.fallback.map(\.description).joined(separator: ", "))")
        try OutputSink.standardOutput.write(lines.joined(separator: "\n") + "\n")
        try OutputSink.standardOutput.flush()
      }
    }
  }
}
