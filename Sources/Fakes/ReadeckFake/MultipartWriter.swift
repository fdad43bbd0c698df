/// A `multipart/mixed` body written as Go's `mime/multipart.Writer` writes it: no preamble, part
/// headers sorted by name, CRLF before every delimiter after the first.
struct MultipartWriter {
  let boundary: String
  private var wrotePart = false

  /// 30 random bytes in hex, as Go's `randomBoundary`.
  init(boundary: String = MultipartWriter.randomBoundary()) {
    self.boundary = boundary
  }

  static func randomBoundary() -> String {
    var generator = SystemRandomNumberGenerator()
    let hex = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for _ in 0..<30 {
      let byte = UInt8.random(in: 0...255, using: &generator)
      out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    }
    return String(decoding: out, as: UTF8.self)
  }

  var contentType: String { "multipart/mixed; boundary=\"\(boundary)\"" }

  /// One part: its delimiter line, headers and body.
  mutating func part(headers: [(String, String)], body: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(body.count + 80 * headers.count + boundary.utf8.count + 8)
    out += Array((wrotePart ? "\r\n--\(boundary)\r\n" : "--\(boundary)\r\n").utf8)
    wrotePart = true
    for (name, value) in headers.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
      out += Array("\(name): \(value)\r\n".utf8)
    }
    out += [0x0D, 0x0A]
    out += body
    return out
  }

  /// The closing delimiter.
  func close() -> [UInt8] {
    Array((wrotePart ? "\r\n--\(boundary)--\r\n" : "--\(boundary)--\r\n").utf8)
  }
}
