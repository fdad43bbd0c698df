import Localization
import Mail
import PrivateFiles
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The outbox on disk: a private folder with, per item, the message (`ID.eml`) and its state
/// (`ID.json`, an `outbox_item` record). Each file is written whole under a temporary name and
/// renamed (``NewFile``, ``PrivateFile``), the message before its state: an item exists once its
/// state does, so a crash leaves an item whole or a message file that no item names.
struct OutboxFolder {
  let path: String

  /// Whether there is an outbox at all; reading commands leave a missing one missing.
  var exists: Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  func create() throws {
    do { try PrivateFolder.make(path) } catch { throw ToolError(.ioError, error.description) }
  }

  func messagePath(_ id: String) -> String { PathParts.joining(path, id + ".eml") }
  func statePath(_ id: String) -> String { PathParts.joining(path, id + ".json") }

  /// Every item, oldest first. A state file that does not read is skipped with a warning.
  func items(diagnostics: Diagnostics) throws -> [OutboxItemRecord] {
    guard exists else { return [] }
    guard let directory = opendir(path) else {
      throw ToolError(.noInput, tr("\(path): cannot read the outbox: \(String(cString: strerror(errno)))"))
    }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    closedir(directory)
    var items: [OutboxItemRecord] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let file = PathParts.joining(path, name)
      do {
        let bytes = try InputFile.contents(of: file)
        let item = try bytes.withUnsafeBytes { try WireCoding.decode(OutboxItemRecord.self, from: $0) }
        items.append(item)
      } catch {
        diagnostics.warning(tr("\(file): not an outbox item, skipped"))
      }
    }
    return items
  }

  /// Writes the item's state whole, synced before it replaces the old one: marked `sending`, an
  /// item is so on disk before its command starts.
  func store(_ item: OutboxItemRecord) throws {
    do {
      try PrivateFile.write(Data(try WireCoding.line(item)), to: statePath(item.id))
    } catch let error as FileWriteError {
      throw ToolError(.ioError, error.description)
    }
  }

  /// Queues `message`: the message file under the first free id of this second, then its state.
  func add(_ message: OutboxMessage, now: Date) throws -> OutboxItemRecord {
    let stamp = Self.stamp(now)
    let written: String
    do {
      written = try NewFile.write(Data(message.bytes), in: path) { attempt in
        "\(stamp)-\(attempt < 9 ? "0" : "")\(attempt + 1).eml"
      }
    } catch let error as FileWriteError {
      throw ToolError(.ioError, error.description)
    }
    let id = String(PathParts.name(of: written).dropLast(".eml".count))
    let item = OutboxItemRecord(
      id: id, messageID: message.messageID, subject: message.subject, to: message.to,
      status: OutboxStatus.pending.rawValue)
    try store(item)
    return item
  }

  /// `yyMMdd-HHmmss` in UTC: ids sort in queuing order.
  static func stamp(_ date: Date) -> String {
    let time = CivilTime(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let day = two(time.date.year % 100) + two(time.date.month) + two(time.date.day)
    return day + "-" + two(time.hour) + two(time.minute) + two(time.second)
  }

  /// The outbox's lock (see ``OutboxLock``), waited for up to `wait` seconds; nil when another
  /// process still holds it.
  func lock(waiting wait: Double) throws -> OutboxLock? {
    do { return try OutboxLock.acquire(PathParts.joining(path, ".lock"), waiting: wait) } catch let error
      as OutboxLock.Failure
    {
      throw ToolError(.ioError, error.description)
    }
  }

  /// The items with those left `sending` by a send that ended without recording the end shown,
  /// and stored, as `unknown`. Only for a caller that holds the lock: no send is running then.
  func settledItems(diagnostics: Diagnostics) throws -> [OutboxItemRecord] {
    try items(diagnostics: diagnostics).map { item in
      let found = OutboxLife.found(item)
      if found != item { try store(found) }
      return found
    }
  }
}

/// One `send`, `retry` or `cancel` at a time per outbox: each reads the items when it starts,
/// so two sends at once would both send every due item. The lock is an advisory `flock` on
/// `.lock` in the outbox (0600), released by the kernel however its holder ends, so a killed
/// send never blocks the next.
final class OutboxLock: Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func acquire(_ path: String, waiting wait: Double) throws -> OutboxLock? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
    let lock = OutboxLock(descriptor: descriptor)
    var waited = 0.0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw Failure(description: "\(path): \(String(cString: strerror(errno)))")
      }
      if waited >= wait { return nil }
      usleep(100_000)
      waited += 0.1
    }
    return lock
  }
}
