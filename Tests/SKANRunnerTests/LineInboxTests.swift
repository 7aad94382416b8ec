import Testing

@testable import SKANRunner

/// The inbox between the thread that reads an implementation's output and the runner holds a
/// bounded number of unread lines, whatever the implementation writes.
@Suite("Line inbox")
struct LineInboxTests {
  static func line(_ number: Int) -> LineEvent { .line(Array("line \(number)".utf8)) }

  @Test("a flood nobody reads stops at the capacity: then one flooded event, and only the end after it")
  func flood() async {
    let inbox = LineInbox(capacity: 1000)
    // In batches, as the reading thread pushes them, far past the capacity, mid-batch.
    for batch in 0..<300 {
      inbox.push(contentsOf: (0..<333).map { Self.line(batch * 333 + $0) })
    }
    inbox.push(.closed)
    let events = await inbox.nextBatch()
    #expect(events.count == 1002, "kept \(events.count) events")
    #expect(Array(events.prefix(1000)) == (0..<1000).map(Self.line), "the first 1,000 lines, in order")
    #expect(Array(events.suffix(2)) == [.flooded(1000), .closed])
    #expect(await inbox.next() == .closed, "the end stays the end")
  }

  @Test("lines read as they come never count as a flood")
  func keptUp() async {
    let inbox = LineInbox(capacity: 10)
    for batch in 0..<100 {
      inbox.push(contentsOf: (0..<10).map { Self.line(batch * 10 + $0) })
      let events = await inbox.nextBatch()
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
    #expect(await inbox.nextBatch() == [Self.line(1), Self.line(2)])
  }

  @Test("the default capacity holds the replies to the most requests a run keeps outstanding, each sent twice")
  func defaultCapacity() {
    #expect(LineInbox().capacity > 2 * 1024)
  }
}
