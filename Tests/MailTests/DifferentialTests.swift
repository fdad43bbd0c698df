import Foundation
import Mail
import Testing
import Wire

/// `MailMessage.record()` against Python's standard `email` package (scripts/mail-reference.py)
/// on the messages in Fixtures/: every decoded field must agree, except where Python departs
/// from the RFCs in ways listed here with their reason.
@Suite struct DifferentialTests {
  /// (fixture, field) → why the two may differ.
  static let knownDifferences: [String: String] = [
    "01-encoded-words.eml cc":
      "Python keeps the space between two adjacent encoded words of a display name; RFC 2047 §6.2 drops it",
    "09-groups-and-comments.eml from": "for the obsolete `a@b (Name)` form Python drops the name; mail readers show it",
  ]

  @Test(.enabled(if: python3 != nil, "python3 is not on PATH (apt-get install python3)"))
  func everyFixtureDecodesAsPythonDecodesIt() throws {
    let python = try #require(python3)
    let paths = try fixturePaths()
    #expect(paths.count >= 14)
    let output = try runPython(
      python, [repositoryRoot.appendingPathComponent("scripts/mail-reference.py").path] + paths)
    let references = try output.split(separator: "\n").map { line in
      try Array(line.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    }
    #expect(references.count == paths.count)
    var compared = 0
    for (path, reference) in zip(paths, references) {
      let ours = MailMessage(try Array(Data(contentsOf: URL(fileURLWithPath: path)))).record(source: path).members
      let name = URL(fileURLWithPath: path).lastPathComponent
      for (field, expected) in reference.objectValue ?? [:] where field != "source" {
        if field == "text" && expected == .null { continue }  // an HTML body: text is ail-mail's own
        var actual = ours[field] ?? .null
        switch field {
        case "to", "cc", "reply_to", "attachments": if actual == .null { actual = .array([]) }
        case "has_html": if actual == .null { actual = .bool(false) }
        default: break
        }
        let normalizedExpected = Self.normalized(field, expected)
        let normalizedActual = Self.normalized(field, actual)
        if normalizedExpected != normalizedActual, Self.knownDifferences["\(name) \(field)"] == nil {
          Issue.record("\(name): \(field) differs\n  Python: \(normalizedExpected)\n  ours:   \(normalizedActual)")
        }
        compared += 1
      }
    }
    #expect(compared > 100)
  }

  /// Absent members and nulls alike; enclosed messages' sizes depend on how Python re-serialises them.
  static func normalized(_ field: String, _ value: JSONValue) -> JSONValue {
    func clean(_ object: JSONObject) -> JSONValue {
      var object = object.filter { $0.value != .null }
      if field == "attachments", object["mime"]?.stringValue?.hasPrefix("message/") == true { object["size"] = nil }
      return .object(object)
    }
    switch value {
    case .object(let object): return clean(object)
    case .array(let items): return .array(items.map { $0.objectValue.map(clean) ?? $0 })
    default: return value
    }
  }
}
