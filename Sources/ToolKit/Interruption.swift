import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Ctrl-C or a kill while a book is made. The speech programs and ffmpeg run in process groups of
/// their own (so that a time limit stops a shell and what it started), where the terminal's
/// SIGINT does not reach them: without this, the tool would die and leave them running, with the
/// partial book and the scratch files behind. Caught, the signal ends the running program's
/// group; the book is abandoned, the scratch files removed, and the tool then dies of the signal.
public enum Interruption {
  private static let caught = Atomic<Int32>(0)

  /// Catches SIGINT and SIGTERM from now on (for as long as the process lives).
  public static func catchSignals() {
    for number in [SIGINT, SIGTERM] {
      signal(number) { number in Interruption.caught.store(number, ordering: .relaxed) }
    }
    // A test runner, or a parent, may have left them blocked.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The signal caught, or nil.
  static var caughtSignal: Int32? {
    let number = caught.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Ends the process the way the signal would have (status 128 + number in a shell).
  public static func dieOf(_ number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    exit(128 + number)
  }
}
