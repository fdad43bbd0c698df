import Foundation
import Mail
import Testing

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

let fixtures = repositoryRoot.appendingPathComponent("Tests/MailTests/Fixtures")

func fixturePaths() throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".eml") }.sorted()
    .map { fixtures.appendingPathComponent($0).path }
}

/// A message from text written with `\n` line breaks.
func message(_ text: String) -> MailMessage { MailMessage(Array(text.utf8)) }

/// python3 on PATH, if there is one: the tests that compare with Python's email package are
/// enabled only then (and reported as skipped otherwise).
let python3: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs `python3 arguments…` and returns its standard output; the test fails on a non-zero exit.
func runPython(_ python: String, _ arguments: [String], stdin: Data = Data()) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: python)
  process.arguments = arguments
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  try input.fileHandleForWriting.write(contentsOf: stdin)
  try input.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "python3 \(arguments.joined(separator: " ")) failed")
  return String(decoding: data, as: UTF8.self)
}
