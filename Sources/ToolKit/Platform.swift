// The only file of ToolKit that touches libc: Swift 6 treats C globals such as `stdout` as unsafe,
// and `@preconcurrency` only helps in a file that does not also import Foundation.
#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, typed wrappers over the system calls the tools need.
enum Platform {
  static let standardInput: Int32 = 0
  static let standardOutput: Int32 = 1
  static let standardError: Int32 = 2
  static let brokenPipe: Int32 = EPIPE

  /// read(2), retried on EINTR. Returns the byte count (0 at end of file) or a negated errno.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    while true {
      let got = unsafe_read(fd, buffer, count)
      if got >= 0 { return got }
      if errno != EINTR { return -Int(errno) }
    }
  }

  private static func unsafe_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      return Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
      return Musl.read(fd, buffer, count)
    #else
      return Darwin.read(fd, buffer, count)
    #endif
  }

  /// Opens `path` read-only. Returns the descriptor or a negated errno; a folder is -EISDIR,
  /// because open(2) accepts one and only the first read(2) would fail, as an I/O error.
  static func openForReading(_ path: String) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return -errno }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      close(fd)
      return -EISDIR
    }
    return fd
  }

  static func closeDescriptor(_ fd: Int32) { _ = close(fd) }

  /// Whether a read(2) of `fd` would return at once (data, end of file or an error) rather than wait.
  static func isReadable(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 1
  }

  /// memchr(3): the first `byte` in `count` bytes from `start`.
  static func find(_ byte: UInt8, in start: UnsafeMutableRawPointer, count: Int) -> UnsafeMutableRawPointer? {
    memchr(start, Int32(byte), count)
  }

  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// An exclusive, non-blocking flock(2) on the terminal behind `fd`, through a descriptor of its
  /// own (a lock on an inherited descriptor would be shared with the tools beside us in a
  /// pipeline). Returns that descriptor, or nil when another process holds the lock.
  static func claimTerminal(behind fd: Int32) -> Int32? {
    guard let name = terminalName(fd) else { return nil }
    let own = open(name, O_RDONLY | O_NOCTTY | O_CLOEXEC)
    guard own >= 0 else { return nil }
    if flock(own, LOCK_EX | LOCK_NB) == 0 { return own }
    close(own)
    return nil
  }

  /// Whether another process holds the drawing lock of the terminal behind `fd`.
  static func isTerminalClaimedByAnother(behind fd: Int32) -> Bool {
    guard let name = terminalName(fd) else { return false }
    let probe = open(name, O_RDONLY | O_NOCTTY | O_CLOEXEC)
    guard probe >= 0 else { return false }
    defer { close(probe) }
    if flock(probe, LOCK_EX | LOCK_NB) == 0 {
      _ = flock(probe, LOCK_UN)
      return false
    }
    return true
  }

  /// The path of the terminal behind `fd`. ttyname_r, not ttyname: ttyname's one static buffer is
  /// shared by every thread, so two at once could each open the other's terminal (two tools'
  /// diagnostics in one process, as the tests have them, saw their claim refused that way).
  private static func terminalName(_ fd: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard ttyname_r(fd, &buffer, buffer.count) == 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Gives a claim of ``claimTerminal(behind:)`` back.
  static func releaseTerminal(_ claim: Int32) {
    _ = flock(claim, LOCK_UN)
    close(claim)
  }

  static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }

  /// A write past the file-size limit (`ulimit -f`, a quota set that way) then fails with EFBIG
  /// and is reported like a full disk (74) after the transaction is rolled back; by default
  /// SIGXFSZ would kill the tool in the middle of a record instead.
  public static func reportFileSizeLimit() {
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Ends the process the way the default SIGPIPE action would (status 141 in a shell), even when
  /// SIGPIPE was set to ignored — SwiftNIO does that process-wide — or inherited as ignored.
  static func dieOfBrokenPipe() -> Never {
    signal(SIGPIPE, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGPIPE)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGPIPE)
    _exit(141)
  }

  /// Ends the process with `status`, flushing C's buffered streams as exit(3) does.
  static func terminate(_ status: Int32) -> Never { exit(status) }

  static let interruptSignals: [Int32] = [SIGINT, SIGTERM]

  static func ignore(signal number: Int32) { signal(number, SIG_IGN) }

  /// Seconds on a clock that never jumps.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// The process environment.
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }

  /// The permission bits of `path`, or nil when it cannot be stat'ed.
  static func permissions(of path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o7777
  }

  /// Whether a failed open or read means the file is not there for us (missing, forbidden, a folder).
  static func isUnopenable(_ code: Int32) -> Bool {
    code == ENOENT || code == EACCES || code == EISDIR || code == ENOTDIR
  }

  /// The whole contents of `path`. Throws the errno on failure.
  static func readFile(_ path: String) throws(PlatformError) -> [UInt8] {
    let fd = openForReading(path)
    guard fd >= 0 else { throw PlatformError(code: -fd) }
    defer { closeDescriptor(fd) }
    return try readAll(fd)
  }

  /// Reads `fd` to its end.
  static func readAll(_ fd: Int32) throws(PlatformError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(fd, into: $0.baseAddress!, count: $0.count) }
      if got < 0 { throw PlatformError(code: Int32(-got)) }
      if got == 0 { return result }
      result.append(contentsOf: chunk[0..<got])
    }
  }

  /// Runs `command` with `/bin/sh -c`, stdin from /dev/null, stderr inherited; returns its exit
  /// status (128 + signal when killed) and everything it wrote on stdout.
  static func runShell(_ command: String) throws(PlatformError) -> (status: Int32, output: [UInt8]) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw PlatformError(code: errno) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])

    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
    defer { for arg in argv { free(arg) } }
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    closeDescriptor(pipeEnds[1])
    defer { closeDescriptor(pipeEnds[0]) }
    guard spawned == 0 else { throw PlatformError(code: spawned) }

    let output = try readAll(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw PlatformError(code: errno) }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
    let signal = status & 0x7f
    return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, output)
  }
}

/// An errno from a failed system call.
struct PlatformError: Error {
  let code: Int32
  var message: String { Platform.describe(errno: code) }
}
