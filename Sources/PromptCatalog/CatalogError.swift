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
      let hint =
        if !candidates.isEmpty {
          "; did you mean " + quoted(candidates) + "?"
        } else if !existing.isEmpty {
          "; the catalog has " + quoted(Array(existing.prefix(Self.namesListed)))
            + (existing.count > Self.namesListed ? " and \(existing.count - Self.namesListed) more" : "")
            + " (ail-ai catalog list)"
        } else {
          ""
        }
      return "no \(what) named \"\(name)\"\(hint)"
    case .ambiguous(let what, let name, let matches):
      return "\"\(name)\" names more than one \(what): " + matches.map { "\"\($0)\"" }.joined(separator: ", ")
    case .missingVariables(let keys):
      return "no value for " + keys.map { "{{\($0)}}" }.joined(separator: ", ")
        + ": set \(keys.count == 1 ? "it" : "them") with --var KEY=VALUE or in the keywords"
    case .malformedKeywords(let owner, let entry):
      return "keywords of \(owner): \"\(entry)\" is not \"key: value\""
    case .invalidFile(let source, let problems):
      var lines = problems.prefix(Self.problemsShown).map { "  " + $0 }
      if problems.count > Self.problemsShown { lines.append("  … and \(problems.count - Self.problemsShown) more") }
      return "\(source) is not a valid catalog:\n" + lines.joined(separator: "\n")
    case .unsupportedVersion(let source, let version):
      return
        "\(source) is catalog format version \(version), newer than the version \(Catalog.formatVersion) this ail-ai reads; "
        + "update ail-ai or export the catalog from an older app"
    case .emptyCatalog:
      return "catalog is empty: run `ail-ai catalog init` or import one"
    case .noSystemPrompt:
      return "no system prompt: give --preset, --recipe, --system or --system-file, or mark a preset as the default"
    case .conflict(let message), .invalidValue(let message):
      return message
    case .fileAccess(let path, let reason):
      return "\(path): \(reason)"
    }
  }
}
