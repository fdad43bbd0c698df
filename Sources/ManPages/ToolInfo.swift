import Foundation

/// The parts of ArgumentParser's `--experimental-dump-help` output (ToolInfo, serialization
/// version 0) a man page needs. ArgumentParser does not export its own types for this format.
struct ToolInfo: Decodable {
  var serializationVersion: Int
  var command: CommandInfo
}

struct CommandInfo: Decodable {
  var superCommands: [String]?
  var commandName: String
  var abstract: String?
  var discussion: String?
  var shouldDisplay: Bool?
  var subcommands: [CommandInfo]?
  var arguments: [ArgumentInfo]?

  var fullName: String { ((superCommands ?? []) + [commandName]).joined(separator: " ") }
}

struct ArgumentInfo: Decodable {
  enum Kind: String, Decodable { case positional, option, flag }

  struct Name: Decodable {
    enum Kind: String, Decodable { case long, short, longWithSingleDash }
    var kind: Kind
    var name: String

    var spelled: String {
      switch kind {
      case .long: "--" + name
      case .short: "-" + name
      case .longWithSingleDash: "-" + name
      }
    }
  }

  var kind: Kind
  var shouldDisplay: Bool
  var isOptional: Bool
  var isRepeating: Bool
  var names: [Name]?
  var valueName: String?
  var defaultValue: String?
  var allValues: [String]?
  var abstract: String?
  var discussion: String?
}

extension ToolInfo {
  init(json: Data) throws {
    self = try JSONDecoder().decode(ToolInfo.self, from: json)
    guard serializationVersion == 0 else {
      throw ManPageError("unsupported dump-help serialization version \(serializationVersion)")
    }
  }
}

struct ManPageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
