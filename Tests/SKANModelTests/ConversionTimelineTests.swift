import SKANModel
import Testing

@Suite("Timeline (TML-*, LCK-*, SKN-*)")
struct ConversionTimelineTests {
  let t0 = Timestamp(milliseconds: 0)
  let hour = 3_600_000

  func update(_ hours: Int, _ fine: Int, _ coarse: CoarseValue? = nil, lock: Bool = false) throws -> ConversionUpdate {
    ConversionUpdate(
      time: Timestamp(milliseconds: hours * hour), fine: try FineValue(validating: fine), coarse: coarse, lock: lock)
  }

  @Test("SKN-2: values may go down")
  func decreasing() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    _ = try timeline.apply(update(1, 40, .high))
    _ = try timeline.apply(update(2, 10, .low))
    #expect(timeline.windows[0].fine?.rawValue == 10)
    #expect(timeline.windows[0].coarse == .low)
  }

  @Test("LCK-1, LCK-3: the locking update applies, later ones in the window do not")
  func lock() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    _ = try timeline.apply(update(1, 5))
    #expect(try timeline.apply(update(2, 9, .high, lock: true)).outcome == .applied)
    #expect(try timeline.apply(update(3, 1, .low)).outcome == .ignoredLocked)
    #expect(timeline.windows[0].fine?.rawValue == 9)
    #expect(timeline.windows[0].coarse == .high)
    #expect(timeline.windows[0].lockedAt == Timestamp(milliseconds: 2 * hour))
  }

  @Test("LCK-2: the next window opens at its nominal start after a lock")
  func nominalStart() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    _ = try timeline.apply(update(1, 5, lock: true))
    #expect(try timeline.apply(update(47, 6)).outcome == .ignoredLocked)
    let next = try timeline.apply(update(48, 0, .medium))
    #expect(next.outcome == .applied)
    #expect(next.window == ConversionWindow(index: 1))
  }

  @Test("SKN-1: no fine value after the first window; SKN-4: coarse replaced")
  func fineDroppedLater() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    _ = try timeline.apply(update(50, 20, .high))
    #expect(timeline.windows[1].fine == nil)
    #expect(timeline.windows[1].coarse == .high)
    _ = try timeline.apply(update(51, 21))
    #expect(timeline.windows[1].coarse == nil)
    #expect(timeline.windows[1].appliedCount == 2)
  }

  @Test("SKN-3: ignored after the measurement period")
  func afterPeriod() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    #expect(try timeline.apply(update(840, 1, .high)).outcome == .ignoredMeasurementOver)
    #expect(timeline.windows.allSatisfy { !$0.hasUpdate })
  }

  @Test("TML-6: out of order is an error")
  func order() throws {
    var timeline = ConversionTimeline(profile: .production, t0: t0)
    _ = try timeline.apply(update(5, 1))
    #expect(throws: ModelError.self) { _ = try timeline.apply(update(4, 2)) }
  }
}
