import Localization
import NIOHTTP1
public import Wire

/// Readeck's highlight routes (`/api/bookmarks/{id}/annotations`), as `rk-push` sends what was
/// queued offline.
extension ReadeckClient {
  /// `GET /api/bookmarks/{id}/annotations`: the bookmark's highlights with their selectors.
  public func highlights(ofBookmark id: String) async throws -> [JSONObject] {
    let (_, body) = try await send(.GET, highlightsURL(bookmarkID: id), accept: .json)
    let notJSON = Wording { tr("the highlight list is not valid JSON", in: $0) }
    guard case .array(let items) = try parseJSON(body, notJSON) else {
      throw ReadeckError.invalidResponse(Wording { tr("the highlight list is not a JSON array", in: $0) })
    }
    return items.compactMap(\.objectValue)
  }

  /// `POST /api/bookmarks/{id}/annotations` with `fields` (selectors, offsets, colour, note);
  /// the new highlight as the server stored it. Sent once: a create without an answer may have
  /// reached the server, so the caller looks for it before sending it again.
  public func createHighlight(bookmarkID: String, fields: JSONObject) async throws -> JSONObject {
    let (_, body) = try await send(
      .POST, highlightsURL(bookmarkID: bookmarkID), accept: .json, body: try WireCoding.line(JSONValue.object(fields)),
      once: true)
    let notJSON = Wording { tr("the new highlight is not valid JSON", in: $0) }
    guard case .object(let answer) = try parseJSON(body, notJSON), answer["id"]?.stringValue != nil else {
      throw ReadeckError.invalidResponse(Wording { tr("the new highlight is not a JSON object with an id", in: $0) })
    }
    return answer
  }

  /// `PATCH …/annotations/{aid}` with a colour and note (absolute values: a retry is harmless);
  /// the highlight as the server now has it, from the list it answers with.
  public func updateHighlight(bookmarkID: String, id: String, fields: JSONObject) async throws -> JSONObject? {
    let (_, body) = try await send(
      .PATCH, highlightURL(bookmarkID: bookmarkID, id: id), accept: .json,
      body: try WireCoding.line(JSONValue.object(fields)))
    let notJSON = Wording { tr("the highlight update answer is not valid JSON", in: $0) }
    let answer = try parseJSON(body, notJSON)
    return answer["annotations"]?.arrayValue?.compactMap(\.objectValue).first { $0["id"]?.stringValue == id }
  }

  /// `DELETE …/annotations/{aid}`.
  public func deleteHighlight(bookmarkID: String, id: String) async throws {
    _ = try await send(.DELETE, highlightURL(bookmarkID: bookmarkID, id: id), accept: .json)
  }

  public func highlightsURL(bookmarkID: String) -> String {
    apiURL("/bookmarks/\(URLText.encodeComponent(bookmarkID))/annotations")
  }

  public func highlightURL(bookmarkID: String, id: String) -> String {
    highlightsURL(bookmarkID: bookmarkID) + "/" + URLText.encodeComponent(id)
  }
}
