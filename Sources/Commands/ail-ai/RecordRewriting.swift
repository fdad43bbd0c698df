import ArgumentParser
import Localization
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
      let (count, field) = (tally.withoutText, rewriter.field)
      throw ToolError(
        .dataError,
        tr(
          one: "\(count) record without text in \"\(field)\"", other: "\(count) records without text in \"\(field)\"",
          count: count))
    }
    guard !tally.failed.isEmpty else { return }
    // One record the provider chokes on is that record's failure; a provider that answered none
    // is unreachable.
    let unreachable = tally.rewritten == 0 && tally.unanswered == tally.failed.count
    throw ExitCode((unreachable ? ExitStatus.unavailable : .tempFailure).rawValue)
  }

  /// "rewrote 18 of 20 records, 2 failed (…)".
  private func report(_ tally: RecordTally) {
    let (rewritten, total) = (tally.rewritten, tally.total)
    var text = tr(
      one: "rewrote \(rewritten) of \(total) record", other: "rewrote \(rewritten) of \(total) records", count: total)
    if !tally.failed.isEmpty {
      text += ", " + Failures.text(tally.failed)
    }
    if !rewriter.dryRun { diagnostics.info(text) }
    if reportUsage {
      diagnostics.info(
        tr(
          "usage: \(tally.promptTokens) prompt + \(tally.completionTokens) completion = \(tally.promptTokens + tally.completionTokens) tokens"
        )
      )
    }
  }
}

/// `14 failed (a; b; c; …)`: how many failed and the first `shown` reasons, for a summary line
/// that stays one line however many fail (ToolKit's `Formatting.failures`, in the user's language).
enum Failures {
  static func text(_ reasons: some Collection<String>, shown: Int = 3) -> String {
    let listed = reasons.prefix(shown).joined(separator: "; ") + (reasons.count > shown ? "; …" : "")
    let count = reasons.count
    // TRANSLATORS: how many failed, then the first reasons: "2 failed (a: timeout; b: HTTP 500)".
    return tr(one: "\(count) failed (\(listed))", other: "\(count) failed (\(listed))", count: count)
  }
}
