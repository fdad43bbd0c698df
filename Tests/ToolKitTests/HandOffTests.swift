import Foundation
import Synchronization
import Testing

@testable import ToolKit

@Suite struct HandOffTests {
  @Test func itemsArriveInOrderAndTheProducerStaysAtMostDepthAhead() throws {
    let sent = Atomic(0)
    var received: [Int] = []
    let result = try handingOff(
      depth: 3,
      produce: { send in
        for n in 0..<200 {
          try send(n)
          sent.add(1, ordering: .sequentiallyConsistent)
        }
        return "done"
      },
      consume: { item in
        // Items taken and waiting, plus the one being sent.
        #expect(sent.load(ordering: .sequentiallyConsistent) - received.count <= 3 + 1)
        received.append(item)
        if item % 50 == 0 { usleep(20_000) }  // a slow consumer: the producer must wait
      })
    #expect(result == "done")
    #expect(received == Array(0..<200))
  }

  @Test func theProducersErrorComesAfterWhatItSent() throws {
    struct Broken: Error {}
    var received: [Int] = []
    #expect(throws: Broken.self) {
      try handingOff(
        depth: 2,
        produce: { send in
          for n in 0..<5 { try send(n) }
          throw Broken()
        }, consume: { received.append($0) })
    }
    #expect(received == [0, 1, 2, 3, 4])
  }

  @Test func theConsumersErrorStopsTheProducer() throws {
    struct Full: Error {}
    let producerStopped = Mutex<(any Error)?>(nil)
    let ended = DispatchSemaphore(value: 0)
    #expect(throws: Full.self) {
      try handingOff(
        depth: 2,
        produce: { send in
          defer { ended.signal() }
          do {
            for n in 0..<1000 { try send(n) }
          } catch {
            producerStopped.withLock { $0 = error }
            throw error
          }
        },
        consume: { item in if item == 10 { throw Full() } })
    }
    #expect(ended.wait(timeout: .now() + 10) == .success)
    #expect(producerStopped.withLock { $0 } is HandOffStopped)
  }
}
