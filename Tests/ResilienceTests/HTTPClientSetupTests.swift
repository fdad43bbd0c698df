import AsyncHTTPClient
import Resilience
import Testing

@Suite struct HTTPClientSetupTests {
  struct Failure: Error {}

  /// A second shutdown fails, which shows the helper did the first.
  private func isShutDown(_ http: HTTPClient?) async -> Bool {
    do {
      try await http?.shutdown()
      return false
    } catch {
      return true
    }
  }

  @Test func theClientIsShutDownAfterSuccess() async throws {
    var used: HTTPClient?
    let answer = try await withHTTPClient(connectTimeout: 1) { http in
      used = http
      return 42
    }
    #expect(answer == 42)
    #expect(await isShutDown(used))
  }

  @Test func theClientIsShutDownAfterAFailureThatIsPassedOn() async {
    var used: HTTPClient?
    await #expect(throws: Failure.self) {
      try await withHTTPClient(connectTimeout: 1) { http in
        used = http
        throw Failure()
      }
    }
    #expect(await isShutDown(used))
  }

  @Test func noClientMeansJustTheWork() async throws {
    #expect(try await shuttingDown(nil) { "done" } == "done")
  }
}
