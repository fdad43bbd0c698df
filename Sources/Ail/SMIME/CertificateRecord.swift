public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A kept certificate as `ail-mail cert list` writes it.
public struct CertificateRecord: WireRecord, Hashable {
  public static let kind = "certificate"

  /// The SHA-256 fingerprint of the certificate, lower-case hex.
  public var id: String
  /// The subject, as RFC 4514 writes a name.
  public var subject: String
  /// The first address the certificate is for; nil when it names none.
  public var email: String?
  public var notAfter: Date
  /// Whether the private key is kept too, so that it can sign.
  public var hasKey: Bool
  public var unknownFields: JSONObject

  public init(
    id: String, subject: String, email: String?, notAfter: Date, hasKey: Bool, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.subject = subject
    self.email = email
    self.notAfter = notAfter
    self.hasKey = hasKey
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    subject = try members.string("subject")
    email = try members.optionalString("email")
    notAfter = try members.date("not_after")
    hasKey = try members.optionalBool("has_key") ?? false
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("subject", subject)
    members.put("email", email)
    members.put("not_after", notAfter)
    members.put("has_key", hasKey)
  }
}
