import FakeServer

extension StatusText {
  /// The reason phrases of the language-model servers, in status lines and in generic error
  /// messages: Go's, two of their own, and `Status N` for a code without one.
  static func llm(_ code: Int) -> String {
    switch code {
    case 413: "Payload Too Large"
    case 529: "Site Overloaded"
    default: StatusText.of(code).isEmpty ? "Status \(code)" : StatusText.of(code)
    }
  }
}
