import Foundation
import Testing

@testable import ToolKit

@Suite struct ConfigurationTests {
  static let fileText = """
    # readkeep settings
    server = https://file.example
    limit = 10

    [rk-fetch]
    limit = "50"
    """

  @Test func flagBeatsEnvironmentBeatsFile() throws {
    let file = try ConfigFile(path: "/cfg/readkeep/config", text: Self.fileText)
    let config = Configuration(tool: "rk-fetch", environment: ["READECK_URL": "https://env.example"], file: file)
    let fromFlag = config.resolve(flag: ("--server", "https://flag.example"), variable: "READECK_URL", key: "server")
    #expect(fromFlag == Setting(value: "https://flag.example", source: .flag("--server")))
    let fromEnvironment = config.resolve(flag: ("--server", nil), variable: "READECK_URL", key: "server")
    #expect(fromEnvironment == Setting(value: "https://env.example", source: .environment("READECK_URL")))
    let withoutEnvironment = Configuration(tool: "rk-fetch", environment: ["READECK_URL": ""], file: file)
    let fromFile = withoutEnvironment.resolve(flag: ("--server", nil), variable: "READECK_URL", key: "server")
    #expect(fromFile == Setting(value: "https://file.example", source: .file(path: "/cfg/readkeep/config", line: 2)))
    #expect(fromFile?.source.description == "/cfg/readkeep/config:2")
    #expect(withoutEnvironment.resolve(variable: nil, key: "missing") == nil)
  }

  /// "\r\n" is one Character: split at it as text, such a file was one line.
  @Test func aFileWithWindowsLineEndsReadsLineByLine() throws {
    let file = try ConfigFile(
      path: "config", text: "server = https://a.example\r\n[rk-push]\r\ntoken_file = /tmp/t\r\n")
    #expect(
      file.setting("server", tool: "rk-push")
        == Setting(value: "https://a.example", source: .file(path: "config", line: 1)))
    #expect(
      file.setting("token_file", tool: "rk-push") == Setting(value: "/tmp/t", source: .file(path: "config", line: 3)))
  }

  @Test func aToolSectionOverridesTheTopOfTheFile() throws {
    let file = try ConfigFile(path: "c", text: Self.fileText)
    #expect(file.setting("limit", tool: "rk-fetch")?.value == "50")
    #expect(file.setting("limit", tool: "rk-cache")?.value == "10")
    #expect(file.setting("server", tool: "rk-fetch")?.value == "https://file.example")
  }

  @Test func aMalformedLineIsAConfigurationErrorWithItsLine() {
    let error = #expect(throws: ToolError.self) { try ConfigFile(path: "/c", text: "a = 1\njust words\n") }
    #expect(error?.status == .configError)
    #expect(error?.message == "/c:2: expected key = value")
  }

  @Test func theFileIsFoundUnderXDGConfigHome() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let directories = XDGDirectories(environment: ["XDG_CONFIG_HOME": directory, "HOME": "/nonexistent"])
    #expect(try ConfigFile.load(app: "readkeep", directories: directories)?.path == nil)
    try FileManager.default.createDirectory(atPath: directory + "/readkeep", withIntermediateDirectories: true)
    try "server = http://127.0.0.1:1\n".write(toFile: directory + "/readkeep/config", atomically: true, encoding: .utf8)
    let file = try #require(try ConfigFile.load(app: "readkeep", directories: directories))
    #expect(file.setting("server", tool: "rk-fetch")?.value == "http://127.0.0.1:1")
  }

  @Test func xdgDefaultsFollowTheSpecification() {
    let defaults = XDGDirectories(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative/ignored"])
    #expect(defaults.configHome == "/home/u/.config")
    #expect(defaults.dataHome == "/home/u/.local/share")
    #expect(defaults.cacheHome == "/home/u/.cache")
    let set = XDGDirectories(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/var/cache/u"])
    #expect(set.cacheHome == "/var/cache/u")
  }

  @Test func tildeExpandsToHome() {
    let config = Configuration(tool: "t", environment: ["HOME": "/home/u"], file: nil)
    #expect(config.expandingTilde("~/token") == "/home/u/token")
    #expect(config.expandingTilde("/abs/~/x") == "/abs/~/x")
  }
}

/// The configuration example the README shows, read as it stands, and the comment rule it states.
@Suite struct ConfigurationCommentTests {
  /// The ```ini block of the README's "Configuration and files" section.
  static func readmeExample() throws -> String {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try #require(text.range(of: "### Configuration and files"))
    let start = try #require(text.range(of: "```ini\n", range: section.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test func theReadmeExampleLoadsWithTheValuesItSets() throws {
    let file = try ConfigFile(path: "README.md", text: try Self.readmeExample())
    #expect(file.setting("server", tool: "rk-fetch")?.value == "https://readeck.example.org")
    #expect(file.setting("token_file", tool: "rk-cache")?.value == "~/.config/readkeep/token")
    #expect(file.setting("limit", tool: "rk-fetch")?.value == "50")
    #expect(file.setting("limit", tool: "rk-prune") == nil)
  }

  @Test func commentsFollowWhiteSpaceAndNeverCutAWord() throws {
    let file = try ConfigFile(
      path: "c",
      text: """
        url = https://readeck.example.org/#fragment   # the server
        token = abc#def;ghi
        command = pass show readeck; echo   ; a comment
        tabbed = 1\t#comment
        quoted = " keeps # and ; and spaces "   # but not this
        empty =    # nothing
        [rk-fetch]\t; only rk-fetch
        limit = 50 # at most
        """)
    #expect(file.setting("url", tool: "x")?.value == "https://readeck.example.org/#fragment")
    #expect(file.setting("token", tool: "x")?.value == "abc#def;ghi")
    #expect(file.setting("command", tool: "x")?.value == "pass show readeck; echo")
    #expect(file.setting("tabbed", tool: "x")?.value == "1")
    #expect(file.setting("quoted", tool: "x")?.value == " keeps # and ; and spaces ")
    #expect(file.setting("empty", tool: "x")?.value == "")
    #expect(file.setting("limit", tool: "rk-fetch")?.value == "50")
    #expect(file.setting("limit", tool: "x") == nil)
  }

  @Test(arguments: ["[rk-fetch] limit = 5", "[rk-fetch", "[]  # nothing", "k = \"v\" trailing"])
  func whatIsNotACommentIsStillAnError(line: String) {
    let error = #expect(throws: ToolError.self) { try ConfigFile(path: "/c", text: line) }
    #expect(error?.status == .configError)
    #expect(error?.message.hasPrefix("/c:1: ") == true)
  }

  /// A value that does not parse is the user's typing when the option gave it (64), and the
  /// setup's when the environment or the file did (78); either way the message says where it is.
  @Test func aValueThatDoesNotParseIsRefusedByItsSource() throws {
    let file = try ConfigFile(path: "/cfg/ailo/config", text: "from = nobody")
    func resolve(flag: String?, environment: [String: String]) throws -> Int? {
      try Configuration(tool: "ail-mail", environment: environment, file: file).resolve(
        flag: ("--from", flag), variable: "EMAIL", key: "from", parse: { Int($0) },
        refusal: { value, source in "\(source): not a number: \(value)" })
    }
    #expect(try resolve(flag: "7", environment: ["EMAIL": "x"]) == 7)
    let fromFlag = #expect(throws: ToolError.self) { try resolve(flag: "x", environment: [:]) }
    #expect(fromFlag?.status == .usage)
    #expect(fromFlag?.message == "option --from: not a number: x")
    let fromEnvironment = #expect(throws: ToolError.self) { try resolve(flag: nil, environment: ["EMAIL": "y"]) }
    #expect(fromEnvironment?.status == .configError)
    #expect(fromEnvironment?.message == "environment variable EMAIL: not a number: y")
    let fromFile = #expect(throws: ToolError.self) { try resolve(flag: nil, environment: [:]) }
    #expect(fromFile?.status == .configError)
    #expect(fromFile?.message == "/cfg/ailo/config:1: not a number: nobody")
    let unset = try Configuration(tool: "ail-mail", environment: [:], file: nil).resolve(
      variable: "EMAIL", key: "from", parse: { Int($0) }, refusal: { _, _ in "" })
    #expect(unset == nil)
  }
}
