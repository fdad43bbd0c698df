/// The reason phrases written in status lines and in the fake's generic error messages.
enum StatusText {
  static func of(_ code: Int) -> String { table[code] ?? "Status \(code)" }

  private static let table: [Int: String] = [
    200: "OK", 400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 413: "Payload Too Large",
    415: "Unsupported Media Type", 422: "Unprocessable Entity", 425: "Too Early", 429: "Too Many Requests",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout", 529: "Site Overloaded",
  ]
}
