#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program and collects what it writes. Foundation's Process is not used: SMIME keeps to
/// FoundationEssentials, as Wire and Mail do, and a spawn is a few lines of POSIX.
enum Spawn {
  struct Failure: Error { var code: Int32 }

  /// `program` with `arguments`, `input` on its standard input (a few bytes, far below what a
  /// pipe holds; /dev/null when nil); its exit status (128 + signal when killed), standard output
  /// and standard error.
  static func run(_ program: String, _ arguments: [String], input: [UInt8]? = nil) throws(Failure) -> (
    status: Int32, output: [UInt8], errors: [UInt8]
  ) {
    var out: [Int32] = [0, 0]
    var err: [Int32] = [0, 0]
    var into: [Int32] = [-1, -1]
    guard pipe(&out) == 0 else { throw Failure(code: errno) }
    guard pipe(&err) == 0, input == nil || pipe(&into) == 0 else {
      let code = errno
      for end in out + err + into where end >= 0 { close(end) }
      throw Failure(code: code)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if input == nil {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, into[0], 0)
    }
    posix_spawn_file_actions_adddup2(&actions, out[1], 1)
    posix_spawn_file_actions_adddup2(&actions, err[1], 2)
    for end in out + err + into where end >= 0 { posix_spawn_file_actions_addclose(&actions, end) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    close(out[1])
    close(err[1])
    if let input, into[1] >= 0 {
      // Written while this process still holds the read end, so an early exit of the program
      // cannot raise SIGPIPE here; what it does not read is dropped with the pipe.
      if spawned == 0 {
        _ = input.withUnsafeBytes { write(into[1], $0.baseAddress, $0.count) }
      }
      close(into[1])
      close(into[0])
    }
    defer {
      close(out[0])
      close(err[0])
    }
    guard spawned == 0 else { throw Failure(code: spawned) }
    // The two streams are read one after the other: openssl's messages on standard error are a
    // few lines, far below what a pipe holds while standard output is read.
    let output = readAll(out[0])
    let errors = readAll(err[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw Failure(code: errno) }
    }
    let signal = status & 0x7f
    return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, output, errors)
  }

  private static func readAll(_ descriptor: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0, errno == EINTR { continue }
      if got <= 0 { return result }
      result.append(contentsOf: chunk[0..<got])
    }
  }
}
