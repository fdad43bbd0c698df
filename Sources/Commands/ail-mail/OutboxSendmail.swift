import Mail

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

/// Runs the sendmail command on one queued message: `/bin/sh -c COMMAND` (so that the setting may
/// carry options), the message file on its standard input, its output and errors gathered for the
/// item's `last_error`. The command runs in a process group of its own, so that at its time limit
/// the shell and what it started are stopped together.
enum OutboxSendmail {
  /// The most of the command's output kept.
  static let outputLimit = 64 * 1024

  static func run(_ command: String, message: String, timeout: Int) throws -> SendmailEnd {
    let input = open(message, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw SpawnError(reason: String(cString: strerror(errno))) }
    defer { close(input) }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw SpawnError(reason: String(cString: strerror(errno))) }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    // Not inherited by what other threads start; dup2 gives the command its own copies.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    defer { close(readEnd) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    // Nothing else this process holds goes to the command, or to what it leaves running: a
    // descriptor that the one who started ail-mail waits on (Foundation's Process watches one to
    // see its child end) would otherwise stay open as long as an msmtp that was left behind.
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group; no signal blocked, SIGPIPE as the command expects it, whatever this
    // process does with them.
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
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
    close(writeEnd)
    guard spawned == 0 else { throw SpawnError(reason: String(cString: strerror(spawned))) }

    var output: [UInt8] = []
    let deadline = monotonicSeconds() + Double(timeout)
    var status: Int32 = 0
    var ended = false
    while true {
      // Once the command has closed its end, only its exit is waited for.
      if ended { usleep(50_000) } else { ended = drain(readEnd, into: &output, waitingMilliseconds: 100) }
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR {
        let reason = String(cString: strerror(errno))
        kill(-pid, SIGKILL)
        return .unwatched(reason: reason)
      }
      if monotonicSeconds() >= deadline {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut(seconds: timeout)
      }
    }
    // What the command wrote just before it ended; whatever it left running keeps the pipe open,
    // so nothing is waited for.
    _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    drain(readEnd, into: &output, waitingMilliseconds: 0)
    let text = String(decoding: output, as: UTF8.self)
    if status & 0x7f != 0 { return .killed(signal: status & 0x7f) }
    return .exited(status: (status >> 8) & 0xff, standardError: text)
  }

  struct SpawnError: Error { var reason: String }

  /// Reads what the pipe holds, waiting up to `milliseconds` for something to arrive; true when
  /// the pipe has ended.
  @discardableResult
  private static func drain(_ descriptor: Int32, into output: inout [UInt8], waitingMilliseconds milliseconds: Int32)
    -> Bool
  {
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while poll(&waiting, 1, milliseconds) > 0 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return true }
      if count < 0 { return errno != EINTR && errno != EAGAIN }
      if output.count < outputLimit { output += buffer[..<min(count, outputLimit - output.count)] }
      waiting.revents = 0
      // The last pass ends at the limit: something the command left running may write forever.
      if milliseconds > 0 || output.count >= outputLimit { return false }
    }
    return false
  }

  /// The descriptors open in this process (Linux's /proc/self/fd; none elsewhere, where the
  /// command then inherits what is not close-on-exec).
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

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
