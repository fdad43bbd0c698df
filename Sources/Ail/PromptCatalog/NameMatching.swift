/// Finding entries by name, and close names to suggest when none fits.
enum NameMatching {
  /// The entries whose name is exactly `name`; when there are none, those whose name matches
  /// ignoring case.
  static func matches<Entry>(_ name: String, in entries: [Entry], name key: (Entry) -> String) -> [Entry] {
    let exact = entries.filter { key($0) == name }
    if !exact.isEmpty { return exact }
    let lowered = name.lowercased()
    return entries.filter { key($0).lowercased() == lowered }
  }

  /// Up to `limit` names from `candidates` close to `name`, closest first: those containing it,
  /// then those a few typing errors away. Paths also count by their last
  /// name, so `Frendly` suggests `Mail/Reply/Friendly`.
  static func suggestions(for name: String, among candidates: [String], limit: Int = 5) -> [String] {
    let wanted = name.lowercased()
    let wantedLast = lastName(wanted)
    var scored: [(score: Int, name: String)] = []
    for candidate in Set(candidates) {
      let lowered = candidate.lowercased()
      let last = lastName(lowered)
      if !wanted.isEmpty, lowered.contains(wanted) {
        scored.append((0, candidate))
        continue
      }
      let distance = min(editDistance(wanted, lowered), editDistance(wantedLast, last))
      if distance <= max(2, wantedLast.count / 3) { scored.append((distance, candidate)) }
    }
    return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(limit).map(\.name)
  }

  private static func lastName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
