import Foundation
import Testing

@testable import SKANRunner

/// The inbox between the thread that reads an implementation's output and the runner holds a
/// bounded number of unread lines, whatever the implementation writes; once a sink takes them,
/// every line reaches it once, in order, from the first.
@Suite("Line inbox")
struct LineInboxTests {
  static func line(_ number: Int) -> LineEvent { .line(Array("line \(number)".utf8)) }

  /// The next `count` events.
  static func take(_ count: Int, from inbox: LineInbox) async -> [LineEvent] {
    var events: [LineEvent] = []
    for _ in 0..<count { events.append(await inbox.next()) }
    return events
  }

  @Test("a flood nobody reads stops at the capacity: then one flooded event, and only the end after it")
  func flood() async {
    let inbox = LineInbox(capacity: 1000)
    // In batches, as the reading thread pushes them, far past the capacity, mid-batch.
    for batch in 0..<300 {
      inbox.push(contentsOf: (0..<333).map { Self.line(batch * 333 + $0) })
    }
    inbox.push(.closed)
    let events = await Self.take(1002, from: inbox)
    #expect(Array(events.prefix(1000)) == (0..<1000).map(Self.line), "the first 1,000 lines, in order")
    #expect(Array(events.suffix(2)) == [.flooded(1000), .closed])
    #expect(await inbox.next() == .closed, "the end stays the end")
  }

  @Test("lines read as they come never count as a flood")
  func keptUp() async {
    let inbox = LineInbox(capacity: 10)
    for batch in 0..<100 {
      inbox.push(contentsOf: (0..<10).map { Self.line(batch * 10 + $0) })
      let events = await Self.take(10, from: inbox)
      #expect(events == (0..<10).map { Self.line(batch * 10 + $0) }, "batch \(batch)")
    }
  }

  @Test("a waiting reader takes the first line at once, so it does not count against the room")
  func waiterTakesFirst() async {
    let inbox = LineInbox(capacity: 2)
    async let first = inbox.next()
    // Let the reader park before the push.
    while !inbox.hasWaiter { await Task.yield() }
    inbox.push(contentsOf: [Self.line(0), Self.line(1), Self.line(2)])
    #expect(await first == Self.line(0))
    #expect(await Self.take(2, from: inbox) == [Self.line(1), Self.line(2)])
    #expect(await inbox.next(timeout: 0.05) == nil, "nothing more")
  }

  @Test("a sink gets the lines waiting, then every later one, in order, while another thread pushes")
  func sink() async {
    let inbox = LineInbox(capacity: 100_000)
    let received = Received()
    let pushed = DispatchSemaphore(value: 0)
    let halfway = DispatchSemaphore(value: 0)
    Thread {
      for batch in 0..<1000 {
        inbox.push(contentsOf: (0..<16).map { Self.line(batch * 16 + $0) })
        if batch == 300 { halfway.signal() }
      }
      inbox.push(.closed)
      pushed.signal()
    }.start()
    await Task.detached { halfway.wait() }.value
    inbox.deliver { received.append($0) }
    await Task.detached { pushed.wait() }.value
    let expected = (0..<16_000).map(Self.line) + [.closed]
    let events = received.events
    let wrong = events.indices.first { $0 >= expected.count || events[$0] != expected[$0] }
    #expect(events.count == expected.count, "\(events.count) events")
    #expect(wrong == nil, "event \(wrong ?? 0) is \(wrong.map { String(describing: events[$0]) } ?? "")")
  }

  @Test("after a flood, only the end reaches a sink")
  func floodThenSink() {
    let inbox = LineInbox(capacity: 4)
    inbox.push(contentsOf: (0..<10).map(Self.line))
    let received = Received()
    inbox.deliver { received.append($0) }
    inbox.push(contentsOf: [Self.line(10), .closed, Self.line(11)])
    #expect(received.events == (0..<4).map(Self.line) + [.flooded(4), .closed])
  }

  /// What a sink was given. `@unchecked Sendable`: `events` is read and written under `lock`.
  final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [LineEvent] = []
    func append(_ batch: [LineEvent]) { lock.withLock { all += batch } }
    var events: [LineEvent] { lock.withLock { all } }
  }

  @Test("the default capacity holds the replies to the most requests a run keeps outstanding, each sent twice")
  func defaultCapacity() {
    #expect(LineInbox().capacity > 2 * 1024)
  }
}
