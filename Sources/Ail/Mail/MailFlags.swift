#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flags a mailbox keeps for a message, as Maildir names them in a file name's `:2,` info
/// (and IMAP as `\Seen`, `\Answered`, `\Flagged`, `\Deleted`, `\Draft`).
public enum MailFlag: Character, Sendable, CaseIterable, Comparable {
  case draft = "D"
  case flagged = "F"
  case passed = "P"
  case replied = "R"
  case seen = "S"
  case trashed = "T"

  /// The word in a `mail` record's `flags`.
  public var word: String {
    switch self {
    case .draft: "draft"
    case .flagged: "flagged"
    case .passed: "passed"
    case .replied: "replied"
    case .seen: "seen"
    case .trashed: "trashed"
    }
  }

  public static func < (a: MailFlag, b: MailFlag) -> Bool { a.rawValue < b.rawValue }
}

/// A Maildir file name: the unique part, and the info after `:` when there is one. The unique
/// part keeps everything its writer put there (mbsync's `,U=123`), so a rename changes only the
/// flags.
public struct MaildirName: Sendable, Equatable {
  public var unique: Substring
  /// The letters after `:2,`, as written; nil when the name has no `:2,` info (info of the
  /// experimental `:1,` kind included, which a rename replaces).
  public var flagLetters: Substring?

  /// The colon is found among Unicode scalars, as in a path's slashes: a combining mark after
  /// it would make one Character of them.
  public init(_ name: Substring) {
    let scalars = name.unicodeScalars
    guard let colon = scalars.firstIndex(of: ":") else {
      unique = name
      return
    }
    unique = Substring(scalars[..<colon])
    let info = scalars[scalars.index(after: colon)...]
    if info.starts(with: "2,".unicodeScalars) { flagLetters = Substring(info.dropFirst(2)) }
  }

  /// The flags this tool knows; letters it does not (lower-case, experimental ones) stay in the
  /// name through ``renamed(setting:clearing:)``.
  public var flags: Set<MailFlag> { Set((flagLetters ?? "").compactMap(MailFlag.init(rawValue:))) }

  /// The name with `set` added and `clear` taken away, the letters in ASCII order as the
  /// Maildir convention asks (and mbsync and mutt write them), each once.
  public func renamed(setting set: Set<MailFlag>, clearing clear: Set<MailFlag>) -> String {
    var letters = Set(flagLetters ?? "")
    letters.formUnion(set.map(\.rawValue))
    letters.subtract(clear.map(\.rawValue))
    return String(unique) + ":2," + String(letters.sorted())
  }
}

extension Maildir {
  /// Where a message file goes when its flags change: its folder (`cur/` or `new/` of a
  /// Maildir) and its new name. A message in `new/` moves to `cur/` once it is seen, as mail
  /// readers move it; nil when `path` is not in a Maildir's `cur/` or `new/`.
  public static func destination(of path: String, setting set: Set<MailFlag>, clearing clear: Set<MailFlag>) -> (
    folder: String, name: String
  )? {
    // Split among scalars: a name may begin with a combining mark (see PathParts).
    let parts = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map(Substring.init)
    guard parts.count >= 2, let name = parts.last, !name.isEmpty, !Maildir.isHidden(name),
      let box = parts.dropLast().last, box == "cur" || box == "new"
    else { return nil }
    let newName = MaildirName(name).renamed(setting: set, clearing: clear)
    let seen = MaildirName(Substring(newName)).flags.contains(.seen)
    let folder = box == "new" && seen ? "cur" : box
    return ((parts.dropLast(2) + [folder]).joined(separator: "/"), newName)
  }
}

extension Maildir {
  /// Why a message could not be given its new flags.
  public enum RenameError: Error, Equatable {
    /// Not a file in a Maildir's `cur/` or `new/`.
    case notInMaildir(String)
    case noSuchMessage(String)
    /// The rename itself failed: the path, its new name, the system's words.
    case failed(String, target: String, reason: String)
  }

  /// Gives the message at `path` the name its new flags make (see
  /// ``destination(of:setting:clearing:)``) and returns it. link(2) then unlink(2), so that at
  /// every moment the message has a name and a file of the new name is never replaced; where
  /// the file system has no hard links, a rename that checks first.
  public static func setFlags(
    of path: String, setting set: Set<MailFlag>, clearing clear: Set<MailFlag>
  ) throws(RenameError) -> String {
    guard let (folder, name) = destination(of: path, setting: set, clearing: clear) else {
      throw .notInMaildir(path)
    }
    let target = folder.isEmpty ? name : folder + "/" + name
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .noSuchMessage(path) }
    guard target != path else { return path }
    if link(path, target) != 0 {
      let error = errno
      guard error == EPERM || error == EOPNOTSUPP || error == EXDEV, access(target, F_OK) != 0,
        rename(path, target) == 0
      else { throw .failed(path, target: target, reason: String(cString: strerror(error))) }
      return target
    }
    guard unlink(path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(target)
      throw .failed(path, target: target, reason: reason)
    }
    return target
  }
}
