import ArgumentParser
import Dispatch
import Rewrite
import Synchronization
import ToolKit
import Wire

/// Record mode: each record's field rewritten, up to `concurrency` at once, written on in input
/// order as soon as it and those before it are done. Input is read on a thread of its own, which
/// blocks while the window is full, so memory stays bounded by the window and never by the stream.
struct RecordRewriting: Sendable {
  let rewriter: Rewriter
  let template: ChatRequest
  let field: String
  let concurrency: Int
  let keepThink: Bool
  let dryRun: Bool
  let reportUsage: Bool
  let strict: Bool
  let diagnostics: Diagnostics

  /// Counts shared by the record tasks.
  private final class Tallies: Sendable {
    let state = Mutex(Tally())
  }

  private struct Tally: Sendable {
    var rewritten = 0
    var failed: [String] = []
    var withoutText = 0
    var promptTokens = 0
    var completionTokens = 0
  }

  func run(reader: LineReader) async throws {
    let sink = OutputSink.standardOutput
    let output = OrderedOutput(sink: sink)
    let tally = Tallies()
    nonisolated(unsafe) let reader = reader
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      DispatchQueue.global().async {
        let slots = DispatchSemaphore(value: concurrency)
        let records = RecordInput(reader: reader, strict: strict, diagnostics: diagnostics, sink: nil)
        var index = 0
        /// Waits until every record in flight is written, then gives the slots back: libdispatch
        /// traps when a semaphore goes away below its initial value.
        func drain() {
          for _ in 0..<concurrency { slots.wait() }
          for _ in 0..<concurrency { slots.signal() }
        }
        do {
          try records.forEachRecord { line in
            // Parsed here, not in the task, so that a line that is not JSON is reported and
            // skipped by `records` like any other bad line (one in braces that parses is an object).
            guard let record = try line.decode(JSONValue.self).objectValue else { return }
            let position = index
            index += 1
            slots.wait()
            try output.check()
            Task {
              let result = await rewrite(record, tally: tally)
              output.complete(position, result)
              slots.signal()
            }
          }
        } catch {
          drain()
          continuation.resume(throwing: error)
          return
        }
        drain()
        do {
          try output.check()
          try sink.flush()
          let tallied = tally.state.withLock { $0 }
          report(tallied)
          try records.finish()
          if tallied.withoutText > 0 {
            throw ToolError(.dataError, "\(tallied.withoutText) record\(tallied.withoutText == 1 ? "" : "s") without text in \"\(field)\"")
          }
          if !tallied.failed.isEmpty { throw ExitCode(ExitStatus.tempFailure.rawValue) }
          continuation.resume()
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }

  /// One record in, its line out.
  private func rewrite(_ record: JSONObject, tally: Tallies) async -> [UInt8] {
    var record = record
    guard let text = record[field]?.stringValue, text.contains(where: { !$0.isWhitespace }) else {
      tally.state.withLock { $0.withoutText += 1 }
      record["ai_error"] = .string("no text in \"\(field)\"")
      return line(record)
    }
    var request = template
    request.input = text
    request.stream = false
    if dryRun { return Array(DryRun.describe(request, chain: rewriter.chain).utf8) }
    do {
      let completion = try await rewriter.rewrite(request)
      record["ai_text"] = .string(keepThink ? completion.text : ThinkFilter.strip(completion.text))
      var ai: JSONObject = ["provider": .string(completion.provider), "model": .string(completion.model)]
      if let usage = completion.usage { ai["usage"] = usage.json }
      if completion.cached { ai["cached"] = true }
      record["ai"] = .object(ai)
      record["ai_error"] = nil
      tally.state.withLock {
        $0.rewritten += 1
        $0.promptTokens += completion.usage?.promptTokens ?? 0
        $0.completionTokens += completion.usage?.completionTokens ?? 0
      }
    } catch {
      let message = (error as? ChatError)?.description ?? String(describing: error)
      record["ai_error"] = .string(message)
      tally.state.withLock { $0.failed.append(message) }
    }
    return line(record)
  }

  private func line(_ record: JSONObject) -> [UInt8] { (try? WireCoding.line(JSONValue.object(record))) ?? [] }

  /// "rewrote 18 of 20 records, 2 failed (…)".
  private func report(_ tally: Tally) {
    let total = tally.rewritten + tally.failed.count + tally.withoutText
    var text = "rewrote \(tally.rewritten) of \(total) record\(total == 1 ? "" : "s")"
    if !tally.failed.isEmpty {
      text += ", " + Formatting.failures(tally.failed)
    }
    if !dryRun { diagnostics.info(text) }
    if reportUsage {
      diagnostics.info("usage: \(tally.promptTokens) prompt + \(tally.completionTokens) completion = \(tally.promptTokens + tally.completionTokens) tokens")
    }
  }
}

/// Lines written in input order: a finished line waits for those before it, and each run of
/// ready lines is written and flushed at once, so results flow on behind a slow model.
final class OrderedOutput: Sendable {
  private let sink: OutputSink
  private let state = Mutex<(next: Int, ready: [Int: [UInt8]], error: ToolError?)>((0, [:], nil))

  init(sink: OutputSink) { self.sink = sink }

  func complete(_ index: Int, _ bytes: [UInt8]) {
    state.withLock { state in
      state.ready[index] = bytes
      while let line = state.ready.removeValue(forKey: state.next) {
        state.next += 1
        guard state.error == nil else { continue }
        do {
          try line.withUnsafeBytes { try sink.write($0) }
        } catch let error as ToolError {
          state.error = error
        } catch {
          state.error = ToolError(.ioError, String(describing: error))
        }
      }
      if state.error == nil {
        do { try sink.flush() } catch { state.error = (error as? ToolError) ?? ToolError(.ioError, String(describing: error)) }
      }
    }
  }

  /// Throws the first write error, so reading stops.
  func check() throws {
    if let error = state.withLock({ $0.error }) { throw error }
  }
}
