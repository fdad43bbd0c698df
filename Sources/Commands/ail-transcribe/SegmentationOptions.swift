import ArgumentParser
import Audio
import Localization
import ToolKit

/// Where speech is cut.
struct SegmentationOptions: ParsableArguments {
  @Option(
    help: Self.sensitivityRange.help(
      tr("The app's slider: higher hears quieter speech (0 = 0.02 RMS, 1 = 0.003)."), valueName: "s"),
    transform: Self.sensitivityRange.parse)
  var sensitivity: Double?

  @Option(
    help: Self.silenceDbRange.help(tr("Silence below this RMS level in dBFS."), valueName: "db", default: -40),
    transform: Self.silenceDbRange.parse)
  var silenceDb: Double?

  @Option(
    help: Self.silenceHoldRange.help(tr("Seconds of silence that end a chunk."), valueName: "seconds", default: 0.8),
    transform: Self.silenceHoldRange.parse)
  var silenceHold = 0.8

  @Option(
    help: Self.minChunkRange.help(
      tr("Shorter speech waits this long for more to join it."), valueName: "seconds", default: 2),
    transform: Self.minChunkRange.parse)
  var minChunk = 2.0

  @Option(
    help: Self.maxChunkRange.help(
      tr("Longer speech is split at its quietest point; 0 for no limit, else at least 1."), valueName: "seconds",
      default: 30),
    transform: Self.maxChunkRange.parse)
  var maxChunk = 30.0

  static let sensitivityRange = NumberRange(0.0...1)
  static let silenceDbRange = NumberRange(-120.0...0)
  /// Seconds are turned into sample counts and `Duration`s: a day bounds them far from overflow.
  static let silenceHoldRange = NumberRange(0.01...3_600, unit: .seconds)
  static let minChunkRange = NumberRange(0.0...3_600, unit: .seconds)
  static let maxChunkRange = NumberRange(0.0...86_400, unit: .seconds)

  @Flag(help: ArgumentHelp(tr("Only find the speech: segment records with start and end, nothing recognised.")))
  var segmentsOnly = false

  func validate() throws {
    if sensitivity != nil && silenceDb != nil {
      throw ValidationError(tr("Give --sensitivity or --silence-db, not both."))
    }
    if maxChunk > 0 && maxChunk < 1 {
      throw ValidationError(tr("--max-chunk must be at least 1 second (or 0 for no limit)."))
    }
  }

  func settings(configuration: Configuration) throws -> SegmenterSettings {
    let threshold: Float
    if let sensitivity {
      threshold = SilenceThreshold.amplitude(sensitivity: sensitivity)
    } else if let setting = configuration.resolve(
      flag: ("--silence-db", silenceDb.map { String($0) }), variable: nil, key: "silence_db")
    {
      threshold = SilenceThreshold.amplitude(decibels: try setting.number("silence_db", in: Self.silenceDbRange))
    } else {
      threshold = SilenceThreshold.amplitude(decibels: SilenceThreshold.defaultDecibels)
    }
    return SegmenterSettings(
      threshold: threshold, hold: silenceHold, minChunk: minChunk, maxChunk: maxChunk > 0 ? maxChunk : nil)
  }
}
