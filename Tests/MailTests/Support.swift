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

/// python3 on PATH, or nil (with the reason printed) so that a test can skip.
func python3() -> String? {
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
    let path = "\(directory)/python3"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  print("skipped: python3 is not on PATH, so the comparison with Python's email package cannot run")
  return nil
}

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
