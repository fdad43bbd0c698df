import Resilience
import Testing

/// The error bodies of the servers the tools talk to, each read for its message.
@Suite struct HTTPErrorBodyTests {
  func parse(_ text: String) -> HTTPErrorBody.Parsed { HTTPErrorBody.parse(Array(text.utf8)) }

  @Test func openAIsErrorWithItsCodeAndTypeAndTheQuotaThatWaitingDoesNotCure() {
    #expect(
      parse(
        #"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#
      ) == .init(message: "You exceeded your current quota", code: "insufficient_quota", type: "insufficient_quota"))
    #expect(parse(#"{"error":{"message":"quota","code":"insufficient_quota"}}"#).quotaExhausted)
    #expect(parse(#"{"error":{"message":"rate limited","type":"throttling_error","code":"429"}}"#).code == "429")
    #expect(!parse(#"{"error":{"message":"slow down","code":"rate_limit_exceeded"}}"#).quotaExhausted)
    #expect(
      parse(#"{"error":{"message":"Invalid file format.","type":"invalid_request_error"}}"#).message
        == "Invalid file format.")
  }

  @Test func ollamaWhisperMistralAndFastAPIShapes() {
    #expect(parse(#"{"error":"model 'llama9' not found"}"#).message == "model 'llama9' not found")
    #expect(parse(#"{"message":"Unauthorized","request_id":"abc"}"#).message == "Unauthorized")
    #expect(
      parse(
        #"{"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body","stream_options"],"msg":"Extra inputs are not permitted"}]},"type":"invalid_request_error"}"#
      ).message == "Extra inputs are not permitted: body.stream_options")
    #expect(
      parse(#"{"detail":"Model 'x' is not installed locally."}"#).message == "Model 'x' is not installed locally.")
    #expect(
      parse(#"{"detail":[{"msg":"field required","loc":["body","file"]}]}"#).message == "field required: body.file")
    #expect(parse(#"{"detail":[{"msg":"field required"}]}"#).message == "field required")
  }

  @Test func plainTextAndErrorPagesBecomeOneShortLine() {
    #expect(parse("Internal Server Error").message == "Internal Server Error")
    #expect(parse("<html><body><h1>502 Bad Gateway</h1>\n<hr>nginx</body></html>").message == "502 Bad Gateway nginx")
    #expect(parse("").message == "(no message)")
    let long = parse(String(repeating: "word ", count: 100)).message
    #expect(long.count == 161 && long.hasSuffix("…"))
    #expect(parse(#"{"status":"down"}"#).message == #"{"status":"down"}"#)
  }

  @Test func readecksFormErrorsGiveTheFormsOwnErrorsAndLeaveTheFieldsToTheCaller() {
    let fieldsOnly = #"{"is_valid":false,"errors":null,"fields":{"url":{"errors":["field is required"]}}}"#
    #expect(parse(fieldsOnly).message == HTTPErrorBody.noMessage)
    #expect(
      parse(#"{"is_valid":false,"errors":["too many labels","bad date"]}"#).message == "too many labels; bad date")
  }

  @Test func aStatusIsSaidWithItsReasonAndWhatTheBodyAddsOnce() {
    func summary(_ status: Int, _ reason: String, _ body: String) -> String {
      HTTPErrorBody.summary(status: status, reason: reason, parse(body))
    }
    #expect(
      summary(503, "Service Unavailable", #"{"status":503,"message":"Service Unavailable"}"#)
        == "HTTP 503 Service Unavailable")
    #expect(summary(500, "Internal Server Error", "") == "HTTP 500 Internal Server Error")
    #expect(
      summary(429, "Too Many Requests", #"{"error":{"message":"Rate limit reached"}}"#)
        == "HTTP 429 Too Many Requests: Rate limit reached")
    #expect(summary(599, "", "odd") == "HTTP 599: odd")
  }
}
