import ArgumentParser
import Audio
import ToolKit

/// Where speech is cut.
struct SegmentationOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("0…1, the app's slider: higher hears quieter speech (0 = 0.02 RMS, 1 = 0.003).", valueName: "s"))
  var sensitivity: Double?

  @Option(help: ArgumentHelp("Silence below this RMS level in dBFS (default -40).", valueName: "db"))
  var silenceDb: Double?

  @Option(help: ArgumentHelp("Seconds of silence that end a chunk.", valueName: "seconds"))
  var silenceHold = 0.8

  @Option(help: ArgumentHelp("Shorter speech waits this long for more to join it.", valueName: "seconds"))
  var minChunk = 2.0

  @Option(help: ArgumentHelp("Longer speech is split at its quietest point; 0 for no limit.", valueName: "seconds"))
  var maxChunk = 30.0

  @Flag(help: "Only find the speech: segment records with start and end, nothing recognised.")
  var segmentsOnly = false

  func validate() throws {
    if sensitivity != nil && silenceDb != nil { throw ValidationError("Give --sensitivity or --silence-db, not both.") }
    if let sensitivity, !(0...1).contains(sensitivity) { throw ValidationError("--sensitivity is between 0 and 1.") }
    if let silenceDb, !(-120...0).contains(silenceDb) { throw ValidationError("--silence-db is between -120 and 0.") }
    if silenceHold <= 0 { throw ValidationError("--silence-hold must be more than 0.") }
    if minChunk < 0 || maxChunk < 0 { throw ValidationError("--min-chunk and --max-chunk cannot be negative.") }
    if maxChunk > 0 && maxChunk < 1 {
      throw ValidationError("--max-chunk must be at least 1 second (or 0 for no limit).")
    }
  }

  func settings(configuration: Configuration) throws -> SegmenterSettings {
    let threshold: Float
    if let sensitivity {
      threshold = SilenceThreshold.amplitude(sensitivity: sensitivity)
    } else if let setting = configuration.resolve(
      flag: ("--silence-db", silenceDb.map { String($0) }), variable: nil, key: "silence_db")
    {
      guard let decibels = Double(setting.value), (-120...0).contains(decibels) else {
        throw ToolError(.configError, "\(setting.source): silence_db must be a number of dBFS between -120 and 0")
      }
      threshold = SilenceThreshold.amplitude(decibels: decibels)
    } else {
      threshold = SilenceThreshold.amplitude(decibels: SilenceThreshold.defaultDecibels)
    }
    return SegmenterSettings(
      threshold: threshold, hold: silenceHold, minChunk: minChunk, maxChunk: maxChunk > 0 ? maxChunk : nil)
  }
}
