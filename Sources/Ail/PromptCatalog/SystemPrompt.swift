public import Wire

/// A system prompt made from the catalog, ready to send.
public struct SystemPrompt: Sendable, Equatable {
  /// The text, placeholders filled.
  public var text: String
  /// Where it came from, for messages: `recipe Careful reply`, `menu path Mail/Reply/Friendly`.
  public var source: String
  /// The merged keyword values the placeholders were filled from (overrides included).
  public var keywords: [String: String]
  /// A preset of it condenses (see ``Preset/condenses``).
  public var condenses: Bool
  /// The schema of its last preset that has one.
  public var schema: JSONValue?

  public init(
    text: String, source: String, keywords: [String: String], condenses: Bool = false, schema: JSONValue? = nil
  ) {
    self.text = text
    self.source = source
    self.keywords = keywords
    self.condenses = condenses
    self.schema = schema
  }

  /// A system prompt given as text (`--system`): its placeholders are filled from `variables`
  /// alone.
  public static func literal(_ text: String, source: String, variables: [String: String]) throws -> SystemPrompt {
    SystemPrompt(text: try PromptTemplate.expand(text, values: variables), source: source, keywords: variables)
  }
}

/// The parts of a system prompt before placeholders are filled: what a recipe, a menu path or a
/// preset stands for.
public struct PromptPlan: Sendable, Equatable {
  public enum Part: Sendable, Equatable {
    /// A folder's name, written as a Markdown heading.
    case heading(String)
    /// A preset's text, a template.
    case text(String, preset: String)
  }

  /// One set of keywords, with whose they are (for messages).
  public struct KeywordSource: Sendable, Equatable {
    public var owner: String
    public var keywords: String?
  }

  public var source: String
  public var parts: [Part]
  public var separator: String
  /// In the order they apply: later ones override earlier ones.
  public var keywordSources: [KeywordSource]
  /// What its presets say of their answers.
  public var condenses = false
  public var schema: JSONValue?

  /// The merged keywords, then `variables` over them.
  public func keywords(overriddenBy variables: [String: String]) throws -> [String: String] {
    var merged: [String: String] = [:]
    for source in keywordSources {
      merged.merge(try Keywords.values(source.keywords, owner: source.owner)) { _, later in later }
    }
    merged.merge(variables) { _, override in override }
    return merged
  }

  /// The finished prompt: headings as `# Name`, preset texts expanded in one pass, parts joined
  /// with the separator. Every missing key of every part is reported at once.
  public func render(variables: [String: String]) throws -> SystemPrompt {
    let values = try keywords(overriddenBy: variables)
    var texts: [String] = []
    var missing: Set<String> = []
    for part in parts {
      switch part {
      case .heading(let name):
        texts.append("# " + name)
      case .text(let template, _):
        do {
          texts.append(try PromptTemplate.expand(template, values: values))
        } catch CatalogError.missingVariables(let keys) {
          missing.formUnion(keys)
        }
      }
    }
    guard missing.isEmpty else { throw CatalogError.missingVariables(missing.sorted()) }
    return SystemPrompt(
      text: texts.joined(separator: separator), source: source, keywords: values, condenses: condenses, schema: schema)
  }
}
