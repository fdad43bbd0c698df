import Foundation
import LLMFake
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Where the tools are: `RK_BIN_DIR` when set (`.build/debug` runs each tool's own executable),
/// else a folder of links named after the tools to the multi-call `rk-ail` that `swift build` put
/// next to the test bundle: what an install holds, started by name as an install starts it.
let binaries: URL = {
  if let explicit = ProcessInfo.processInfo.environment["RK_BIN_DIR"] { return URL(fileURLWithPath: explicit) }
  let multiCall = Bundle.main.bundleURL.appendingPathComponent("rk-ail")
  let links = URL(fileURLWithPath: NSTemporaryDirectory() + "rk-e2e-tools-\(getpid())")
  try? FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
  let list = (try? run(multiCall.path, ["--list"]).stdout) ?? ""
  for tool in list.split(separator: "\n").map(String.init) + ["rk-ail"] {
    try? FileManager.default.createSymbolicLink(
      at: links.appendingPathComponent(tool), withDestinationURL: multiCall)
  }
  return links
}()

struct ToolRun: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String
  var seconds: Double

  /// Every stdout line parsed; a test fails if any is not a JSON object.
  var records: [JSONValue] {
    stdout.split(separator: "\n").map { line in
      let value = try? Array(line.utf8).withUnsafeBytes { try WireCoding.parse($0) }
      #expect(value?.objectValue != nil, "stdout line is not a record: \(line.prefix(200))")
      return value ?? .null
    }
  }

  func records(kind: String) -> [JSONValue] { records.filter { $0["kind"]?.stringValue == kind } }
  var summary: JSONValue? { records(kind: "sync_summary").last }
}

/// Every token and key the end-to-end tests configure. Whatever a tool prints through ``run`` is
/// checked against all of them: no tool may ever show a secret, in any test.
let configuredSecrets = [
  AilAITests.key, "sk-wrong-KEY-123456789", AilTranscribeHTTPTests.key, RKCacheTests.token, RKExtractImagesTests.token,
  RKFetchTests.token, ReadkeepMakefileTests.token, Sandbox.token, RKCacheReadingTests.token, RKPushTests.token,
]

/// The configured secrets a run printed, on either stream.
func leakedSecrets(_ run: ToolRun) -> [String] {
  configuredSecrets.filter { run.stdout.contains($0) || run.stderr.contains($0) }
}

/// Runs a built tool with a clean environment (only what is given, plus PATH and a HOME that
/// holds nothing), feeding `stdin`, draining both pipes before waiting.
///
/// - Parameters:
///   - guardingSecrets: false only for the test of the guard itself.
///   - checkingSummaries: false for a shell whose output mixes records and text.
func run(
  _ tool: String, _ arguments: [String], environment: [String: String] = [:], stdin: String = "",
  stdinBytes: Data? = nil, guardingSecrets: Bool = true, checkingSummaries: Bool = true
) throws -> ToolRun {
  let process = Process()
  process.executableURL = tool.hasPrefix("/") ? URL(fileURLWithPath: tool) : binaries.appendingPathComponent(tool)
  process.arguments = arguments
  let home = TemporaryFolder.path("rk-e2e-home")
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/config"]
    .merging(environment) { _, given in given }
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = errors
  let started = Date()
  try process.run()
  let stdinData = stdinBytes ?? Data(stdin.utf8)
  let writer = Thread {
    try? input.fileHandleForWriting.write(contentsOf: stdinData)
    try? input.fileHandleForWriting.close()
  }
  writer.start()
  nonisolated(unsafe) var errorData = Data()
  let errorReader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
  errorReader.start()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  while !errorReader.isFinished { usleep(1000) }
  let result = ToolRun(
    status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
    stderr: String(decoding: errorData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
  if guardingSecrets {
    #expect(leakedSecrets(result).isEmpty, "\(tool) printed a configured secret")
  }
  if checkingSummaries, outputData.range(of: Data("\"kind\":\"sync_summary\"".utf8)) != nil {
    expectEveryBookmarkAccountedFor(result.summary)
  }
  return result
}

/// `run` on a thread of its own, for a test that acts while the tool runs. Called from a task,
/// `run` would block one of the few threads Swift's concurrency runs on (two, on two cores) until
/// the tool exits, and the test's own polling could then wait for the tool to finish first.
func runInBackground(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws
  -> ToolRun
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try run(tool, arguments, environment: environment) }) }.start()
  }
}

/// A tool started with a pipe on its standard input and output (standard error discarded), for
/// tests that feed it a little at a time and watch what comes out meanwhile.
func startTool(_ tool: String, _ arguments: [String]) throws -> (
  process: Process, input: FileHandle, output: FileHandle
) {
  let process = Process()
  process.executableURL = binaries.appendingPathComponent(tool)
  process.arguments = arguments
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  return (process, input.fileHandleForWriting, output.fileHandleForReading)
}

/// One line from a tool's output pipe, or nil when none is complete within `timeout` seconds.
func readLine(_ handle: FileHandle, timeout: Double) throws -> String? {
  var line = Data()
  let deadline = Date().addingTimeInterval(timeout)
  var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
  while Date() < deadline {
    guard poll(&descriptor, 1, 100) > 0 else { continue }
    var byte: UInt8 = 0
    guard read(handle.fileDescriptor, &byte, 1) == 1 else { return nil }
    if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
    line.append(byte)
  }
  return nil
}

/// The system tools some tests need: without one, those tests are reported as skipped with the
/// package to install (CI installs them all, and fails when it cannot).
extension Trait where Self == ConditionTrait {
  static var needsMake: Self { installed("/usr/bin/make", "make is not installed (apt-get install make)") }
  static var needsFFmpeg: Self { installed("/usr/bin/ffmpeg", "ffmpeg is not installed (apt-get install ffmpeg)") }
  static var needsEpubcheck: Self {
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/bin/epubcheck")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/java"),
      "epubcheck is not installed (apt-get install epubcheck)")
  }
  static var needsChromium: Self {
    installed("/usr/bin/chromium", "Chromium is not installed (apt-get install chromium)")
  }
  static var needsCurl: Self { installed("/usr/bin/curl", "curl is not installed (apt-get install curl)") }
  static var needsPython3: Self { installed("/usr/bin/python3", "python3 is not installed (apt-get install python3)") }
  static var needsPocketSphinx: Self {
    .enabled(
      if: AilTranscribeTests.hasPocketSphinx,
      "PocketSphinx is not installed (apt-get install libpocketsphinx3 pocketsphinx-en-us)")
  }

  static var needsEspeakNG: Self {
    installed("/usr/bin/espeak-ng", "espeak-ng is not installed (apt-get install espeak-ng)")
  }
  static var needsFFprobe: Self { installed("/usr/bin/ffprobe", "ffprobe is not installed (apt-get install ffmpeg)") }
  static var needsFasterWhisper: Self {
    .enabled(
      if: SpeechVenv.tinyEnModel != nil, "faster-whisper with tiny.en is not installed (scripts/speech-venv makes it)")
  }
  static var needsPiper: Self {
    .enabled(
      if: SpeechVenv.piper != nil && SpeechVenv.englishVoice != nil,
      "Piper with an English voice is not installed (scripts/speech-venv makes it)")
  }

  private static func installed(_ path: String, _ reason: Comment) -> Self {
    .enabled(if: FileManager.default.isExecutableFile(atPath: path), reason)
  }
}

/// A fake Readeck server for the length of `body`, shut down after it whether it throws or not.
func withReadeck(
  _ bookmarks: [FakeBookmark], token: String, _ body: (FakeReadeck) async throws -> Void
) async throws {
  let fake = try await FakeReadeck.start(bookmarks: bookmarks, token: token)
  do {
    try await body(fake)
    try await fake.stop()
  } catch {
    try? await fake.stop()
    throw error
  }
}

/// A fake model server and a fresh home folder (config, data, cache) for the length of `body`.
func withLLM(_ configuration: FakeLLM.Configuration, _ body: (FakeLLM, String) throws -> Void) async throws {
  let fake = try await FakeLLM.start(configuration)
  let home = TemporaryFolder.path("ail-e2e")
  defer { TemporaryFolder.remove(home) }
  do {
    try body(fake, home)
    try await fake.stop()
  } catch {
    try? await fake.stop()
    throw error
  }
}

/// Runs a built tool and kills it (SIGKILL) as soon as `until` holds, or after 20 seconds: a
/// process stopped at a moment the test picks, as a crash or a power cut stops it.
func runKilled(_ tool: String, _ arguments: [String], token: String, until: () -> Bool) throws {
  let process = Process()
  process.executableURL = binaries.appendingPathComponent(tool)
  process.arguments = arguments
  process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "READECK_TOKEN": token]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  // Polled on this thread: the cooperative pool may be busy with other tests' tools.
  let deadline = Date().addingTimeInterval(20)
  while process.isRunning, Date() < deadline, !until() { usleep(2000) }
  kill(process.processIdentifier, SIGKILL)
  process.waitUntilExit()
}
