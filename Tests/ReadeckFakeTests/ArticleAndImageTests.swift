import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct ArticleAndImageTests {
  @Test func articleHasAbsoluteImageURLsAndMediaLinks() async throws {
    let library = FakeReadeck.sampleLibrary(count: 2, imagesPerArticle: 3)
    try await withFake(library) { fake, client in
      let bookmark = library[0]
      let response = try await client.send("\(fake.baseURL)/api/bookmarks/\(bookmark.id)/article")
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "text/html; charset=utf-8")
      #expect(response.header("Content-Length") == String(response.body.count))
      #expect(response.text == bookmark.articleHTML.replacingOccurrences(of: "{root}", with: fake.baseURL))
      #expect(!response.text.contains("{root}"))
      let urls = bookmark.images.map {
        "\(fake.baseURL)/bm/\(bookmark.id.prefix(2))/\(bookmark.id)/_resources/\($0.name)"
      }
      for url in urls { #expect(response.text.contains("src=\"\(url)\"")) }
      #expect(response.text.contains("srcset=\"\(urls[0]) 1x, \(urls[1]) 2x\""))
      let media = response.values("Link").filter { $0.hasSuffix("rel=\"media\"") }
      #expect(media == urls.map { "<\($0)>; rel=\"media\"" })
      #expect(response.header("Bookmark-Id") == bookmark.id)
    }
  }

  @Test func articleOfLoadingPhotoAndUnknownBookmarks() async throws {
    try await withFake(Fixture.all) { fake, client in
      let loading = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.loadingID)/article")
      #expect(loading.status == 500)
      #expect(loading.text == #"{"status":500,"message":"Internal Server Error"}"# + "\n")
      let photo = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.photoID)/article")
      #expect(photo.status == 200)
      #expect(photo.body.isEmpty)
      let unknown = try await client.send("\(fake.baseURL)/api/bookmarks/UnknownUnknownUnknown1/article")
      #expect(unknown.status == 404)
    }
  }

  @Test func imagesAreServedWithoutAuthAsValidPNGs() async throws {
    let library = FakeReadeck.sampleLibrary(count: 2, imagesPerArticle: 4)
    try await withFake(library) { fake, client in
      let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(library[1].id)/article")
      let urls = article.values("Link").compactMap { link -> String? in
        guard link.hasSuffix("rel=\"media\""), let end = link.firstIndex(of: ">") else { return nil }
        return String(link[link.index(after: link.startIndex)..<end])
      }
      #expect(urls.count == 4)
      var colours = Set<[UInt8]>()
      for url in urls {
        let image = try await client.send(url, headers: [])
        #expect(image.status == 200)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("Cache-Control") == "public, max-age=31536000")
        let png = image.body
        try checkPNG(png, width: 32, height: 32)
        colours.insert(try pixel(png))
      }
      #expect(colours.count == 4, "each image of an article has its own colour")
    }
  }

  @Test func imageAliasesAndMissingImages() async throws {
    try await withFake([Fixture.article]) { fake, client in
      let base = "\(fake.baseURL)/bm/Vn/\(Fixture.articleID)"
      let thumbnail = try await client.send("\(base)/img/thumbnail.png", headers: [])
      #expect(thumbnail.status == 200)
      #expect(thumbnail.body == Fixture.article.images[0].bytes)
      #expect(try await client.send("\(base)/_resources/missing.png", headers: []).status == 404)
      #expect(
        try await client.send("\(fake.baseURL)/bm/Xx/\(Fixture.articleID)/_resources/\(Fixture.imageName)", headers: [])
          .status == 404)
    }
  }

  /// Checks the signature, the IHDR chunk and its CRC, and that the IDAT zlib stream's stored
  /// blocks hold exactly the pixel rows, with a matching Adler-32.
  private func checkPNG(_ png: [UInt8], width: Int, height: Int) throws {
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(bigEndian(png[8..<12]) == 13)
    #expect(Array(png[12..<16]) == Array("IHDR".utf8))
    #expect(bigEndian(png[16..<20]) == UInt32(width))
    #expect(bigEndian(png[20..<24]) == UInt32(height))
    #expect(Array(png[24..<29]) == [8, 2, 0, 0, 0])
    #expect(bigEndian(png[29..<33]) == crc32(Array(png[12..<29])))

    var offset = 33
    var raw: [UInt8] = []
    var sawEnd = false
    while offset + 12 <= png.count {
      let length = Int(bigEndian(png[offset..<offset + 4]))
      let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      let data = Array(png[offset + 8..<offset + 8 + length])
      #expect(
        bigEndian(png[offset + 8 + length..<offset + 12 + length])
          == crc32(Array(png[offset + 4..<offset + 8 + length])))
      if type == "IDAT" { raw += try inflateStored(data) }
      if type == "IEND" { sawEnd = true }
      offset += 12 + length
    }
    #expect(sawEnd)
    #expect(raw.count == height * (1 + width * 3))
  }

  private func inflateStored(_ zlib: [UInt8]) throws -> [UInt8] {
    #expect((UInt16(zlib[0]) << 8 | UInt16(zlib[1])) % 31 == 0)
    var out: [UInt8] = []
    var index = 2
    while true {
      let header = zlib[index]
      #expect(header & 0b110 == 0, "stored block")
      let length = Int(zlib[index + 1]) | Int(zlib[index + 2]) << 8
      let complement = Int(zlib[index + 3]) | Int(zlib[index + 4]) << 8
      #expect(length ^ complement == 0xFFFF)
      out += zlib[(index + 5)..<(index + 5 + length)]
      index += 5 + length
      if header & 1 == 1 { break }
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in out {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    #expect(bigEndian(zlib[index..<index + 4]) == b << 16 | a)
    return out
  }

  /// The first pixel's RGB, read from the stored IDAT data (after the zlib header, the block
  /// header and the row's filter byte).
  private func pixel(_ png: [UInt8]) throws -> [UInt8] {
    let idat = try #require(firstIndex(of: Array("IDAT".utf8), in: png))
    let start = idat + 4 + 2 + 5 + 1
    return Array(png[start..<start + 3])
  }
}
