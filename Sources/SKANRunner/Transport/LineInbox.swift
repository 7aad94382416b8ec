import DequeModule
import Foundation

/// Lines read from a child's standard output, waiting for the runner.
///
/// The reading thread pushes events without waiting (``push(_:)`` is synchronous, so a
/// thread that is not one of Swift's tasks can call it); the runner awaits the next one, with
/// a deadline where it needs one. A timer that fires first resumes the waiter with `nil`, so
/// nothing waits forever. One waiter at a time.
///
/// At most ``capacity`` events wait unread: an implementation answers only what it was asked
/// (at most `--concurrency` requests are outstanding), so more is a flood of lines nobody
/// asked for, which the reading thread could otherwise queue faster than the runner reads
/// them, without bound. The event after the last that fits is ``LineEvent/flooded(_:)``;
/// every line after it is dropped, and only the end of the output is still passed on.
///
/// Once a reader hands the inbox a sink (``deliver(to:)``), the events go to it instead, on the
/// reading thread, as they are read: nothing waits in the inbox, and nobody is woken for them.
///
/// `@unchecked Sendable`: every stored property is read and written under `lock`, a waiter's
/// continuation is resumed outside it, and the sink is called under `delivery` alone.
final class LineInbox: @unchecked Sendable {
  /// What the reader saw.
  typealias Event = LineEvent

  private let lock = NSLock()
  /// Held while events are handed to the sink, so that they reach it one batch at a time and
  /// in order.
  private let delivery = NSLock()
  private var sink: (@Sendable ([Event]) -> Void)?
  private var events: Deque<Event> = Deque()
  private var waiter: CheckedContinuation<Event?, Never>?
  private var waiterToken = 0
  private var isClosed = false
  /// Set once ``LineEvent/flooded(_:)`` is queued: lines are dropped from then on.
  private var isFlooded = false
  /// The most events that wait unread.
  let capacity: Int

  /// Creates an inbox that holds at most `capacity` unread events: by default 65,536, far
  /// more than the replies to the most requests a run keeps outstanding (1,024), each sent
  /// twice.
  init(capacity: Int = 1 << 16) {
    self.capacity = max(1, capacity)
  }

  /// Adds one event; a waiter gets it at once.
  func push(_ event: Event) {
    push(contentsOf: [event])
  }

  /// Hands `sink` the events waiting, then every later one as it is pushed, on the pushing
  /// thread. The inbox holds nothing from then on (``next()`` and its kin are for before, a
  /// handshake); after a flood, only the end of the output still reaches the sink.
  func deliver(to sink: @escaping @Sendable ([Event]) -> Void) {
    delivery.withLock {
      let waiting: [Event] = lock.withLock {
        self.sink = sink
        defer { events.removeAll() }
        return Array(events)
      }
      if !waiting.isEmpty { sink(waiting) }
    }
  }

  /// Adds several events under one lock; a waiter gets the first at once. With a sink, they go
  /// to it instead (``deliver(to:)``).
  func push(contentsOf batch: [Event]) {
    delivery.lock()
    defer { delivery.unlock() }
    let (sink, flooded) = lock.withLock { (self.sink, isFlooded) }
    if let sink {
      let passed = flooded ? batch.filter { $0 == .closed } : batch
      if !passed.isEmpty { sink(passed) }
      return
    }
    let (waiting, first): (CheckedContinuation<Event?, Never>?, Event?) = lock.withLock {
      var admitted = admit(batch)
      guard !admitted.isEmpty else { return (nil, nil) }
      guard let waiter else {
        events.append(contentsOf: admitted)
        return (nil, nil)
      }
      self.waiter = nil
      let first = admitted.removeFirst()
      events.append(contentsOf: admitted)
      return (waiter, first)
    }
    if let waiting, let first { waiting.resume(returning: first) }
  }

  /// What of `batch` is queued: all of it while it fits, then ``LineEvent/flooded(_:)`` once,
  /// then only the end. Called under `lock`.
  private func admit(_ batch: [Event]) -> [Event] {
    if batch.contains(.closed) { isClosed = true }
    guard !isFlooded else { return batch.filter { $0 == .closed } }
    // A waiting runner takes the first event at once: it never counts against the room.
    let room = capacity - events.count + (waiter == nil ? 0 : 1)
    guard batch.count > room else { return batch }
    isFlooded = true
    var admitted = Array(batch.prefix(max(0, room)))
    admitted.append(.flooded(capacity))
    if isClosed, !admitted.contains(.closed) { admitted.append(.closed) }
    return admitted
  }

  /// Whether a reader is waiting for the next event.
  var hasWaiter: Bool { lock.withLock { waiter != nil } }

  /// The next event, waiting as long as it takes; `.closed` once the output has ended.
  func next() async -> Event {
    await wait(timeout: nil) ?? .closed
  }

  /// The next event, or `nil` after `seconds` without one.
  func next(timeout seconds: Double) async -> Event? {
    await wait(timeout: seconds)
  }

  private func wait(timeout seconds: Double?) async -> Event? {
    let ready: Event?? = lock.withLock {
      if !events.isEmpty { return .some(events.removeFirst()) }
      if isClosed { return .some(.closed) }
      return .none
    }
    if let ready { return ready }
    var timer: Task<Void, Never>?
    let event = await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
      // Between the check above and now the reader may have pushed: look again under the
      // lock that it pushes under, then park.
      let (ready, token): (Event??, Int) = lock.withLock {
        if !events.isEmpty { return (.some(events.removeFirst()), 0) }
        if isClosed { return (.some(.closed), 0) }
        waiterToken += 1
        waiter = continuation
        return (.none, waiterToken)
      }
      if let ready {
        continuation.resume(returning: ready)
      } else if let seconds {
        timer = Task { [weak self] in
          try? await Task.sleep(for: .seconds(seconds))
          self?.expire(token)
        }
      }
    }
    timer?.cancel()
    return event
  }

  private func expire(_ token: Int) {
    let waiting: CheckedContinuation<Event?, Never>? = lock.withLock {
      guard token == waiterToken, let waiter else { return nil }
      self.waiter = nil
      return waiter
    }
    waiting?.resume(returning: nil)
  }
}
