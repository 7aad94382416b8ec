import DequeModule

/// Lines read from a child's standard output, waiting for the runner.
///
/// The reader task pushes events; the runner awaits the next one with a deadline. A timer
/// that fires first resumes the waiter with `nil`, so nothing waits forever.
actor LineInbox {
  /// What the reader saw.
  typealias Event = LineEvent

  private var events: Deque<Event> = Deque()
  private var waiter: CheckedContinuation<Event?, Never>?
  private var waiterToken = 0
  private var isClosed = false

  func push(_ event: Event) {
    if case .closed = event { isClosed = true }
    if let waiter {
      self.waiter = nil
      waiter.resume(returning: event)
    } else {
      events.append(event)
    }
  }

  /// Pushes several events with one hop onto the actor.
  func push(contentsOf batch: [Event]) {
    for event in batch { push(event) }
  }

  /// The next event, waiting as long as it takes; `.closed` once the output has ended.
  func next() async -> Event {
    if !events.isEmpty { return events.removeFirst() }
    if isClosed { return .closed }
    waiterToken += 1
    return await withCheckedContinuation { continuation in waiter = continuation } ?? .closed
  }

  /// Every event waiting, in order, waiting for one if none is: a reader that handles a
  /// batch per call crosses onto this actor once per batch, not once per line. Ends with
  /// `.closed` once the output has ended.
  func nextBatch() async -> [Event] {
    if !events.isEmpty {
      defer { events.removeAll(keepingCapacity: true) }
      return Array(events)
    }
    return [await next()]
  }

  /// The next event, or `nil` after `seconds` without one.
  func next(timeout seconds: Double) async -> Event? {
    if !events.isEmpty { return events.removeFirst() }
    if isClosed { return .closed }
    waiterToken += 1
    let token = waiterToken
    let timer = Task { [weak self] in
      try? await Task.sleep(for: .seconds(seconds))
      await self?.expire(token)
    }
    let event = await withCheckedContinuation { continuation in waiter = continuation }
    timer.cancel()
    return event
  }

  private func expire(_ token: Int) {
    guard token == waiterToken, let waiter else { return }
    self.waiter = nil
    waiter.resume(returning: nil)
  }
}
