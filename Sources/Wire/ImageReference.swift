/// One image an article's HTML refers to, as `rk-extract-images` reports it inside an article's
/// `images` array. The download fields are present once the image was fetched (or tried).
public struct ImageReference: Codable, Sendable, Hashable {
  /// The reference as written in the HTML (entities decoded, whitespace trimmed).
  public var url: String
  /// The absolute URL after resolving against the document's base; nil when it cannot be resolved.
  public var resolved: String?
  /// Where it was found, e.g. `img[src]`, `source[srcset]`, `style`, `noscript img[src]`.
  public var foundIn: String
  /// Hex SHA-256 of the downloaded bytes.
  public var sha256: String?
  /// The type sniffed from the bytes, e.g. `image/png`.
  public var mime: String?
  public var bytes: Int?
  /// The HTTP status of the download.
  public var status: Int?
  /// Why the download or embedding failed.
  public var error: String?
  public var unknownFields: JSONObject

  public init(
    url: String, resolved: String? = nil, foundIn: String, sha256: String? = nil, mime: String? = nil,
    bytes: Int? = nil, status: Int? = nil, error: String? = nil, unknownFields: JSONObject = [:]
  ) {
    self.url = url
    self.resolved = resolved
    self.foundIn = foundIn
    self.sha256 = sha256
    self.mime = mime
    self.bytes = bytes
    self.status = status
    self.error = error
    self.unknownFields = unknownFields
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case url, resolved, sha256, mime, bytes, status, error
    case foundIn = "found_in"
  }

  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, alsoKnown: [])
  }

  /// Decodes the reference from an object that also holds members of an enclosing record.
  init(from decoder: any Decoder, alsoKnown: Set<String>) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    url = try c.decode(String.self, forKey: .url)
    resolved = try c.decodeIfPresent(String.self, forKey: .resolved)
    foundIn = try c.decode(String.self, forKey: .foundIn)
    sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
    mime = try c.decodeIfPresent(String.self, forKey: .mime)
    bytes = try c.decodeIfPresent(Int.self, forKey: .bytes)
    status = try c.decodeIfPresent(Int.self, forKey: .status)
    error = try c.decodeIfPresent(String.self, forKey: .error)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self, alsoKnown: alsoKnown)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(url, forKey: .url)
    try c.encodeIfPresent(resolved, forKey: .resolved)
    try c.encode(foundIn, forKey: .foundIn)
    try c.encodeIfPresent(sha256, forKey: .sha256)
    try c.encodeIfPresent(mime, forKey: .mime)
    try c.encodeIfPresent(bytes, forKey: .bytes)
    try c.encodeIfPresent(status, forKey: .status)
    try c.encodeIfPresent(error, forKey: .error)
  }
}

/// `image`: one image reference on its own line (`rk-extract-images --list`), with the id of the
/// article it belongs to and the reference's members alongside.
public struct ImageRecord: WireRecord, Hashable {
  public static let kind = "image"

  public var articleID: String
  public var image: ImageReference
  /// Unknown members live in `image.unknownFields`; the two are one JSON object on the wire.
  public var unknownFields: JSONObject {
    get { image.unknownFields }
    set { image.unknownFields = newValue }
  }

  public init(articleID: String, image: ImageReference) {
    self.articleID = articleID
    self.image = image
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind
    case articleID = "article_id"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    articleID = try c.decode(String.self, forKey: .articleID)
    image = try ImageReference(from: decoder, alsoKnown: Set(CodingKeys.allCases.map(\.stringValue)))
  }

  public func encode(to encoder: any Encoder) throws {
    try image.encode(to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(articleID, forKey: .articleID)
  }
}
