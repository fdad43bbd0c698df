import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ArgumentParser's parse, with two usage errors told the way a person needs to hear them.
///
/// ArgumentParser runs a command's `validate()` before it looks for unknown options, so in
/// `ail-log add 'Call Bob' --remnd 'tomorrow 9:00'` the value of the mistyped option became a
/// second text and the error blamed that ("Give the content as one argument"), and in
/// `rk-cache add URL --lable later` the word `later` was refused as a link. A word starting with
/// `--` is never content: when a parse fails, such a word that no command on the way knows is
/// reported in ArgumentParser's own words (`Unknown option '--remnd'. Did you mean '--remind'?`)
/// instead; after `--` every word is content. And ArgumentParser takes `-5` for an option, so
/// `--width -5` was "Missing value": an option followed by a negative number is read again as
/// `--width=-5`, which the option's own range then accepts or refuses.
///
/// The repairs run only after a parse has failed, so a good command line costs nothing.
enum UsageRepair {
  /// `Command.parseAsRoot(arguments)`, with the repairs.
  static func parse<Command: ParsableCommand>(_: Command.Type, _ arguments: [String]) throws -> any ParsableCommand {
    do {
      return try Command.parseAsRoot(arguments)
    } catch {
      switch repair(error, Command.self, arguments) {
      case .report(let error): throw error
      case .parse(let joined): return try Command.parseAsRoot(joined)
      }
    }
  }

  /// The asynchronous form of ``parse(_:_:)``.
  static func parse<Command: AsyncParsableCommand>(_: Command.Type, _ arguments: [String]) async throws
    -> any ParsableCommand
  {
    do {
      return try await Command.asyncParseAsRoot(arguments)
    } catch {
      switch repair(error, Command.self, arguments) {
      case .report(let error): throw error
      case .parse(let joined): return try await Command.asyncParseAsRoot(joined)
      }
    }
  }

  enum Repair {
    /// Report this error: the parse's own, or a better one.
    case report(any Error)
    /// Parse these arguments instead: the negative numbers joined to their options.
    case parse([String])
  }

  /// What to do about `error`, a failed parse of `arguments`.
  static func repair<Command: ParsableCommand>(_ error: any Error, _: Command.Type, _ arguments: [String]) -> Repair {
    let text = Command.fullMessage(for: error)
    // Help, versions and ArgumentParser's own unknown-option message need no repair.
    guard Command.exitCode(for: error) == .validationFailure, text.hasPrefix("Error: "),
      !text.hasPrefix("Error: Unknown option")
    else { return .report(error) }
    let words = Array(arguments.prefix { $0 != "--" })
    let path = commandPath(Command.self, words)
    let known = path.flatMap(options)
    let names = Set(known.flatMap(\.names)).union(builtInNames)
    if let unknown = unknownOption(words, names: names, takingValues: Set(known.filter(\.takesValue).flatMap(\.names)))
    {
      let name = optionName(unknown)
      let message = unknownOptionMessage(name, candidates: path.last.map(options)?.flatMap(\.names) ?? [])
      // The usage lines of the failed parse are those of the command the person was typing.
      let usage = text.firstRange(of: "\nUsage: ").map { String(text[$0.lowerBound...]) } ?? ""
      return .report(MistypedOption(text: message + usage))
    }
    let joined = joiningNegativeNumbers(arguments, options: known.filter(\.takesValue))
    return joined == arguments ? .report(error) : .parse(joined)
  }

  /// The first `--word` of `words` that no command on the way knows; the value of an option
  /// (`--subject '--- notes ---'`) is not one.
  private static func unknownOption(_ words: [String], names: Set<String>, takingValues: Set<String>) -> String? {
    var index = 0
    while index < words.count {
      let word = words[index]
      if isLongOption(word) && !names.contains(optionName(word)) { return word }
      index += takingValues.contains(word) ? 2 : 1
    }
    return nil
  }

  /// A usage error in ArgumentParser's words, with the usage lines after it.
  struct MistypedOption: Error {
    /// `Unknown option '--remnd'. Did you mean '--remind'?` and the usage.
    let text: String
  }

  /// `--version`, `--help` and the others ArgumentParser answers for every command.
  private static let builtInNames: Set<String> = [
    "--help", "-h", "--version", "--experimental-dump-help", "--generate-completion-script",
  ]

  /// `--remnd` and `--remnd=x`; not `--` itself, nor `-v` or `-5`.
  private static func isLongOption(_ word: String) -> Bool { word.hasPrefix("--") && word.count > 2 }

  /// `--remnd` of `--remnd=tomorrow`.
  private static func optionName(_ word: String) -> String {
    word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
  }

  /// The root and the subcommands `words` name, in order, as ArgumentParser descends (a default
  /// subcommand where no word names one).
  private static func commandPath(_ root: any ParsableCommand.Type, _ words: [String]) -> [any ParsableCommand.Type] {
    var path = [root]
    var current = root
    var remaining = words[...]
    while !current.configuration.subcommands.isEmpty {
      let subcommands = current.configuration.subcommands
      if let index = remaining.firstIndex(where: { !$0.hasPrefix("-") }),
        let next = subcommands.first(where: { named($0, remaining[index]) })
      {
        remaining = remaining[(index + 1)...]
        current = next
      } else if let fallback = current.configuration.defaultSubcommand {
        current = fallback
      } else {
        break
      }
      path.append(current)
    }
    return path
  }

  private static func named(_ command: any ParsableCommand.Type, _ word: String) -> Bool {
    command.configuration.commandName == word || command.configuration.aliases.contains(word)
  }

  /// An option or flag as the command's help dump lists it.
  struct Known {
    var names: [String]
    var takesValue: Bool
  }

  /// The options and flags of `command` itself (not its subcommands'), from its help dump, the
  /// one public listing of them.
  private static func options(_ command: any ParsableCommand.Type) -> [Known] {
    guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return [] }
    return (dump.command.arguments ?? []).compactMap { argument in
      guard argument.kind != "positional", let names = argument.names, !names.isEmpty else { return nil }
      return Known(
        names: names.map { ($0.kind == "long" ? "--" : "-") + $0.name }, takesValue: argument.kind == "option")
    }
  }

  private struct Dump: Decodable {
    struct Command: Decodable { var arguments: [Argument]? }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
    }
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var command: Command
  }

  /// ArgumentParser's message for an unknown option, with its suggestion: the closest long name
  /// of the command, fewer than four edits away.
  static func unknownOptionMessage(_ name: String, candidates: [String]) -> String {
    let close = candidates.filter { $0.hasPrefix("--") }.map { ($0, editDistance($0, name)) }.filter { $0.1 < 4 }
    guard let suggestion = close.min(by: { $0.1 < $1.1 })?.0 else { return "Unknown option '\(name)'" }
    return "Unknown option '\(name)'. Did you mean '\(suggestion)'?"
  }

  /// Levenshtein's distance between two words.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// `arguments` with each option that takes a value and is followed by a negative number
  /// (`--width -5`, `-n -1`) joined to it as its long name (`--width=-5`); the same when there is none.
  static func joiningNegativeNumbers(_ arguments: [String], options: [Known]) -> [String] {
    var joined: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { return joined + arguments[index...] }
      if index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]),
        let long = options.first(where: { $0.names.contains(word) })?.names.first(where: isLongOption)
      {
        joined.append(long + "=" + arguments[index + 1])
        index += 2
      } else {
        joined.append(word)
        index += 1
      }
    }
    return joined
  }

  /// `-5`, `-0.5`, `-.5`, `-1e3`: a minus and a digit, or a point and a digit.
  private static func isNegativeNumber(_ word: String) -> Bool {
    let rest = Array(word.dropFirst())
    guard word.first == "-", let first = rest.first else { return false }
    return first.isASCII && first.isNumber || first == "." && rest.count > 1 && rest[1].isASCII && rest[1].isNumber
  }
}
