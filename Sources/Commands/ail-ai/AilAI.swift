import ArgumentParser
import Localization
import ToolKit

struct AilAI: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "ail-ai",
    abstract: tr("Rewrite text with a language model, driven by a catalog of pre-prompts, recipes and cookbooks."),
    discussion: HelpText.discussion(
      tr(
        """
        A Unix filter: text or records on standard input, the rewritten text on standard output, \
        everything else on standard error. Providers are OpenAI-compatible servers (OpenAI, \
        Mistral, LiteLLM, llama.cpp, vLLM, LM Studio) and Ollama; the system prompt comes from the \
        catalog (presets, recipes, cookbooks with their keywords) or the command line. Without a \
        subcommand, ail-ai rewrites (see "ail-ai rewrite --help").
        """),
      environment: ProviderOptions.environment,
      files: [
        ("$XDG_CONFIG_HOME/ailo/providers.json", tr("The providers.")),
        ("$XDG_DATA_HOME/ailo/catalog.json", tr("The catalog of presets, recipes and cookbooks.")),
        ("$XDG_CACHE_HOME/ailo/responses", tr("The response cache (--cache).")),
      ],
      examples: [
        Example(
          "ail-mail body < m.eml | ail-ai --recipe Mail/Reply/Friendly --var Tone=formal",
          tr("A reply drafted from a mail.")),
        Example("ail-transcribe memo.m4a --format text | ail-ai --preset Tidy", tr("A voice memo cleaned up.")),
        Example(
          "ail-ai providers add local --base-url http://localhost:11434 --model llama3.2", tr("Use a local Ollama.")),
        Example("ail-ai catalog init && ail-ai catalog tree", tr("Start a catalog and look at it.")),
      ],
      exitStatuses: [
        (.success, nil), (.failure, tr("A name that is not in the catalog or the providers.")),
        (
          .dataError,
          tr("Empty input, a placeholder without a value, records without the field, or a broken catalog file.")
        ),
        (
          .unavailable,
          tr(
            "No provider could be reached (record mode: none of the records got an answer; each carries its ai_error).")
        ),
        (.tempFailure, tr("Some records failed (each alone, with its ai_error), or the provider failed the request.")),
        (.configError, tr("No provider or model configured, or an API key that cannot be read.")),
      ]),
    version: Toolbox.version,
    subcommands: [
      RewriteCommand.self, PromptCommand.self, CatalogCommand.self, ProvidersCommand.self, ModelsCommand.self,
      HistoryCommand.self,
    ],
    defaultSubcommand: RewriteCommand.self)
}
