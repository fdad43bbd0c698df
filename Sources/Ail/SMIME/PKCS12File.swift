#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PKCS#12 file (.p12, .pfx) read through `openssl pkcs12`: swift-certificates does not read
/// PKCS#12, and its password-based encryption (PBES2, and RC2 in older files) is more code than
/// an import needs. The password goes to openssl on its standard input, never on its command
/// line; it is read here first, so that `--password-file /dev/stdin` reads this process's input.
public enum PKCS12File {
  /// The certificates (the key's own first) and the private key, PEM.
  public struct Contents: Sendable {
    public var certificatesPEM: String
    public var keyPEM: String?
  }

  public enum Failure: Error, Equatable {
    case wrongPassword
    case unreadable(String)
    case opensslMissing
  }

  public static let openssl = "/usr/bin/openssl"

  /// Reads `file` with the password in the first line of `passwordFile` (none: an empty password).
  public static func read(_ file: String, passwordFile: String?) throws(Failure) -> Contents {
    let password = try passwordFile.map(firstLine) ?? []
    var result = try run(["pkcs12", "-in", file, "-nodes", "-passin", "stdin"], password: password)
    // Files from before OpenSSL 3 use RC2 and 3DES, which its legacy provider holds.
    if result.status != 0, !result.errors.contains("invalid password") {
      let legacy = try run(["pkcs12", "-legacy", "-in", file, "-nodes", "-passin", "stdin"], password: password)
      if legacy.status == 0 { result = legacy }
    }
    guard result.status == 0 else {
      if result.errors.contains("invalid password") { throw .wrongPassword }
      let reason = result.errors.split(separator: "\n").first.map(String.init) ?? "openssl failed"
      throw .unreadable(reason)
    }
    return try contents(of: result.output)
  }

  /// The certificate that belongs to the key goes first: openssl prints them in the file's order.
  static func contents(of text: String) throws(Failure) -> Contents {
    let key = PEMBundle.firstBlock(in: text, labels: ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY"])
    var blocks = PEMBundle.blocks(in: text, label: "CERTIFICATE")
    guard !blocks.isEmpty else { throw .unreadable("no certificate in the file") }
    if let key,
      let index = blocks.firstIndex(where: { (try? SigningIdentity(certificatesPEM: $0, keyPEM: key)) != nil })
    {
      blocks.insert(blocks.remove(at: index), at: 0)
    }
    return Contents(certificatesPEM: blocks.joined(), keyPEM: key)
  }

  /// The first line of the file at `path`, without its line end; at most 64 kB are read.
  static func firstLine(_ path: String) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable("\(path): " + String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while bytes.count < 65_536, !bytes.contains(UInt8(ascii: "\n")) {
      let got = chunk.withUnsafeMutableBytes { readInto(descriptor, $0) }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { throw .unreadable("\(path): " + String(cString: strerror(errno))) }
      if got == 0 { break }
      bytes += chunk[0..<got]
    }
    var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return Array(line)
  }

  private static func run(_ arguments: [String], password: [UInt8]) throws(Failure) -> (
    status: Int32, output: String, errors: String
  ) {
    guard let result = try? Spawn.run(openssl, arguments, input: password + [UInt8(ascii: "\n")]) else {
      throw .opensslMissing
    }
    return (
      result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.errors, as: UTF8.self)
    )
  }
}

/// read(2), outside ``PKCS12File`` whose own `read` would hide it.
private func readInto(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
