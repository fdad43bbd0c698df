import Wire

/// A Readeck collection (a saved search) as `GET /api/bookmarks/collections` lists it: only
/// what choosing one needs; its filters stay on the server, which applies them to
/// `GET /api/bookmarks?collection=ID`.
public struct ReadeckCollection: Sendable, Equatable {
  public var id: String
  public var name: String

  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }

  /// Why a name or id given on the command line chose no single collection.
  public enum ChoiceFailure: Error, Sendable, Equatable {
    /// Neither an id nor a name there; `available` is every collection.
    case unknown(available: [ReadeckCollection])
    /// Two or more names equal the given one apart from case.
    case ambiguous([ReadeckCollection])
  }

  /// The collection `given` names: the one with that id, else the one whose name equals it
  /// apart from case. An id wins over a name, since ids are what scripts keep.
  public static func choose(_ given: String, among collections: [ReadeckCollection]) throws(ChoiceFailure)
    -> ReadeckCollection
  {
    if let byID = collections.first(where: { $0.id == given }) { return byID }
    let wanted = given.lowercased()
    let named = collections.filter { $0.name.lowercased() == wanted }
    switch named.count {
    case 1: return named[0]
    case 0: throw .unknown(available: collections)
    default: throw .ambiguous(named)
    }
  }
}

extension ReadeckClient {
  /// Every collection of the token's user, following the list's pages.
  public func collections() async throws -> [ReadeckCollection] {
    var found: [ReadeckCollection] = []
    var next: String?
    var offset = 0
    var pages = 0
    while true {
      let page = try await listPage(
        next ?? apiURL("/bookmarks/collections", [("limit", "100"), ("offset", String(offset))]))
      pages += 1
      found += page.bookmarks.compactMap { object in
        guard let id = object["id"]?.stringValue, let name = object["name"]?.stringValue else { return nil }
        return ReadeckCollection(id: id, name: name)
      }
      offset += page.bookmarks.count
      let morePages = page.totalPages.map { pages < $0 } ?? (page.bookmarks.count == 100)
      guard !page.bookmarks.isEmpty, morePages else { return found }
      next = page.next
    }
  }
}
