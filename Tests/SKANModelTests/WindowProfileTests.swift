import SKANModel
import Testing

@Suite("Windows (WIN-*)")
struct WindowProfileTests {
  let t0 = Timestamp(milliseconds: 1_700_000_000_123)
  let hour = 3_600_000

  func window(_ offset: Int, _ profile: WindowProfile = .production) throws -> Int? {
    try profile.position(of: t0.adding(milliseconds: offset), t0: t0).window?.index
  }

  @Test("WIN-1, WIN-3: half-open production windows at 48 h, 168 h, 840 h")
  func productionEdges() throws {
    #expect(try window(0) == 0)
    #expect(try window(48 * hour - 1) == 0)
    #expect(try window(48 * hour) == 1)
    #expect(try window(168 * hour - 1) == 1)
    #expect(try window(168 * hour) == 2)
    #expect(try window(840 * hour - 1) == 2)
  }

  @Test("WIN-2: over from 840 h on")
  func measurementOver() throws {
    #expect(try window(840 * hour) == nil)
    #expect(try window(100_000 * hour) == nil)
  }

  @Test("WIN-5: developer windows at 3, 6 and 9 minutes")
  func developer() throws {
    let minute = 60_000
    #expect(try window(3 * minute - 1, .aakDeveloper) == 0)
    #expect(try window(3 * minute, .aakDeveloper) == 1)
    #expect(try window(6 * minute, .aakDeveloper) == 2)
    #expect(try window(9 * minute, .aakDeveloper) == nil)
  }

  @Test("WIN-6: before T0 is an error")
  func beforeT0() {
    #expect(throws: ModelError.self) { _ = try window(-1) }
    do {
      _ = try window(-1)
    } catch let error as ModelError {
      #expect(error.code == .timeBeforeT0)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("WIN-1, LCK-2: bounds are nominal and absolute")
  func bounds() throws {
    let position = try WindowProfile.production.position(of: t0.adding(milliseconds: 100 * hour), t0: t0)
    #expect(
      position
        == .window(
          ConversionWindow(index: 1), start: t0.adding(milliseconds: 48 * hour),
          end: t0.adding(milliseconds: 168 * hour)))
    let bounds = WindowProfile.production.bounds(of: ConversionWindow(index: 2), t0: t0)
    #expect(bounds.start.milliseconds == t0.milliseconds + 168 * hour)
    #expect(bounds.end.milliseconds == t0.milliseconds + 840 * hour)
  }

  @Test("LIF-7: Unix seconds round down, also before 1970")
  func unixSeconds() {
    #expect(Timestamp(milliseconds: 1_700_000_000_999).unixSeconds == 1_700_000_000)
    #expect(Timestamp(milliseconds: -1).unixSeconds == -1)
    #expect(Timestamp(milliseconds: -1000).unixSeconds == -1)
  }
}
