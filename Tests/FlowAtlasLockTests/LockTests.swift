import Dispatch
import FlowAtlasLock
import Testing

/// The one lock: each `withLock` has the value to itself, a ticket is taken once, what the body
/// throws comes out after the lock is released, and a value that cannot be copied is guarded too.
@Suite struct LockTests {
  /// Many threads add to one count: none of their additions is lost (an unguarded count on two
  /// cores loses some).
  @Test func everyAdditionOfManyThreadsIsKept() {
    let count = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<50_000 { count.withLock { $0 += 1 } }
    }
    #expect(count.withLock { $0 } == 400_000)
  }

  @Test func eachTicketIsTakenOnce() {
    let next = Lock(0)
    let taken = Lock([Int]())
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      var mine: [Int] = []
      for _ in 0..<10_000 { mine.append(next.fetchAndIncrement()) }
      taken.withLock { [mine] in $0 += mine }
    }
    #expect(taken.withLock { $0.sorted() } == Array(0..<40_000))
  }

  private struct Refused: Error {}

  @Test func whatTheBodyThrowsComesOutAndTheLockIsFreeAgain() {
    let value = Lock("before")
    #expect(throws: Refused.self) {
      try value.withLock { (text: inout String) throws(Refused) in
        text = "changed, then refused"
        throw Refused()
      }
    }
    // Taken again at once: a lock still held would never return.
    #expect(value.withLock { $0 } == "changed, then refused")
  }

  private struct Ticket: ~Copyable {
    var number: Int
  }

  @Test func aValueThatCannotBeCopiedIsGuarded() {
    let ticket = Lock(Ticket(number: 1))
    ticket.withLock { $0.number += 1 }
    #expect(ticket.withLock { $0.number } == 2)
  }
}
