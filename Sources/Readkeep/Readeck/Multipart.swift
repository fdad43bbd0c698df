import Foundation
public import Localization
import Wire

/// One part of a multipart body: its headers (names lower-cased) and its bytes.
public struct MultipartPart: Sendable, Equatable {
  public var headers: [String: String]
  public var body: [UInt8]

  public subscript(header name: String) -> String? { headers[name.lowercased()] }
}

public enum MultipartError: Error, Equatable, CustomStringConvertible {
  case noBoundary(String)
  case malformedHeaders
  case truncated
  case partTooLarge(Int)

  public var description: String { text(in: .current) }

  public func text(in language: Language) -> String {
    switch self {
    case .noBoundary(let contentType): tr("no multipart boundary in Content-Type \"\(contentType)\"", in: language)
    case .malformedHeaders: tr("malformed part headers", in: language)
    case .truncated: tr("the multipart body ended before its closing boundary", in: language)
    case .partTooLarge(let limit): tr("a part is larger than \(limit) bytes", in: language)
    }
  }
}

/// An incremental `multipart/*` parser (RFC 2046 §5.1): feed it the body as it arrives and it
/// hands out each part once the part is complete, so memory is bounded by the largest part, not
/// the body.
public struct MultipartReader {
  private let delimiter: [UInt8]  // CRLF "--" boundary
  private let maxPartBytes: Int
  private var buffer: [UInt8]
  private var scanned = 0  // positions before this cannot start a delimiter
  private var state = State.preamble

  private enum State {
    case preamble, headers
    case body([String: String])
    case done
  }

  /// - Parameter maxPartBytes: a part larger than this is an error instead of unbounded memory.
  public init(boundary: String, maxPartBytes: Int = 512 << 20) {
    delimiter = Array("\r\n--\(boundary)".utf8)
    self.maxPartBytes = maxPartBytes
    // A body may start with the boundary itself; a virtual CRLF in front lets one search find it.
    buffer = [0x0D, 0x0A]
  }

  /// The boundary parameter of a `Content-Type` such as `multipart/mixed; boundary="abc"`.
  public static func boundary(fromContentType contentType: String) throws -> String {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
      var value = pair[1]
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      if !value.isEmpty { return value }
    }
    throw MultipartError.noBoundary(contentType)
  }

  public var isFinished: Bool {
    if case .done = state { return true }
    return false
  }

  /// Adds bytes and returns the parts they complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [MultipartPart] {
    guard !isFinished else { return [] }
    buffer.append(contentsOf: bytes)
    var parts: [MultipartPart] = []
    while let part = try step() { parts.append(part) }
    if buffer.count > maxPartBytes + delimiter.count + 4096 { throw MultipartError.partTooLarge(maxPartBytes) }
    return parts
  }

  /// Checks that the body ended properly.
  public func finish() throws {
    guard isFinished else { throw MultipartError.truncated }
  }

  /// Advances by one state if the buffer allows; returns a part when one completes.
  private mutating func step() throws -> MultipartPart? {
    while true {
      switch state {
      case .done:
        return nil
      case .preamble:
        guard let end = find(delimiter) else { return nil }
        switch delimiterTail(after: end) {
        case .needMore: return nil
        case .notADelimiter: scanned = end + 1
        case .consumed: break
        }
      case .headers:
        let headers: [String: String]
        if buffer.count >= 2, buffer[0] == 0x0D, buffer[1] == 0x0A {
          headers = [:]  // a part without headers
          buffer.removeFirst(2)
        } else if let end = find([0x0D, 0x0A, 0x0D, 0x0A], from: 0) {
          headers = try parseHeaders(buffer[0..<end])
          buffer.removeFirst(end + 4)
        } else {
          return nil
        }
        scanned = 0
        state = .body(headers)
      case .body(let headers):
        guard let end = find(delimiter) else { return nil }
        let body = Array(buffer[0..<end])
        switch delimiterTail(after: end) {
        case .needMore: return nil  // the part comes out once the delimiter's tail has arrived
        case .notADelimiter: scanned = end + 1
        case .consumed: return MultipartPart(headers: headers, body: body)
        }
      }
    }
  }

  private enum Tail { case needMore, consumed, notADelimiter }

  /// After a delimiter at `end`: `--` closes the body; optional padding and CRLF start a part;
  /// anything else means the bytes only looked like a delimiter and belong to the content.
  private mutating func delimiterTail(after end: Int) -> Tail {
    var index = end + delimiter.count
    guard index + 2 <= buffer.count else { return .needMore }
    if buffer[index] == UInt8(ascii: "-"), buffer[index + 1] == UInt8(ascii: "-") {
      state = .done
      buffer = []
      return .consumed
    }
    while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
    guard index + 2 <= buffer.count else { return .needMore }
    guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else { return .notADelimiter }
    buffer.removeFirst(index + 2)
    scanned = 0
    state = .headers
    return .consumed
  }

  /// The next match at or after `scanned`, the first position that may still start one.
  private mutating func find(_ needle: [UInt8]) -> Int? {
    if let found = find(needle, from: scanned) { return found }
    scanned = max(scanned, buffer.count - needle.count + 1)
    return nil
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    ByteSearch.firstIndex(of: needle, in: buffer, from: start)
  }

  private func parseHeaders(_ bytes: ArraySlice<UInt8>) throws -> [String: String] {
    guard !bytes.isEmpty else { return [:] }
    var headers: [String: String] = [:]
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { throw MultipartError.malformedHeaders }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return headers
  }
}
