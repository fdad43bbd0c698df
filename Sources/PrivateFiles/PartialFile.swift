public import Foundation
import Localization

/// A file that appears whole or not at all: written as a private (0600) partial file beside its
/// destination (beside the target of a link, so that the rename stays on one file system and the
/// link stays), synced, then renamed over it. For `-` the partial file is made in the temporary
/// folder and copied to standard output when complete, so that formats that must seek (ZIP) can
/// go to a pipe too.
///
/// Whoever writes the contents may reopen ``partial`` by path (ZIPFoundation does), until
/// ``commit()`` or ``abandon()``.
public final class PartialFile {
  /// Writes the finished file's bytes to standard output, chunk by chunk.
  public typealias StandardOutput = (UnsafeRawBufferPointer) throws -> Void

  /// The name the user gave, for messages.
  public let path: String
  public let destination: FileDestination
  /// Where the contents are written until ``commit()``.
  public let partial: String
  private let standardOutput: StandardOutput
  private var finished = false

  /// Creates the partial file for `path` holding `initial`. Refuses, before writing anything,
  /// what cannot be replaced by a file (see ``FileDestination``).
  public init(
    for path: String, initial: Data = Data(), standardOutput: @escaping StandardOutput = PartialFile.writeToDescriptor1
  ) throws {
    self.path = path
    self.standardOutput = standardOutput
    destination = try FileDestination.resolving(path)
    let folder: String
    let name: String
    switch destination {
    case .standardOutput:
      folder = FileManager.default.temporaryDirectory.path
      name = "standard-output"
    case .file(let target):
      let parts = PathParts(target)
      (folder, name) = (parts.folder, parts.name)
    }
    partial = PathParts.joining(folder, ".\(name).\(UUID().uuidString).partial")
    let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: path, reason: tr("cannot create a file in \(folder): \(FileDestination.describe(errno))"))
    }
    defer { close(descriptor) }
    let error = initial.withUnsafeBytes { DescriptorWrite.writeAll(descriptor, $0) }
    if error != 0 {
      unlink(partial)
      throw FileWriteError(path: path, reason: FileDestination.describe(error))
    }
  }

  /// Puts the finished file in place (or copies it to standard output) and returns its size.
  @discardableResult
  public func commit() throws -> Int {
    guard !finished else { return 0 }
    finished = true
    let descriptor = open(partial, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileWriteError(path: path, reason: FileDestination.describe(errno)) }
    defer { close(descriptor) }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    do {
      switch destination {
      case .standardOutput:
        // Gone from the folder before the copy, so that a reader going away (which ends the
        // tool at once) leaves nothing behind; the open descriptor still reads it.
        unlink(partial)
        try copy(descriptor, to: standardOutput)
      case .file(let target):
        // On disk before it is named, so that a crash leaves the old file or the new, whole.
        guard fsync(descriptor) == 0 else { throw FileWriteError(path: path, reason: FileDestination.describe(errno)) }
        guard rename(partial, target) == 0 else {
          throw FileWriteError(path: path, reason: FileDestination.describe(errno))
        }
        Self.syncFolder(PathParts.folder(of: target))
      }
    } catch {
      unlink(partial)
      throw error
    }
    return size
  }

  /// A folder's entries on disk too (a new name in it), as far as the file system allows.
  static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Removes the partial file; the destination stays as it was.
  public func abandon() {
    guard !finished else { return }
    finished = true
    unlink(partial)
  }

  private func copy(_ descriptor: Int32, to output: StandardOutput) throws {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileWriteError(path: path, reason: FileDestination.describe(errno))
      }
      if count == 0 { return }
      try buffer.withUnsafeBytes { try output(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
  }

  /// The plain standard output: write(2) to descriptor 1, any failure thrown.
  public static var writeToDescriptor1: StandardOutput {
    { bytes in
      let error = DescriptorWrite.writeAll(1, bytes)
      if error != 0 { throw FileWriteError(path: "-", reason: FileDestination.describe(error)) }
    }
  }
}

/// Files that hold the user's data, written whole in one call (see ``PartialFile``).
public enum PrivateFile {
  public typealias WriteError = FileWriteError

  /// Writes `data` to `path` (standard output for `-`), whole or not at all, mode 0600.
  public static func write(
    _ data: Data, to path: String,
    standardOutput: @escaping PartialFile.StandardOutput = PartialFile.writeToDescriptor1
  ) throws {
    let file = try PartialFile(for: path, initial: data, standardOutput: standardOutput)
    try file.commit()
  }
}
