import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct NeedsSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "needs-sync",
      abstract: tr("Exit 0 when the store was never synced or its last sync is older than --max-age, else 1."),
      discussion: HelpText.discussion(
        tr("The original app's rule: sync at most every four hours."),
        examples: [Example("rk-cache needs-sync --max-age 4h && make sync", tr("Only when due."))],
        exitStatuses: [
          (.success, tr("A sync is due (also when there is no store yet).")),
          (.failure, tr("The last sync is recent enough.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp(tr("How old the last sync may be: 90s, 30m, 4h, 2d, 1w."), valueName: "age"))
    var maxAge =
      "4h"

    func validate() throws {
      if Formatting.duration(maxAge) == nil {
        throw ValidationError(tr("--max-age is a number and a unit: 90s, 30m, 4h, 2d, 1w; up to 1000 years."))
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
      abstract: tr("The time of the last complete sync (RFC 3339); exit 1 when there was none."),
      discussion: HelpText.discussion(
        tr("Only a stream that ended with a complete sync_summary counts. The format is what rk-fetch --since takes."),
        examples: [
          Example("rk-cache last-sync", "2026-11-22T03:04:05Z"),
          Example(
            "rk-fetch --since \"$(rk-cache last-sync)\" --metadata-only | rk-cache store",
            tr("Apply what changed on the server since then (readkeep.mk adds --state all --limit 0).")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("Never synced."))]))

    @OptionGroup var store: StoreOptions

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        guard let last = try store.openForReading().lastSync() else { throw ToolError(.failure, tr("never synced")) }
        let sink = OutputSink.standardOutput
        try sink.write(RFC3339.string(from: last) + "\n")
        try sink.flush()
      }
    }
  }

  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clear", abstract: tr("Remove every article, image and index entry, and say what was freed."),
      discussion: HelpText.discussion(
        tr("Asks for --yes so that it is never run by accident. The sync time is kept."),
        examples: [Example("rk-cache clear --yes", tr("Start over."))], exitStatuses: [(.success, nil)]))

    @OptionGroup var store: StoreOptions
    @Flag(help: ArgumentHelp(tr("Really remove everything."))) var yes = false

    func validate() throws {
      if !yes { throw ValidationError(tr("clear removes every cached article; add --yes to do it.")) }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open()
        let before = try offline.stats()
        _ = try offline.remove(ids: try offline.ids())
        let (count, size, blobs) = (before.count, Formatted.size(before.bytes), before.blobs)
        diagnostics.info(
          tr(
            one: "removed \(count) article, freed \(size) (\(blobs) image blobs)",
            other: "removed \(count) articles, freed \(size) (\(blobs) image blobs)", count: count))
      }
    }
  }
}
