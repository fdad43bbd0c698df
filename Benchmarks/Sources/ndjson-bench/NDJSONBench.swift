import ArgumentParser
import ToolKit
import Wire

/// The two paths every record filter takes, built from the same ToolKit parts the tools use:
/// `passthrough` checks each line (UTF-8, object shape) and writes it on untouched; `decode`
/// decodes each line into its Wire record type and encodes it again.
@main
struct NDJSONBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ndjson-bench",
    abstract: "Copy NDJSON records from input to output through ToolKit, for benchmarks.",
    discussion: HelpText.discussion(
      "Measures the reader, the sink and Wire coding against jq -c . (see scripts/bench/ndjson).",
      examples: [Example("ndjson-bench --mode decode < records.ndjson > /dev/null", "Decode and encode every record.")],
      exitStatuses: [(.success, nil), (.dataError, nil)]),
    version: Toolbox.version)

  enum Mode: String, ExpressibleByArgument, CaseIterable { case passthrough, decode }

  @Option(help: "What to do with each record.") var mode: Mode = .passthrough
  @OptionGroup var input: InputOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ndjson-bench")
    try runTool(diagnostics) {
      let sink = OutputSink.standardOutput
      let records = RecordInput(input, diagnostics: diagnostics, sink: sink)
      try records.forEachRecord { line in
        switch mode {
        case .passthrough:
          try sink.writeLine(line.bytes)
        case .decode:
          do {
            try sink.emit(try decodeRecord(line))
          } catch let error as DecodingError {
            try records.reject(line, WireCoding.describe(error))
          }
        }
      }
      try sink.flush()
      try records.finish()
    }
  }

  private func decodeRecord(_ line: RecordLine) throws -> any WireRecord {
    switch try line.head().kind {
    case Article.kind: try line.decode(Article.self)
    case CacheEntry.kind: try line.decode(CacheEntry.self)
    case Pruned.kind: try line.decode(Pruned.self)
    case let other: throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown kind \(other ?? "none")"))
    }
  }
}
