#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One push at a time per store. Each push reads the queue when it starts, so two at once (cron
/// and a hand-run `make sync`) would both send every queued link and change. The lock is an
/// advisory `flock` on a file beside the store (`<store>.push-lock`, mode 0600): the kernel
/// releases it when its holder ends, however it ends, so a killed push never blocks the next.
/// Only pushes take it: storing, pruning and reading write one transaction at a time and leave
/// what is queued alone, so they may run beside a push.
public final class PushLock: Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  static func path(forStoreAt store: String) -> String { store + ".push-lock" }

  /// Takes the lock of the store at `store`, trying again for up to `wait` seconds while another
  /// process holds it; nil when it still does.
  public static func acquire(forStoreAt store: String, waiting wait: Double) throws -> PushLock? {
    let path = path(forStoreAt: store)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    let lock = PushLock(descriptor: descriptor)
    var waited = 0.0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      if waited >= wait { return nil }
      usleep(100_000)
      waited += 0.1
    }
    return lock
  }
}
