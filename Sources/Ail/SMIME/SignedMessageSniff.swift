/// Whether a message's header announces a signature, read from the header alone: what decides
/// whether a listing reads the whole message.
public enum SignedMessageSniff {
  public static func looksSigned(_ bytes: [UInt8]) -> Bool {
    guard let entity = RawEntity(bytes[...]) ?? RawEntity(bytes[...] + [.newline, .newline]) else { return false }
    guard let field = entity.fields.first(where: { RawEntity.field($0, isNamed: "Content-Type") }) else { return false }
    let value = String(decoding: field, as: UTF8.self).lowercased()
    return value.contains("multipart/signed") || value.contains("pkcs7-mime")
  }
}
