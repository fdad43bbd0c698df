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
  /// The most pages of collections read: 10,000 collections, far beyond any person's.
  static let collectionPageLimit = 100

  /// Every collection of the token's user, following the list's pages, each once (offset paging
  /// repeats one when a collection is made meanwhile). A page that adds none ends the listing,
  /// so a server that ignores the offset cannot keep it going.
  public func collections() async throws -> [ReadeckCollection] {
    var found: [ReadeckCollection] = []
    var seen = Set<String>()
    var next: String?
    var offset = 0
    for pages in 1...Self.collectionPageLimit {
      let page = try await listPage(
        next ?? apiURL("/bookmarks/collections", [("limit", "100"), ("offset", String(offset))]))
      let before = found.count
      for object in page.bookmarks {
        guard let id = object["id"]?.stringValue, let name = object["name"]?.stringValue,
          seen.insert(id).inserted
        else { continue }
        found.append(ReadeckCollection(id: id, name: name))
      }
      offset += page.bookmarks.count
      let morePages = page.totalPages.map { pages < $0 } ?? (page.bookmarks.count == 100)
      guard found.count > before, morePages else { return found }
      next = page.next
    }
    return found
  }
}
