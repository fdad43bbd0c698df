#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to its end within a time limit: a file on its standard input, its output and
/// errors gathered (the last 64 KiB) for the message when it fails. The one way this toolbox runs
/// a program that may hang (the outbox's sendmail command, rk-cache audio's speech programs and
/// ffmpeg). It runs in a process group of its own, so that at its limit, or when the tool caught
/// SIGINT or SIGTERM (``Interruption``), a shell (`/bin/sh -c '…'`, `python -m piper`) and what it
/// started are stopped together. It inherits no descriptor but 0, 1 and 2: one that whoever
/// started this tool waits on (Foundation's Process watches one to see its child end) would
/// otherwise stay open as long as something the program left running.
public enum ChildProcess {
  public enum End: Equatable, Sendable {
    case exited(status: Int32, output: String)
    case killed(signal: Int32, output: String)
    case timedOut(seconds: Int)
    /// Stopped because the tool caught SIGINT or SIGTERM (``Interruption``).
    case interrupted(signal: Int32)
    /// Its exit could not be watched (waitpid failed): whether it did its work is unknown.
    case unwatched(reason: String)
  }

  public struct StartError: Error, Sendable { public var reason: String }

  /// The most of the program's output kept: its last words, which say why it failed.
  static let outputLimit = 64 * 1024

  /// `arguments[0]` looked up on PATH unless it holds a slash; `input` a file for its standard
  /// input (/dev/null when nil).
  public static func run(_ arguments: [String], input: String?, timeLimit seconds: Int) throws(StartError) -> End {
    let inputDescriptor = open(input ?? "/dev/null", O_RDONLY | O_CLOEXEC)
    guard inputDescriptor >= 0 else { throw StartError(reason: describe(errno)) }
    defer { close(inputDescriptor) }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw StartError(reason: describe(errno)) }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    defer { close(readEnd) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputDescriptor, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    // Nothing else this process holds (the store among it) goes to the program.
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    close(writeEnd)
    guard spawned == 0 else { throw StartError(reason: describe(spawned)) }

    var output: [UInt8] = []
    let deadline = monotonicSeconds() + Double(seconds)
    var status: Int32 = 0
    var ended = false
    while true {
      if ended { usleep(20_000) } else { ended = drain(readEnd, into: &output, waitingMilliseconds: 100) }
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR {
        let reason = describe(errno)
        kill(-pid, SIGKILL)
        return .unwatched(reason: reason)
      }
      if let signal = Interruption.caughtSignal {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .interrupted(signal: signal)
      }
      if monotonicSeconds() >= deadline {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut(seconds: seconds)
      }
    }
    // What it wrote just before it ended; something it left running keeps the pipe open, so
    // nothing more is waited for.
    _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    drain(readEnd, into: &output, waitingMilliseconds: 0)
    let text = String(decoding: output.suffix(outputLimit), as: UTF8.self)
    if status & 0x7f != 0 { return .killed(signal: status & 0x7f, output: text) }
    return .exited(status: (status >> 8) & 0xff, output: text)
  }

  /// Reads what the pipe holds, waiting up to `milliseconds` for something to arrive; true when
  /// the pipe has ended.
  @discardableResult
  private static func drain(_ descriptor: Int32, into output: inout [UInt8], waitingMilliseconds milliseconds: Int32)
    -> Bool
  {
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var rounds = 0
    while poll(&waiting, 1, milliseconds) > 0 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return true }
      if count < 0 { return errno != EINTR && errno != EAGAIN }
      output += buffer[..<count]
      if output.count > 2 * outputLimit { output.removeFirst(output.count - outputLimit) }
      waiting.revents = 0
      rounds += 1
      // The last pass ends after a bounded read: something left running may write forever.
      if milliseconds > 0 || rounds >= 64 { return false }
    }
    return false
  }

  /// The descriptors open in this process (Linux's /proc/self/fd; none elsewhere, where the
  /// program then inherits what is not close-on-exec).
  private static func openDescriptors() -> [Int32] {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var descriptors: [Int32] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
    }
    return descriptors
  }

  private static func describe(_ code: Int32) -> String { Platform.describe(errno: code) }

  private static func monotonicSeconds() -> Double { Platform.monotonicSeconds() }
}
