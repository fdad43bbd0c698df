public import Foundation

/// A program run to its end in `folder` (its arguments may name files there), standard input
/// empty, both pipes drained before waiting so that neither can fill and stall it.
public enum FolderProcess {
  public static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> (
    status: Int32, output: Data, errors: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    nonisolated(unsafe) var errorData = Data()
    let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1000) }
    return (process.terminationStatus, data, String(decoding: errorData, as: UTF8.self))
  }
}
