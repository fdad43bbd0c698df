/// Where the translations are looked up: one generated table per language, compiled into every
/// binary (nothing beside the binary to install or lose). English is the key itself.
enum Catalog {
  /// A message's translation, one string per plural form (one for a message without plural), or
  /// nil when the language has none (the English original is then shown).
  static func translation(of id: String, in language: Language) -> [String]? {
    switch language {
    case .english: nil
    case .german: germanCatalog[id]
    }
  }
}
