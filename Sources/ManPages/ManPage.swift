public import Foundation
public import Localization
public import ToolKit

/// Renders a section-1 man page (man(7) macros) from a command's `--experimental-dump-help` JSON.
///
/// Unlike ArgumentParser's own generate-manual plugin it takes a fixed date, leaves out the
/// built-in `help` subcommand, and turns the ENVIRONMENT, FILES, EXAMPLES and EXIT STATUS blocks
/// that ``HelpText`` puts into a discussion into real sections.
public enum ManPage {
  /// - Parameters:
  ///   - dumpHelp: the output of `tool --experimental-dump-help`.
  ///   - seeAlso: other pages to list under SEE ALSO, e.g. `rk-cache`.
  ///   - language: of the page's own headings and words; the text from the dump is in the language
  ///     the tool was run in, which should be the same.
  public static func render(
    dumpHelp: Data, date: String = Toolbox.manualDate, version: String = Toolbox.version,
    seeAlso: [String] = [], language: Language = .english
  ) throws -> String {
    let info = try ToolInfo(json: dumpHelp)
    return Renderer(command: info.command, date: date, version: version, seeAlso: seeAlso, language: language).page()
  }
}

private struct Renderer {
  let command: CommandInfo
  let date: String
  let version: String
  let seeAlso: [String]
  let language: Language

  func page() -> String {
    let name = command.commandName
    let parsed = Discussion(command.discussion ?? "")
    var out: [String] = []
    // TRANSLATORS: the title of section 1 of the manual, as man pages in the language name it.
    let manual = tr("User Commands", in: language)
    out.append(
      ".TH \(quoted(name.uppercased())) 1 \(quoted(date)) \(quoted("rk & ail \(version)")) \(quoted(escape(manual)))")
    // TRANSLATORS: the heading of a man page's first section, as man pages in the language name it
    // (German ones: BEZEICHNUNG); also the first heading of "ail-log tags --format table".
    out.append(heading(tr("NAME", in: language)))
    out.append(escape(name) + " \\- " + escape(command.abstract ?? ""))
    out.append(heading(tr("SYNOPSIS", in: language)))
    out += synopsis(command)
    for sub in visibleSubcommands(command) { out += synopsis(sub) }
    if !parsed.intro.isEmpty {
      out.append(heading(tr("DESCRIPTION", in: language)))
      out += paragraphs(parsed.intro)
    }
    let options = visibleArguments(command)
    if !options.isEmpty {
      out.append(heading(tr("OPTIONS", in: language)))
      out += options.flatMap(argumentEntry)
    }
    let subcommands = visibleSubcommands(command)
    if !subcommands.isEmpty {
      out.append(heading(tr("COMMANDS", in: language)))
      for sub in subcommands { out += subcommandEntry(sub) }
    }
    for title in ["ENVIRONMENT", "FILES"] {
      guard let entries = parsed.sections[title] else { continue }
      out.append(heading(HelpText.heading(title, in: language)))
      for entry in entries {
        out.append(".TP")
        out.append("\\fB" + escapeCode(entry.term) + "\\fR")
        out.append(escape(entry.text))
      }
    }
    if let examples = parsed.sections["EXAMPLES"] {
      out.append(heading(HelpText.heading("EXAMPLES", in: language)))
      for example in examples {
        out.append(".PP")
        out.append(escape(example.text))
        out.append(".PP")
        out.append(".RS 4")
        out.append(".nf")
        out.append("\\fB" + escapeCode(example.term) + "\\fR")
        out.append(".fi")
        out.append(".RE")
      }
    }
    out.append(heading(HelpText.heading("EXIT STATUS", in: language)))
    let statuses =
      parsed.sections["EXIT STATUS"]
      ?? [ExitStatus.success, .failure, .usage, .brokenPipe].map {
        .init(term: String($0.rawValue), text: $0.meaning(in: language))
      }
    for status in statuses {
      out.append(".TP")
      out.append(".B " + escape(status.term))
      out.append(escape(status.text))
    }
    if !seeAlso.isEmpty {
      out.append(heading(tr("SEE ALSO", in: language)))
      out.append(seeAlso.sorted().map { "\\fB" + escapeCode($0) + "\\fR(1)" }.joined(separator: ",\n"))
    }
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: Pieces

  /// `.SH NAME`, `.SH "SEE ALSO"`: a section heading, quoted when it has spaces.
  private func heading(_ title: String) -> String {
    title.contains(" ") ? ".SH " + quoted(escape(title)) : ".SH " + escape(title)
  }

  private func visibleSubcommands(_ command: CommandInfo) -> [CommandInfo] {
    (command.subcommands ?? []).filter { $0.commandName != "help" && $0.shouldDisplay != false }
  }

  private func visibleArguments(_ command: CommandInfo) -> [ArgumentInfo] {
    (command.arguments ?? []).filter { $0.shouldDisplay }
  }

  private func synopsis(_ command: CommandInfo) -> [String] {
    var words: [String] = []
    // Every command has --help and --version; the synopsis shows what is particular to this one.
    for argument in visibleArguments(command) where !["help", "version"].contains(argument.names?.last?.name) {
      var word: String
      switch argument.kind {
      case .positional:
        word = "\\fI" + escapeCode(argument.valueName ?? "value") + "\\fR"
      case .flag:
        word = "\\fB" + escapeCode(argument.preferredSpelling) + "\\fR"
      case .option:
        word =
          "\\fB" + escapeCode(argument.preferredSpelling) + "\\fR \\fI" + escapeCode(argument.valueName ?? "value")
          + "\\fR"
      }
      if argument.isRepeating { word += " ..." }
      if argument.isOptional || argument.kind == .flag { word = "[" + word + "]" }
      words.append(word)
    }
    if !visibleSubcommands(command).isEmpty { words.append("\\fIcommand\\fR") }
    var lines = [".B " + escapeCode(command.fullName)]
    if !words.isEmpty { lines.append(words.joined(separator: " ")) }
    lines.append(".br")
    return lines
  }

  private func argumentEntry(_ argument: ArgumentInfo) -> [String] {
    var term: String
    switch argument.kind {
    case .positional:
      term = "\\fI" + escapeCode(argument.valueName ?? "value") + "\\fR"
    case .flag, .option:
      let names = (argument.names ?? []).sorted { ($0.kind == .short ? 0 : 1) < ($1.kind == .short ? 0 : 1) }
      term = names.map { "\\fB" + escapeCode($0.spelled) + "\\fR" }.joined(separator: ", ")
      if argument.kind == .option { term += " \\fI" + escapeCode(argument.valueName ?? "value") + "\\fR" }
    }
    if argument.isRepeating { term += " ..." }
    var text = builtInAbstract(argument) ?? argument.abstract ?? ""
    if let discussion = argument.discussion, !discussion.isEmpty { text += " " + discussion }
    if let values = argument.allValues, !values.isEmpty, argument.kind == .option {
      let listed = values.joined(separator: ", ")
      text += " " + tr("Values: \(listed).", in: language)
    }
    if let value = argument.defaultValue, !value.isEmpty, argument.kind != .flag {
      text += " " + tr("Default: \(value).", in: language)
    }
    return [".TP", term, escape(text.trimmingCharacters(in: .whitespaces))]
  }

  /// The help of `--help` and `--version` in the page's language: ArgumentParser writes it in
  /// English whatever the locale.
  private func builtInAbstract(_ argument: ArgumentInfo) -> String? {
    switch (argument.names?.last?.name, argument.abstract) {
    // TRANSLATORS: the help of every tool's --version option, in the German man pages.
    case ("version", "Show the version."): tr("Show the version.", in: language)
    // TRANSLATORS: the help of every tool's -h/--help option, in the German man pages.
    case ("help", "Show help information."): tr("Show help information.", in: language)
    default: nil
    }
  }

  private func subcommandEntry(_ command: CommandInfo) -> [String] {
    var out = [".SS " + quoted(command.fullName)]
    if let abstract = command.abstract { out.append(escape(abstract)) }
    let parsed = Discussion(command.discussion ?? "")
    out += paragraphs(parsed.intro)
    for argument in visibleArguments(command) {
      out += argumentEntry(argument)
    }
    if let examples = parsed.sections["EXAMPLES"] {
      for example in examples {
        out += [".PP", escape(example.text), ".RS 4", ".nf", "\\fB" + escapeCode(example.term) + "\\fR", ".fi", ".RE"]
      }
    }
    for sub in visibleSubcommands(command) { out += subcommandEntry(sub) }
    return out
  }

  /// Blank-line separated paragraphs of prose; runs of indented lines are kept verbatim.
  private func paragraphs(_ text: String) -> [String] {
    var out: [String] = []
    for paragraph in text.components(separatedBy: "\n\n") {
      var prose: [String] = []
      var verbatim: [String] = []
      func close() {
        if !prose.isEmpty { out += [".PP", escape(prose.joined(separator: " "))] }
        if !verbatim.isEmpty { out += [".RS 4", ".nf"] + verbatim + [".fi", ".RE"] }
        prose = []
        verbatim = []
      }
      for line in paragraph.split(separator: "\n").map(String.init) {
        if line.hasPrefix("  ") {
          verbatim.append(escapeCode(String(line.dropFirst(2))))
        } else {
          if !verbatim.isEmpty { close() }
          prose.append(line.trimmingCharacters(in: .whitespaces))
        }
      }
      close()
    }
    return out
  }

  // MARK: Escaping

  /// Prose: backslashes escaped, a leading dot or quote neutralised so it is not a request,
  /// non-ASCII as `\[uXXXX]` so that the page does not depend on the reader's locale.
  private func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.replacingOccurrences(of: "\\", with: "\\e").unicodeScalars {
      if scalar.isASCII {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result.replacingOccurrences(of: "\n.", with: "\n\\&.").replacingOccurrences(of: "\n'", with: "\n\\&'")
  }

  /// Commands and option names: also `-` as `\-`, so that copying from the rendered page gives
  /// ASCII hyphen-minus, not U+2010.
  private func escapeCode(_ text: String) -> String {
    escape(text).replacingOccurrences(of: "-", with: "\\-")
  }

  private func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\(dq") + "\"" }
}

extension ArgumentInfo {
  var preferredSpelling: String {
    let names = self.names ?? []
    return (names.first { $0.kind == .long } ?? names.first)?.spelled ?? valueName ?? "value"
  }
}

/// A discussion split back into its free text and the sections ``HelpText`` appended.
struct Discussion {
  struct Entry: Equatable {
    var term: String
    var text: String
  }

  var intro = ""
  var sections: [String: [Entry]] = [:]

  init(_ text: String) {
    var introLines: [String] = []
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasSuffix(":"), let section = HelpText.section(headed: String(line.dropLast())) {
        current = section
        sections[section] = []
        continue
      }
      guard let section = current else {
        introLines.append(line)
        continue
      }
      if line.hasPrefix("    "), !line.hasPrefix("      "), sections[section]?.last?.term.hasSuffix("\\") == true,
        var last = sections[section]?.popLast()
      {
        // An example's command continued on the next line (HelpText.pasteable).
        last.term += "\n" + line
        sections[section]?.append(last)
      } else if line.hasPrefix("      ") {
        let more = line.trimmingCharacters(in: .whitespaces)
        if var last = sections[section]?.popLast() {
          last.text += last.text.isEmpty ? more : " " + more
          sections[section]?.append(last)
        }
      } else if line.hasPrefix("  ") {
        sections[section]?.append(Entry(term: line.trimmingCharacters(in: .whitespaces), text: ""))
      } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
        continue
      } else {
        current = nil
        introLines.append(line)
      }
    }
    intro = introLines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
