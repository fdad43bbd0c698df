import Localization

/// What can go wrong with the catalog, each with a message for people.
public enum CatalogError: Error, CustomStringConvertible, Equatable, Sendable {
  /// No entry of that name; `candidates` are close names, best first.
  /// `candidates` are close names to suggest; when there are none, `existing` lists what there is.
  case notFound(what: String, name: String, candidates: [String], existing: [String] = [])
  /// Several entries fit the name; `matches` says which (paths, or names with their kind).
  case ambiguous(what: String, name: String, matches: [String])
  /// Placeholders without a value or a default: every key, sorted.
  case missingVariables([String])
  /// A keywords string that does not parse; `owner` says whose keywords they are.
  case malformedKeywords(owner: String, entry: String)
  /// A catalog file that cannot be used as it is.
  case invalidFile(source: String, problems: [String])
  /// A file of a newer format than this code understands.
  case unsupportedVersion(source: String, version: Int)
  /// The catalog has no entries at all, so no name can be found.
  case emptyCatalog
  /// No system prompt was asked for and no preset is marked as the default.
  case noSystemPrompt
  /// A change that would break the catalog or lose data: a name taken, a folder not empty, a
  /// preset still used by recipes.
  case conflict(String)
  /// A value the catalog cannot hold (an icon of more than three characters, an empty name).
  case invalidValue(String)
  /// The catalog file cannot be read or written.
  case fileAccess(path: String, reason: String)

  /// How many existing names a "no preset named" message lists.
  public static let namesListed = 12

  /// How many problems of an invalid file a message lists.
  public static let problemsShown = 10

  public var description: String {
    switch self {
    case .notFound(let what, let name, let candidates, let existing):
      let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
      let head = Self.noneNamed(what, name)
      if !candidates.isEmpty {
        let list = quoted(candidates)
        // TRANSLATORS: follows "no preset named "X"" and a semicolon: close names to the one given.
        return head + "; " + tr("did you mean \(list)?")
      }
      guard !existing.isEmpty else { return head }
      let list = quoted(Array(existing.prefix(Self.namesListed)))
      let more = existing.count - Self.namesListed
      // TRANSLATORS: follows "no preset named "X"" and a semicolon: the names there are.
      return head + "; "
        + (more > 0
          ? tr("the catalog has \(list) and \(more) more (ail-ai catalog list)")
          : tr("the catalog has \(list) (ail-ai catalog list)"))
    case .ambiguous(let what, let name, let matches):
      return Self.several(what, name, matches.map { "\"\($0)\"" }.joined(separator: ", "))
    case .missingVariables(let keys):
      let list = keys.map { "{{\($0)}}" }.joined(separator: ", ")
      return tr(
        one: "no value for \(list): set it with --var KEY=VALUE or in the keywords",
        other: "no value for \(list): set them with --var KEY=VALUE or in the keywords", count: keys.count)
    case .malformedKeywords(let owner, let entry):
      return tr("keywords of \(owner): \"\(entry)\" is not \"key: value\"")
    case .invalidFile(let source, let problems):
      var lines = problems.prefix(Self.problemsShown).map { "  " + $0 }
      let more = problems.count - Self.problemsShown
      if more > 0 { lines.append("  " + tr("… and \(more) more")) }
      return tr("\(source) is not a valid catalog:") + "\n" + lines.joined(separator: "\n")
    case .unsupportedVersion(let source, let version):
      let known = Catalog.formatVersion
      return tr(
        "\(source) is catalog format version \(version), newer than the version \(known) this ail-ai reads; update ail-ai or export the catalog from an older app"
      )
    case .emptyCatalog:
      return tr("catalog is empty: run `ail-ai catalog init` or import one")
    case .noSystemPrompt:
      return tr("no system prompt: give --preset, --recipe, --system or --system-file, or mark a preset as the default")
    case .conflict(let message), .invalidValue(let message):
      return message
    case .fileAccess(let path, let reason):
      return "\(path): \(reason)"
    }
  }

  /// "no preset named "X"" for the kinds the catalog names; a kind it does not know stays English.
  private static func noneNamed(_ what: String, _ name: String) -> String {
    switch what {
    case "preset": tr("no preset named \"\(name)\"")
    case "recipe": tr("no recipe named \"\(name)\"")
    case "folder": tr("no folder named \"\(name)\"")
    case "cookbook": tr("no cookbook named \"\(name)\"")
    case "chapter": tr("no chapter named \"\(name)\"")
    case "menu item": tr("no menu item named \"\(name)\"")
    case "preset in the menu": tr("no preset in the menu named \"\(name)\"")
    case "recipe or menu item": tr("no recipe or menu item named \"\(name)\"")
    case "folder, preset, recipe or cookbook": tr("no folder, preset, recipe or cookbook named \"\(name)\"")
    default: "no \(what) named \"\(name)\""
    }
  }

  /// ""X" names more than one preset: …" for the kinds the catalog names.
  private static func several(_ what: String, _ name: String, _ list: String) -> String {
    switch what {
    case "preset": tr("\"\(name)\" names more than one preset: \(list)")
    case "recipe": tr("\"\(name)\" names more than one recipe: \(list)")
    case "folder": tr("\"\(name)\" names more than one folder: \(list)")
    case "chapter": tr("\"\(name)\" names more than one chapter: \(list)")
    case "menu item": tr("\"\(name)\" names more than one menu item: \(list)")
    case "preset in the menu": tr("\"\(name)\" names more than one preset in the menu: \(list)")
    case "entry": tr("\"\(name)\" names more than one entry: \(list)")
    case "entry (say which with --type)": tr("\"\(name)\" names more than one entry (say which with --type): \(list)")
    default: "\"\(name)\" names more than one \(what): \(list)"
    }
  }
}
