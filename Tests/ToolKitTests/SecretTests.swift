import Foundation
import Testing

@testable import ToolKit

@Suite struct SecretTests {
  static let token = "rdk_S3cr3t-T0ken-value"

  @Test func aSecretNeverPrintsItself() {
    let secret = Secret(Self.token)
    var dumped = ""
    dump(secret, to: &dumped)
    for text in [
      "\(secret)", String(describing: secret), String(reflecting: secret), dumped, "\([secret])",
      "\(Optional(secret) as Any)",
    ] {
      #expect(!text.contains(Self.token), "leaked in: \(text)")
    }
    #expect(secret.reveal() == Self.token)
  }

  @Test func fromTheEnvironment() throws {
    let (diagnostics, stderr) = capturedDiagnostics()
    let secret = try Secret.load(
      .environment("READECK_TOKEN"), what: "Readeck token", diagnostics: diagnostics,
      environment: ["READECK_TOKEN": Self.token])
    #expect(secret.reveal() == Self.token)
    let error = #expect(throws: ToolError.self) {
      try Secret.load(.environment("READECK_TOKEN"), what: "Readeck token", diagnostics: diagnostics, environment: [:])
    }
    #expect(error?.status == .configError)
    #expect(error?.message == "Readeck token: environment variable READECK_TOKEN is not set")
    #expect(stderr.readToEnd() == "")
  }

  /// "\r\n" is one Character: split at it as text, the token kept its line end.
  @Test func aFileSavedWithWindowsLineEndsGivesTheTokenAlone() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/token"
    try (Self.token + "\r\nsecond line\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let (diagnostics, _) = capturedDiagnostics()
    #expect(try Secret.load(.file(path), what: "Readeck token", diagnostics: diagnostics).reveal() == Self.token)
  }

  @Test func fromAFileWithAWarningWhenOthersCanReadIt() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/token"
    try (Self.token + "\n").write(toFile: path, atomically: true, encoding: .utf8)

    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let (quiet, quietErr) = capturedDiagnostics()
    #expect(try Secret.load(.file(path), what: "Readeck token", diagnostics: quiet).reveal() == Self.token)
    #expect(quietErr.readToEnd() == "")

    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let (warned, warnedErr) = capturedDiagnostics()
    #expect(try Secret.load(.file(path), what: "Readeck token", diagnostics: warned).reveal() == Self.token)
    let warning = warnedErr.readToEnd()
    #expect(warning == "rk-test: warning: Readeck token file \(path) is readable by others; run: chmod 600 \(path)\n")
  }

  @Test func fromACommandItsFirstLine() throws {
    let (diagnostics, _) = capturedDiagnostics()
    let secret = try Secret.load(
      .command("printf '%s\\nsecond line\\n' \(Self.token)"), what: "API key", diagnostics: diagnostics)
    #expect(secret.reveal() == Self.token)
  }

  @Test func failuresNeverRepeatWhatWasRead() throws {
    let (diagnostics, stderr) = capturedDiagnostics()
    // The command prints the secret and then fails: the message must not carry it (nor the command,
    // which may hold a secret of its own).
    let failed = #expect(throws: ToolError.self) {
      try Secret.load(.command("echo \(Self.token); exit 3"), what: "API key", diagnostics: diagnostics)
    }
    #expect(failed?.message == "API key: its command exited with status 3")

    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let blank = directory + "/blank"
    try "\n\n".write(toFile: blank, atomically: true, encoding: .utf8)
    let empty = #expect(throws: ToolError.self) {
      try Secret.load(.file(blank), what: "token", diagnostics: diagnostics)
    }
    #expect(empty?.message == "token is empty (\(blank))")

    let missing = #expect(throws: ToolError.self) {
      try Secret.load(.file(directory + "/none"), what: "token", diagnostics: diagnostics)
    }
    #expect(missing?.message == "token: cannot read \(directory)/none: No such file or directory")
    for message in [failed?.message, empty?.message, missing?.message] {
      #expect(message?.contains(Self.token) == false)
    }
    #expect(!stderr.readToEnd().contains(Self.token))
  }
}
