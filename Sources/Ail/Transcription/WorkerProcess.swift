import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A long-lived child that answers requests on its standard input with lines on its standard
/// output: the faster-whisper worker. Every wait has a deadline, after which the child is killed;
/// its standard error is drained all along (so it never blocks on a full pipe) and its last lines
/// kept for the error that names why it failed. Standard input is a socket so that a worker that
/// died gives EPIPE to `send(MSG_NOSIGNAL)` instead of a SIGPIPE that would end this process.
final class WorkerProcess: @unchecked Sendable {
  struct Failure: Error {
    enum Kind { case start, timedOut, ended }
    let kind: Kind
    /// What the worker last wrote on standard error, or the errno's text.
    let detail: String
  }

  private let pid: pid_t
  private let input: Int32
  private let output: Int32
  private let errors: Int32
  private var pending: [UInt8] = []
  private var errorTail: [UInt8] = []
  private var ended = false
  /// Standard error reached its end: no longer watched.
  private var errorsClosed = false

  init(arguments: [String], environment: [String: String]) throws(Failure) {
    var stdin: [Int32] = [0, 0]
    var stdout: [Int32] = [0, 0]
    var stderr: [Int32] = [0, 0]
    // Close-on-exec, so that no other child inherits them (dup2 clears it on the worker's own
    // 0, 1 and 2; Glibc's pipe2 is not visible to Swift, so the pipes get it right after).
    let stream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, stream, 0, &stdin) == 0 else { throw Self.failure(.start) }
    guard pipe(&stdout) == 0 else {
      let failure = Self.failure(.start)
      for descriptor in stdin { close(descriptor) }
      throw failure
    }
    guard pipe(&stderr) == 0 else {
      let failure = Self.failure(.start)
      for descriptor in stdin + stdout { close(descriptor) }
      throw failure
    }
    for descriptor in stdout + stderr { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin[1], 0)
    posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
    posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
    for descriptor in [stdin[0], stdin[1], stdout[0], stdout[1], stderr[0], stderr[1]] {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // SIGPIPE as a program expects it, whatever this process set (SwiftNIO ignores it).
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    for descriptor in [stdin[1], stdout[1], stderr[1]] { close(descriptor) }
    guard spawned == 0 else {
      for descriptor in [stdin[0], stdout[0], stderr[0]] { close(descriptor) }
      throw Failure(kind: .start, detail: String(cString: strerror(spawned)))
    }
    self.pid = pid
    (input, output, errors) = (stdin[0], stdout[0], stderr[0])
    // A blocking send of a large chunk would wait in the kernel past any deadline for a worker
    // that stopped reading.
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    stop()
    for descriptor in [input, output, errors] { close(descriptor) }
  }

  /// The last lines the worker wrote on standard error.
  var errorOutput: String {
    String(decoding: errorTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Writes all of `bytes` before `deadline`.
  func send(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      try wait(for: input, events: Int16(POLLOUT), deadline: deadline)
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw finished()
      }
      offset += written
    }
  }

  /// The next line of standard output, without its line break.
  func readLine(deadline: ContinuousClock.Instant) throws(Failure) -> [UInt8] {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        return line
      }
      try wait(for: output, events: Int16(POLLIN), deadline: deadline)
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let got = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { throw finished() }
      pending += chunk[..<got]
    }
  }

  /// Whether the worker was stopped or has ended.
  var hasEnded: Bool { ended }

  /// Kills the worker (when it is still there) and reaps it.
  func stop() {
    guard !ended else { return }
    ended = true
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  /// Closes the worker's input and gives it `grace` to end by itself before it is killed.
  func finish(grace: Duration) {
    shutdown(input, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + grace
    var status: Int32 = 0
    while !ended && ContinuousClock.now < deadline {
      if waitpid(pid, &status, WNOHANG) == pid {
        ended = true
        return
      }
      usleep(20_000)
    }
    stop()
  }

  /// Waits until `descriptor` is ready, draining standard error meanwhile.
  private func wait(for descriptor: Int32, events: Int16, deadline: ContinuousClock.Instant) throws(Failure) {
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else {
        stop()
        throw Failure(kind: .timedOut, detail: errorOutput)
      }
      let milliseconds = min(Int32.max, Int32(clamping: left.components.seconds * 1000 + 1))
      var watched = [
        pollfd(fd: descriptor, events: events, revents: 0),
        pollfd(fd: errorsClosed ? -1 : errors, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&watched, 2, milliseconds)
      if ready < 0 && errno != EINTR { throw Failure(kind: .ended, detail: String(cString: strerror(errno))) }
      if ready <= 0 { continue }
      if watched[1].revents != 0 { drainErrors() }
      if watched[0].revents != 0 { return }
    }
  }

  /// Reads what standard error holds; false once it has ended.
  @discardableResult
  private func drainErrors() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let got = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
    if got < 0 { return errno == EINTR || errno == EAGAIN }
    guard got > 0 else {
      errorsClosed = true
      return false
    }
    errorTail += chunk[..<got]
    if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
    return true
  }

  /// The worker is gone: what it said last.
  private func finished() -> Failure {
    // Whatever it wrote before it ended is still in the pipe.
    var watched = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
    while !errorsClosed, poll(&watched, 1, 200) > 0, drainErrors() {}
    stop()
    return Failure(kind: .ended, detail: errorOutput)
  }

  private static func failure(_ kind: Failure.Kind) -> Failure {
    Failure(kind: kind, detail: String(cString: strerror(errno)))
  }
}
