import ArgumentParser
import Foundation
import OfflineStore
import StoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats",
      abstract: "How much the store holds: articles, image blobs, last sync, the largest articles.",
      discussion: HelpText.discussion(
        "--json writes one object with count, bytes, blobs, blob_bytes, last_sync, pending (changes queued for rk-push) and largest.",
        examples: [
          Example("rk-cache stats", "\"23 articles, 12.5 MB\" and more."),
          Example("rk-cache stats --json | jq .bytes", "For scripts."),
        ],
        exitStatuses: [(.success, nil)]))

    @OptionGroup var store: StoreOptions
    @Flag(help: "Write one JSON object instead of text.") var json = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let stats = try store.openForReading().stats()
        let sink = OutputSink.standardOutput
        if json {
          var object: JSONObject = [
            "count": .integer(Int64(stats.count)), "bytes": .integer(Int64(stats.bytes)),
            "blobs": .integer(Int64(stats.blobs)), "blob_bytes": .integer(Int64(stats.blobBytes)),
            "pending": .integer(Int64(stats.pending)),
            "largest": .array(stats.largest.map { .object($0.members) }),
          ]
          object["last_sync"] = stats.lastSync.map { .string(RFC3339.string(from: $0)) } ?? .null
          try sink.emit(JSONValue.object(object))
        } else {
          var text = "\(stats.count) article\(stats.count == 1 ? "" : "s"), \(Formatting.size(stats.bytes))\n"
          text += "\(stats.blobs) image blob\(stats.blobs == 1 ? "" : "s"), \(Formatting.size(stats.blobBytes))\n"
          text +=
            "last sync: "
            + (stats.lastSync.map { "\(Formatting.age(of: $0)) (\(RFC3339.string(from: $0)))" } ?? "never") + "\n"
          text += "\(Formatting.count(stats.pending, "change")) pending for rk-push\n"
          if !stats.largest.isEmpty {
            text += "largest:\n"
            text += Formatting.table(stats.largest.map { ["  " + Formatting.size($0.bytes), $0.id, $0.title] })
          }
          try sink.write(text)
        }
        try sink.flush()
      }
    }
  }

  struct NeedsSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "needs-sync",
      abstract: "Exit 0 when the store was never synced or its last sync is older than --max-age, else 1.",
      discussion: HelpText.discussion(
        "The original app's rule: sync at most every four hours.",
        examples: [Example("rk-cache needs-sync --max-age 4h && make sync", "Only when due.")],
        exitStatuses: [
          (.success, "A sync is due (also when there is no store yet)."), (.failure, "The last sync is recent enough."),
        ]))

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("How old the last sync may be: 90s, 30m, 4h, 2d, 1w.", valueName: "age")) var maxAge =
      "4h"

    func validate() throws {
      if Formatting.duration(maxAge) == nil {
        throw ValidationError("--max-age is a number and a unit: 90s, 30m, 4h, 2d, 1w; up to 1000 years.")
      }
    }

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline: OfflineStore
        do {
          offline = try store.openForReading()
        } catch StoreError.missing {
          return  // never synced; the sync that is due creates the store
        }
        guard let last = try offline.lastSync() else { return }
        if Date().timeIntervalSince(last) <= Formatting.duration(maxAge)! {
          throw ExitCode(ExitStatus.failure.rawValue)
        }
      }
    }
  }

  struct LastSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "last-sync",
      abstract: "The time of the last complete sync (RFC 3339); exit 1 when there was none.",
      discussion: HelpText.discussion(
        "Only a stream that ended with a complete sync_summary counts. The format is what rk-fetch --since takes.",
        examples: [
          Example("rk-cache last-sync", "2026-11-22T03:04:05Z"),
          Example(
            "rk-fetch --since \"$(rk-cache last-sync)\" --metadata-only | rk-cache store",
            "Apply what changed on the server since then (readkeep.mk adds --state all --limit 0)."),
        ],
        exitStatuses: [(.success, nil), (.failure, "Never synced.")]))

    @OptionGroup var store: StoreOptions

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        guard let last = try store.openForReading().lastSync() else { throw ToolError(.failure, "never synced") }
        let sink = OutputSink.standardOutput
        try sink.write(RFC3339.string(from: last) + "\n")
        try sink.flush()
      }
    }
  }

  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clear", abstract: "Remove every article, image and index entry, and say what was freed.",
      discussion: HelpText.discussion(
        "Asks for --yes so that it is never run by accident. The sync time is kept.",
        examples: [Example("rk-cache clear --yes", "Start over.")], exitStatuses: [(.success, nil)]))

    @OptionGroup var store: StoreOptions
    @Flag(help: "Really remove everything.") var yes = false

    func validate() throws {
      if !yes { throw ValidationError("clear removes every cached article; add --yes to do it.") }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open()
        let before = try offline.stats()
        _ = try offline.remove(ids: try offline.ids())
        diagnostics.info(
          "removed \(before.count) article\(before.count == 1 ? "" : "s"), freed \(Formatting.size(before.bytes)) (\(before.blobs) image blobs)"
        )
      }
    }
  }
}
