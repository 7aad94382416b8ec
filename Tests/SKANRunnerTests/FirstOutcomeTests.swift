import Dispatch
import Synchronization
import Testing

@testable import SKANRunner

/// The race every transport deadline is built on: the first outcome wins, once, whoever gives
/// it and in whatever order the waiter and the contenders arrive.
@Suite("First outcome wins")
struct FirstOutcomeTests {
  @Test("an outcome that comes before the waiter is given to it at once; later outcomes are ignored")
  func beforeTheWaiter() async {
    let race = FirstOutcome<Int>()
    #expect(race.finish(1))
    #expect(!race.finish(2))
    #expect(!race.isPending)
    let value = await withCheckedContinuation { race.install($0) }
    #expect(value == 1)
  }

  @Test("the cleanups run once with the winner, then beforeResume, then the waiter")
  func cleanupsThenWaiter() async {
    let race = FirstOutcome<String>()
    let log = Mutex<[String]>([])
    #expect(race.onFinish { outcome in log.withLock { $0.append("cleanup \(outcome)") } })
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      race.install(continuation)
      #expect(race.isPending)
      race.finish("deadline") { log.withLock { $0.append("before resume") } }
      race.finish("answer")
    }
    #expect(value == "deadline")
    #expect(log.withLock { $0 } == ["cleanup deadline", "before resume"])
  }

  @Test("a cleanup registered after the end runs at once with the winner, unless told not to")
  func lateRegistration() {
    let race = FirstOutcome<Int>()
    race.finish(7)
    let seen = Mutex<[Int]>([])
    #expect(!race.onFinish { outcome in seen.withLock { $0.append(outcome) } })
    #expect(!race.onFinish(runIfEnded: false) { _ in seen.withLock { $0.append(-1) } })
    #expect(seen.withLock { $0 } == [7])
  }

  @Test("many contenders on many threads: exactly one wins each race, and the waiter gets its outcome")
  func contenders() async {
    for _ in 0..<200 {
      let race = FirstOutcome<Int>()
      let winners = Mutex<[Int]>([])
      let cleanups = Mutex(0)
      race.onFinish { _ in cleanups.withLock { $0 += 1 } }
      let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
        DispatchQueue.global().async { race.install(continuation) }
        DispatchQueue.concurrentPerform(iterations: 8) { contender in
          if race.finish(contender) { winners.withLock { $0.append(contender) } }
        }
      }
      let won = winners.withLock { $0 }
      #expect(won.count == 1, "winners: \(won)")
      #expect(won.first == value)
      #expect(cleanups.withLock { $0 } == 1)
    }
  }
}
