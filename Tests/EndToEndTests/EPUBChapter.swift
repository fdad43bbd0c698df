import Foundation
import Testing
import ZIPFoundation

/// The first chapter of a book rk-cache epub wrote, as text.
func firstChapter(of book: String) throws -> String {
  let archive = try Archive(url: URL(fileURLWithPath: book), accessMode: .read)
  let entry = try #require(archive["OEBPS/c1.xhtml"])
  var data = Data()
  _ = try archive.extract(entry) { data.append($0) }
  return String(decoding: data, as: UTF8.self)
}
