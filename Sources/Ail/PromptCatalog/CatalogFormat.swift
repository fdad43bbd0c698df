#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Catalog {
  /// Reads a catalog in the export format and checks it: the version, the shape, and every
  /// reference (see ``problems()``). Throws ``CatalogError/invalidFile(source:problems:)`` or
  /// ``CatalogError/unsupportedVersion(source:version:)``.
  ///
  /// - Parameter source: how the file is named in messages.
  public init(exportData data: Data, source: String) throws {
    let version: Int?
    do {
      version = try JSONDecoder().decode(VersionProbe.self, from: data).version
    } catch {
      throw CatalogError.invalidFile(source: source, problems: [Self.describe(error)])
    }
    guard let version else { throw CatalogError.invalidFile(source: source, problems: ["no \"version\" member"]) }
    if version > Self.formatVersion { throw CatalogError.unsupportedVersion(source: source, version: version) }
    guard version == Self.formatVersion else {
      throw CatalogError.invalidFile(source: source, problems: ["version \(version) is not a catalog format version"])
    }
    do {
      self = try JSONDecoder().decode(Catalog.self, from: data)
    } catch {
      throw CatalogError.invalidFile(source: source, problems: [Self.describe(error)])
    }
    let problems = problems()
    guard problems.isEmpty else { throw CatalogError.invalidFile(source: source, problems: problems) }
  }

  /// The catalog in the export format, pretty-printed with sorted keys and a final newline, dated
  /// `exportDate`.
  public func exportData(exportDate: Date = Date()) throws -> Data {
    var dated = self
    dated.exportDate = Timestamp(exportDate)
    return try dated.encodedData()
  }

  /// The catalog as it is, `exportDate` included.
  func encodedData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// A decoding error as one line that says where: `menuItems[2].type: …`.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not JSON: \(error)" }
    func place(_ path: [any CodingKey]) -> String {
      var text = ""
      for key in path {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "the file" : text
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(place(context.codingPath)): expected \(Self.jsonName(of: type))"
    case .valueNotFound(let type, let context):
      return "\(place(context.codingPath)): expected \(Self.jsonName(of: type)), found null"
    case .keyNotFound(let key, let context):
      return "\(place(context.codingPath + [key])): missing"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "not JSON: \(context.debugDescription)" }
      return "\(place(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func jsonName(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Int64.Type: "an integer"
    case is Bool.Type: "true or false"
    default:
      String(describing: type).hasPrefix("Array")
        ? "an array"
        : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a value of another type"
    }
  }
}

/// The one member read before anything else: a newer version may have another shape.
private struct VersionProbe: Decodable {
  var version: Int?
}
