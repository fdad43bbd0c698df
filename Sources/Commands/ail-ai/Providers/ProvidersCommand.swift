import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

/// `ail-ai providers list|add|remove|default|show|test`.
struct ProvidersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "providers",
    abstract: tr("Configure the language-model providers: OpenAI-compatible servers and Ollama."),
    discussion: HelpText.discussion(
      tr(
        """
        Providers live in $XDG_CONFIG_HOME/ailo/providers.json (mode 0600): name, type, base \
        URL, model, temperature (or "omit" for models that only accept their default), timeouts, \
        where the API key comes from, and a fallback chain of PROVIDER:MODEL pairs tried in order \
        when the provider fails. API keys are not stored there unless given with --api-key, and \
        are never printed.
        """),
      environment: ProviderOptions.environment,
      files: [("$XDG_CONFIG_HOME/ailo/providers.json", tr("The providers."))],
      examples: [
        Example(
          "ail-ai providers add local --base-url http://localhost:11434 --model llama3.2",
          tr("Ollama on this machine (type detected).")),
        Example(
          "ail-ai providers add openai --base-url https://api.openai.com/v1 --model gpt-4o-mini --api-key-cmd 'pass show openai' --fallback local:llama3.2",
          tr("OpenAI with its key from pass, falling back to the local model.")),
        Example("ail-ai providers default openai", tr("Use it when --provider is not given.")),
        Example("ail-ai providers test openai", tr("List its models and ask for a short answer.")),
      ],
      exitStatuses: [
        (.success, nil), (.failure, tr("No such provider.")),
        (.unavailable, tr("test: the provider cannot be reached.")),
        (.configError, nil),
      ]),
    subcommands: [List.self, Add.self, Remove.self, Default.self, Show.self, Test.self])
}
