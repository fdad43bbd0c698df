import ArgumentParser
import Rewrite
import ToolKit
import Wire

/// Record mode: each record's field rewritten by ``RecordRewriter``, up to `concurrency` at once,
/// written on in input order as soon as it and those before it are done. The input waits while
/// the window is full, so memory stays bounded by the window and never by the stream.
struct RecordRewriting {
  let rewriter: RecordRewriter
  let concurrency: Int
  let reportUsage: Bool
  let strict: Bool
  let diagnostics: Diagnostics

  func run(readers: [LineReader]) async throws {
    // Each line flushed as it goes: a model is slow, and a record should move on once it is done.
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    let window = OrderedWindow<[UInt8]>(
      window: concurrency, writeRecord: { try sink.writeLine($0) },
      writeResult: { line in try line.withUnsafeBytes { try sink.write($0) } })
    let records = try await window.run { feeder in
      let records = RecordInput(readers: readers, strict: strict, diagnostics: diagnostics, sink: nil)
      try records.forEachRecord { line in
        // Parsed here, not in the task, so that a line that is not JSON is reported and skipped
        // by `records` like any other bad line (one in braces that parses is an object).
        guard let record = try line.decode(JSONValue.self).objectValue else { return }
        try feeder.submit { await rewriter.rewrite(record) }
      }
      return records
    }
    try sink.flush()
    let tally = rewriter.tally
    report(tally)
    try records.finish()
    if tally.withoutText > 0 {
      throw ToolError(
        .dataError,
        "\(tally.withoutText) record\(tally.withoutText == 1 ? "" : "s") without text in \"\(rewriter.field)\"")
    }
    guard !tally.failed.isEmpty else { return }
    // One record the provider chokes on is that record's failure; a provider that answered none
    // is unreachable.
    let unreachable = tally.rewritten == 0 && tally.unanswered == tally.failed.count
    throw ExitCode((unreachable ? ExitStatus.unavailable : .tempFailure).rawValue)
  }

  /// "rewrote 18 of 20 records, 2 failed (…)".
  private func report(_ tally: RecordTally) {
    var text = "rewrote \(tally.rewritten) of \(tally.total) record\(tally.total == 1 ? "" : "s")"
    if !tally.failed.isEmpty {
      text += ", " + Formatting.failures(tally.failed)
    }
    if !rewriter.dryRun { diagnostics.info(text) }
    if reportUsage {
      diagnostics.info(
        "usage: \(tally.promptTokens) prompt + \(tally.completionTokens) completion = \(tally.promptTokens + tally.completionTokens) tokens"
      )
    }
  }
}
