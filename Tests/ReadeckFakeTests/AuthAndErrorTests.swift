import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct AuthAndErrorTests {
  @Test func missingTokenGetsBothChallengesAndJSONBody() async throws {
    try await withFake(Fixture.all) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks", headers: [("Accept", "application/json")])
      #expect(response.status == 401)
      #expect(
        response.values("WWW-Authenticate") == [
          "Bearer realm=\"Bearer token\"", "Basic realm=\"Readeck Authentication\"",
        ])
      #expect(response.text == #"{"status":401,"message":"Unauthorized"}"# + "\n")
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      #expect(response.header("Cache-Control") == "private")
      #expect(response.header("Vary") == "Accept")
    }
  }

  @Test func wrongTokenGetsOnlyTheBearerChallenge() async throws {
    try await withFake(Fixture.all) { fake, client in
      let response = try await client.send(
        "\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article",
        headers: [("Authorization", "Bearer nope"), ("Accept", "application/json")])
      #expect(response.status == 401)
      #expect(response.values("WWW-Authenticate") == ["Bearer realm=\"Bearer token\""])
    }
  }

  @Test func tokenWorksAsBasicPasswordAndSchemeIsCaseInsensitive() async throws {
    try await withFake(Fixture.all) { fake, client in
      let basic = Data("anyone:\(token)".utf8).base64EncodedString()
      let viaBasic = try await client.send(
        "\(fake.baseURL)/api/bookmarks", headers: [("Authorization", "Basic \(basic)")])
      #expect(viaBasic.status == 200)
      let lower = try await client.send(
        "\(fake.baseURL)/api/bookmarks", headers: [("Authorization", "bearer \(token)")])
      #expect(lower.status == 200)
    }
  }

  @Test func infoIsPublic() async throws {
    try await withFake([]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/info", headers: [])
      #expect(response.status == 200)
      #expect(
        response.text == #"{"version":{"canonical":"0.22.3","release":"0.22.3","build":""},"features":["oauth"]}"#
          + "\n")
    }
  }

  @Test func errorBodyFollowsAccept() async throws {
    try await withFake(Fixture.all) { fake, client in
      let url = "\(fake.baseURL)/api/bookmarks/UnknownUnknownUnknown1"
      let auth = ("Authorization", "Bearer \(token)")
      let json = try await client.send(url, headers: [auth, ("Accept", "application/json")])
      #expect(json.status == 404)
      #expect(json.text == #"{"status":404,"message":"Not Found"}"# + "\n")
      #expect(json.header("Content-Type") == "application/json; charset=utf-8")

      let any = try await client.send(url, headers: [auth, ("Accept", "*/*")])
      #expect(any.status == 404)
      #expect(any.text == "Not Found\n")
      #expect(any.header("Content-Type")?.hasPrefix("text/plain") == true)

      let none = try await client.send(url, headers: [auth])
      #expect(none.status == 404)
      #expect(none.header("Content-Type") == "text/html; charset=utf-8")
      #expect(none.text.contains("<html") && none.text.contains("404"))
      for response in [json, any, none] {
        #expect(response.header("Cache-Control") == "private")
        #expect(response.header("Vary") == "Accept")
      }
    }
  }

  @Test func malformedIDsAndUnknownRoutesAreNotFoundAndWrongMethodsNotAllowed() async throws {
    try await withFake(Fixture.all) { fake, client in
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/short").status == 404)
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)-x").status == 404)
      #expect(try await client.send("\(fake.baseURL)/api/nothing").status == 404)
      #expect(try await client.send("\(fake.baseURL)/elsewhere").status == 404)
      let delete = try await client.send("\(fake.baseURL)/api/bookmarks", method: .DELETE)
      #expect(delete.status == 405)
      #expect(delete.text == #"{"status":405,"message":"Method Not Allowed"}"# + "\n")
    }
  }

  @Test func garbageIsAnsweredWithBadRequest() async throws {
    try await withFake([]) { fake, _ in
      let answer = try await rawExchange(port: fake.port, "THIS IS NOT HTTP\r\n\r\n")
      #expect(answer.hasPrefix("HTTP/1.1 400"))
      // The server is still up afterwards.
      let info = try await rawExchange(
        port: fake.port, "GET /api/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(info.hasPrefix("HTTP/1.1 200 OK"))
    }
  }

  @Test func keepAliveServesPipelinedRequestsOnOneConnection() async throws {
    try await withFake([]) { fake, _ in
      let request = "GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n"
      let last = "GET /api/bookmarks HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
      let answer = try await rawExchange(port: fake.port, request + request + last)
      #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 2)
      #expect(answer.contains("HTTP/1.1 401 Unauthorized"))
      #expect(fake.requests.count == 3)
    }
  }

  @Test func manyConcurrentConnections() async throws {
    try await withFake(FakeReadeck.sampleLibrary(count: 30, imagesPerArticle: 1)) { fake, client in
      let ids = fake.bookmarks.map(\.id)
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<200 {
          group.addTask {
            try await client.send("\(fake.baseURL)/api/bookmarks/\(ids[index % ids.count])/article").status
          }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
      #expect(statuses.count == 200)
      #expect(statuses.allSatisfy { $0 == 200 })
    }
  }
}
