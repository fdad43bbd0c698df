import Foundation
import Testing

/// `rk-prune` under a German locale: its summary, errors and help in German, its records the same
/// as under any other locale.
extension RKPruneTests {
  /// A German desktop, and a container whose only locale is C.UTF-8 with LANGUAGE=de.
  static let germanLocales = [["LANG": "de_DE.UTF-8"], ["LANGUAGE": "de", "LANG": "C.UTF-8"]]

  @Test(arguments: germanLocales) func speaksGermanAndWritesTheSameRecords(locale: [String: String]) throws {
    try withStore { db, _ in
      let english = try run("rk-prune", ["--db", db, "--keep", "4", "--dry-run"])
      let german = try run("rk-prune", ["--db", db, "--keep", "4", "--dry-run"], environment: locale)
      #expect(german.status == 0, "\(german.stderr)")
      #expect(german.stdout == english.stdout)
      #expect(german.records(kind: "pruned").count == 2)
      #expect(english.stderr.hasPrefix("rk-prune: would prune 2 articles, "))
      #expect(german.stderr.hasPrefix("rk-prune: würde 2 Artikel entfernen, "), "\(german.stderr)")
      // Sizes with a decimal comma: "3,2 kB; 4 blieben, 12,8 kB".
      #expect(german.stderr.contains(/\d,\d kB; 4 blieben, \d+,\d kB/), "\(german.stderr)")

      let none = try run("rk-prune", ["--db", db], environment: locale)
      #expect(none.status == 64)
      #expect(none.stderr.contains("rk-prune: Fehler: keine Grenze: --archived, --keep"), "\(none.stderr)")
      let badSize = try run("rk-prune", ["--db", db, "--max-size", "big"], environment: locale)
      #expect(badSize.status == 64)
      #expect(badSize.stderr.contains("--max-size ist eine Größe wie 500MB oder 2GiB."), "\(badSize.stderr)")

      // The help's words, whatever its line breaks.
      let help = try run("rk-prune", ["--help"], environment: locale).stdout
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(help.contains("Höchstens so viele Artikel behalten. (0 bis 1000000000)"), "\(help)")
      #expect(help.contains("BEISPIELE:") && help.contains("EXIT-STATUS:"))
      #expect(help.contains("Die 100 zuletzt gespeicherten Artikel bleiben."))

      let pruned = try run("rk-prune", ["--db", db, "--keep", "4"], environment: locale)
      #expect(pruned.stdout == english.stdout)
      #expect(pruned.stderr.hasPrefix("rk-prune: 2 Artikel entfernt, "), "\(pruned.stderr)")
    }
  }

  /// `LC_ALL=C` is the English scripts rely on, whatever LANG and LANGUAGE say.
  @Test func theCLocaleIsEnglish() throws {
    try withStore { db, _ in
      let run = try run(
        "rk-prune", ["--db", db, "--keep", "4", "--dry-run"],
        environment: ["LANGUAGE": "de", "LC_ALL": "C", "LANG": "de_DE.UTF-8"])
      #expect(run.stderr.hasPrefix("rk-prune: would prune 2 articles, "), "\(run.stderr)")
    }
  }
}
