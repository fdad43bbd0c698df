public import ArgumentParser
public import Localization

/// A number an option or setting accepts: finite and inside a closed range that its message states.
///
/// Every numeric option of every tool parses through one of these (`@Option(transform:
/// NumberRange.timeout.parse)`), so that `nan`, `inf` and `1e300` are usage errors (status 64) naming
/// the range instead of values that trap later, when they are turned into a `Duration` or an `Int`.
public struct NumberRange<Number: RangedNumber>: Sendable {
  public let range: ClosedRange<Number>
  /// What the number counts; nil for a bare count.
  public let unit: NumberUnit?

  public init(_ range: ClosedRange<Number>, unit: NumberUnit? = nil) {
    self.range = range
    self.unit = unit
  }

  /// `must be a number of seconds from 0.001 to 86400`, `must be a whole number from 1 to 32`: what
  /// is accepted, in the user's language; the bounds as they are typed, in every language.
  public func refusal(in language: Language = .current) -> String {
    let (low, high) = (range.lowerBound.rangeText, range.upperBound.rangeText)
    // One whole message for each kind of number and unit, so that no noun is glued into a sentence.
    switch (Number.isWhole, unit) {
    case (true, nil): return tr("must be a whole number from \(low) to \(high)", in: language)
    case (false, nil): return tr("must be a number from \(low) to \(high)", in: language)
    case (true, .seconds): return tr("must be a whole number of seconds from \(low) to \(high)", in: language)
    case (false, .seconds): return tr("must be a number of seconds from \(low) to \(high)", in: language)
    case (true, .pixels): return tr("must be a whole number of pixels from \(low) to \(high)", in: language)
    case (false, .pixels): return tr("must be a number of pixels from \(low) to \(high)", in: language)
    }
  }

  /// A setting `key` from `source` that is not accepted: `config:3: limit must be …`.
  func refusal(of key: String, from source: SettingSource) -> String {
    let (low, high) = (range.lowerBound.rangeText, range.upperBound.rangeText)
    switch (Number.isWhole, unit) {
    case (true, nil):
      // TRANSLATORS: {0} is where the setting was made (a file and line, an option, an environment
      // variable), {1} the setting's name, as in "/home/u/.config/readkeep/config:3: limit must be …".
      return tr("\(source): \(key) must be a whole number from \(low) to \(high)")
    case (false, nil): return tr("\(source): \(key) must be a number from \(low) to \(high)")
    case (true, .seconds): return tr("\(source): \(key) must be a whole number of seconds from \(low) to \(high)")
    case (false, .seconds): return tr("\(source): \(key) must be a number of seconds from \(low) to \(high)")
    case (true, .pixels): return tr("\(source): \(key) must be a whole number of pixels from \(low) to \(high)")
    case (false, .pixels): return tr("\(source): \(key) must be a number of pixels from \(low) to \(high)")
    }
  }

  /// Whether `value` is accepted: finite (a NaN is inside no range) and within the range.
  public func contains(_ value: Number) -> Bool { value.isFiniteNumber && range.contains(value) }

  /// The number `text` spells, or a `ValidationError` (status 64) saying what is accepted.
  public func value(_ text: String) throws -> Number {
    let trimmed = text.trimmingWhitespace
    guard let number = Number(trimmed), contains(number) else {
      throw ValidationError(refusal())
    }
    return number
  }

  /// The `transform:` of an `@Option`; ArgumentParser reports its error as "The value 'nan' is
  /// invalid for '--timeout <seconds>': must be …" with status 64.
  public var parse: @Sendable (String) throws -> Number { { [self] text in try value(text) } }

  /// An option's help: `abstract` and the range, with the default when there is one (ArgumentParser
  /// shows no default for an option parsed by a `transform:`).
  public func help(_ abstract: String, valueName: String, default value: Number? = nil) -> ArgumentHelp {
    // The bounds as the option takes them (`0.5`, in every language): they are typed, not read.
    let (low, high) = (range.lowerBound.rangeText, range.upperBound.rangeText)
    guard let value else {
      // TRANSLATORS: an option's help and the numbers it accepts, as in "Keep at most this many
      // articles. (0 to 1000000000)".
      return ArgumentHelp(tr("\(abstract) (\(low) to \(high))"), valueName: valueName)
    }
    let fallback = value.rangeText
    return ArgumentHelp(tr("\(abstract) (\(low) to \(high); default: \(fallback))"), valueName: valueName)
  }
}

/// What the numbers of a `NumberRange` count, each with its own messages (a noun is never glued into
/// a sentence, whose grammar differs between languages).
public enum NumberUnit: Sendable {
  case seconds
  case pixels
}

/// The numbers a `NumberRange` can hold: `Int` and `Double`.
public protocol RangedNumber: Comparable, LosslessStringConvertible, Sendable {
  /// False for NaN and the infinities.
  var isFiniteNumber: Bool { get }
  /// Whether the type holds only whole numbers (for the message).
  static var isWhole: Bool { get }
  /// The number as a range bound reads: `86400`, not `86400.0`.
  var rangeText: String { get }
}

extension Int: RangedNumber {
  public var isFiniteNumber: Bool { true }
  public static var isWhole: Bool { true }
  public var rangeText: String { String(self) }
}

extension Double: RangedNumber {
  public var isFiniteNumber: Bool { isFinite }
  public static var isWhole: Bool { false }
  public var rangeText: String {
    isFinite && rounded() == self && magnitude < 1e15 ? String(Int(self)) : String(self)
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

/// The ranges options share across tools, so that `--timeout` means the same everywhere.
extension NumberRange where Number == Double {
  /// Seconds for one request: a millisecond to a day (a `Duration` of more traps nowhere, but no
  /// request is meant to wait longer).
  public static let timeout = NumberRange(0.001...86_400, unit: .seconds)
  /// Seconds before the first retry: none to an hour.
  public static let retryDelay = NumberRange(0...3_600, unit: .seconds)
}

extension NumberRange where Number == Int {
  /// Retries of a failed request.
  public static let retries = NumberRange(0...10)
}

extension Setting {
  /// The setting `key` as a number in `range`, or a configuration error (status 78) naming where it
  /// was set and what is accepted.
  public func number<Number>(_ key: String, in range: NumberRange<Number>) throws -> Number {
    guard let number = Number(value.trimmingWhitespace), range.contains(number) else {
      throw ToolError(.configError, range.refusal(of: key, from: source))
    }
    return number
  }
}

extension NumberRange where Number == Int {
  /// `--limit` of a listing or a search: how many records at most (0 for all where the help says so).
  public static let limit = NumberRange(0...1_000_000_000)
}
