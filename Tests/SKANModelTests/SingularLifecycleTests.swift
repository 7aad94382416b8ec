import SKANModel
import Testing

@Suite("Lifecycle (LIF-*)")
struct SingularLifecycleTests {
  let hour = 3_600_000
  func at(_ hours: Int) -> Timestamp { Timestamp(milliseconds: 1_700_000_000_000 + hours * hour) }

  @Test("LIF-1: register sets fine 0 and T0 once")
  func register() throws {
    var lifecycle = SingularLifecycle()
    #expect(try lifecycle.apply(.register(at: at(0))).outcome == .registered)
    #expect(lifecycle.snapshot.currentFine?.rawValue == 0)
    #expect(try lifecycle.apply(.register(at: at(5))).outcome == .alreadyRegistered)
    #expect(lifecycle.snapshot.firstCall == at(0))
  }

  @Test("LIF-4, VAL-5: coarse code 3 is rejected and changes nothing")
  func coarseThree() throws {
    var lifecycle = SingularLifecycle()
    _ = try lifecycle.apply(.register(at: at(0)))
    let before = lifecycle.snapshot
    let result = try lifecycle.apply(.serverResponse(at: at(1), reply: .update(fine: 7, coarseCode: 3, lock: false)))
    #expect(result.outcome == .rejected)
    #expect(result.error?.code == .coarseCodeOutOfRange)
    #expect(lifecycle.snapshot == before)
  }

  @Test("LIF-3: status ok without a value is no update; anything else is a server error")
  func noValue() throws {
    var lifecycle = SingularLifecycle()
    #expect(try lifecycle.apply(.serverResponse(at: at(0), reply: .noUpdate)).outcome == .noUpdate)
    let failed = try lifecycle.apply(.serverResponse(at: at(1), reply: .failure(reason: "bad key")))
    #expect(failed.error == ModelError(.serverError, "bad key"))
  }

  @Test("LIF-8, LIF-9: previous values and lock times per window")
  func previousValues() throws {
    var lifecycle = SingularLifecycle()
    _ = try lifecycle.apply(.register(at: at(0)))
    _ = try lifecycle.apply(.serverResponse(at: at(1), reply: .update(fine: 5, coarseCode: 2, lock: false)))
    _ = try lifecycle.apply(.serverResponse(at: at(60), reply: .update(fine: 9, coarseCode: 0, lock: true)))
    #expect(lifecycle.snapshot.currentFine?.rawValue == 5)
    #expect(lifecycle.snapshot.previousFine?.rawValue == 0)
    #expect(lifecycle.snapshot.coarse == [.high, .low, nil])
    #expect(lifecycle.snapshot.previousCoarse == [nil, nil, nil])
    #expect(lifecycle.snapshot.lockTimes == [nil, at(60), nil])
  }

  @Test("LIF-10: an update before registration registers")
  func implicitRegistration() throws {
    var lifecycle = SingularLifecycle()
    #expect(
      try lifecycle.apply(.serverResponse(at: at(2), reply: .update(fine: 14, coarseCode: nil, lock: false))).outcome
        == .applied)
    #expect(lifecycle.snapshot.firstCall == at(2))
    #expect(lifecycle.snapshot.currentFine?.rawValue == 14)
  }

  @Test("LIF-5, LIF-13: revenue totals, per window and outside the windows")
  func revenue() throws {
    var lifecycle = SingularLifecycle()
    _ = try lifecycle.apply(.revenue(at: at(0), amount: 1, currency: "USD", adMonetization: false))
    _ = try lifecycle.apply(.register(at: at(1)))
    _ = try lifecycle.apply(.revenue(at: at(50), amount: 2, currency: "USD", adMonetization: false))
    _ = try lifecycle.apply(.revenue(at: at(51), amount: 4, currency: "EUR", adMonetization: true))
    _ = try lifecycle.apply(.revenue(at: at(900), amount: 8, currency: "USD", adMonetization: false))
    #expect(lifecycle.snapshot.totalRevenue?.byCurrency == ["USD": 11])
    #expect(lifecycle.snapshot.totalAdMonetizationRevenue?.byCurrency == ["EUR": 4])
    #expect(lifecycle.snapshot.windowRevenue[0] == nil)
    #expect(lifecycle.snapshot.windowRevenue[1]?.byCurrency == ["USD": 2])
    #expect(lifecycle.snapshot.windowAdMonetizationRevenue[1]?.byCurrency == ["EUR": 4])
    #expect(lifecycle.snapshot.windowRevenue[2] == nil)
  }

  @Test("LIF-6: zero ignored, bad currency rejected")
  func revenueRules() throws {
    var lifecycle = SingularLifecycle()
    #expect(
      try lifecycle.apply(.revenue(at: at(0), amount: 0, currency: "USD", adMonetization: false)).outcome
        == .revenueIgnored)
    #expect(
      try lifecycle.apply(.revenue(at: at(0), amount: 1, currency: "usd", adMonetization: false)).error?.code
        == .invalidCurrency)
    #expect(
      try lifecycle.apply(.revenue(at: at(0), amount: .infinity, currency: "USD", adMonetization: false)).error?.code
        == .invalidAmount)
    #expect(lifecycle.snapshot.totalRevenue == nil)
  }
}
