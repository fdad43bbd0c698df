/// Faults waiting for their requests: each is consumed by the first request its aim accepts, in
/// the order they were injected, so `[.status(503), .status(503)]` fails two requests and lets
/// the third through.
public struct FaultQueue<Fault: Sendable, Aim: Sendable>: Sendable {
  private var pending: [(fault: Fault, aim: Aim)] = []

  public init() {}

  /// Queues `faults`, all aimed the same way.
  public mutating func add(_ faults: [Fault], aimedAt aim: Aim) {
    pending += faults.map { (fault: $0, aim: aim) }
  }

  /// Removes and returns the first fault whose aim `hits` accepts.
  public mutating func take(where hits: (Aim) -> Bool) -> Fault? {
    guard let index = pending.firstIndex(where: { hits($0.aim) }) else { return nil }
    return pending.remove(at: index).fault
  }

  /// How many faults wait whose aim `counts` accepts.
  public func count(where counts: (Aim) -> Bool) -> Int { pending.count { counts($0.aim) } }

  public var count: Int { pending.count }

  public mutating func clear() { pending = [] }
}
