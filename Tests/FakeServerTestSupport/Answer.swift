public import NIOHTTP1

/// A response read to the end.
public struct Answer: Sendable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]

  public init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public var text: String { String(decoding: body, as: UTF8.self) }

  public func values(_ name: String) -> [String] { headers[name] }

  public func header(_ name: String) -> String? { headers.first(name: name) }
}
