/// One image an article's HTML refers to, as `rk-extract-images` reports it inside an article's
/// `images` array. The download fields are present once the image was fetched (or tried).
public struct ImageReference: WireObject, Hashable {
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

  public init(reading members: inout MemberReader) throws {
    url = try members.string("url")
    resolved = try members.optionalString("resolved")
    foundIn = try members.string("found_in")
    sha256 = try members.optionalString("sha256")
    mime = try members.optionalString("mime")
    bytes = try members.optionalInt("bytes")
    status = try members.optionalInt("status")
    error = try members.optionalString("error")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("url", url)
    members.put("resolved", resolved)
    members.put("found_in", foundIn)
    members.put("sha256", sha256)
    members.put("mime", mime)
    members.put("bytes", bytes)
    members.put("status", status)
    members.put("error", error)
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

  public init(reading members: inout MemberReader) throws {
    articleID = try members.string("article_id")
    image = try ImageReference(reading: &members)
  }

  public func write(to members: inout MemberWriter) {
    image.write(to: &members)
    members.put("article_id", articleID)
  }
}
