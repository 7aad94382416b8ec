import SKANModel
import Testing

@Suite("Ads signed before 4.0 (PB-14, PB-15, PB-16)")
struct LegacyConversionTimerTests {
  let hour = 3_600_000
  let t0 = Timestamp(milliseconds: 1_700_000_000_123)

  func update(_ hours: Int, _ fine: Int, lock: Bool = false, ms: Int = 0) throws -> ConversionUpdate {
    ConversionUpdate(
      time: t0.adding(milliseconds: hours * hour + ms), fine: try FineValue(validating: fine),
      coarse: lock ? .high : nil, lock: lock)
  }

  func timer(_ updates: [ConversionUpdate]) throws -> LegacyConversionTimer {
    var timer = LegacyConversionTimer(t0: t0)
    for update in updates { _ = try timer.apply(update) }
    return timer
  }

  func scenario(version: String = "3.0", didWin: Bool = true, updates: [ConversionUpdate]) throws -> PostbackScenario {
    PostbackScenario(
      framework: .skadnetwork, adVersion: version, didWin: didWin, interaction: .click, conversionType: .download,
      profile: .production, t0: t0, updates: updates,
      tiers: Array(repeating: SourceIdentifierTiers(uniform: try CrowdTier(validating: 2)), count: 3),
      identifiers: AdIdentifiers(
        adNetworkID: "n", sourceIdentifier: 42, advertisedAppID: 1, sourceAppID: 2, sourceDomain: nil,
        countryCode: nil, marketplaceID: nil, postbackIDs: ["a", "b", "c"]))
  }

  @Test("PB-14, PB-15: fine 20 at 1 h and 5 at 10 h give 20, final at 25 h, sent 25-49 h")
  func issueExample() throws {
    let postbacks = try PostbackPlanner.plan(scenario(updates: [try update(1, 20), try update(10, 5)]))
    #expect(postbacks.count == 1)
    #expect(postbacks[0].fields["conversion-value"] == .integer(20))
    #expect(postbacks[0].finalizedAt == t0.adding(milliseconds: 25 * hour))
    #expect(postbacks[0].earliestSend == t0.adding(milliseconds: 25 * hour))
    #expect(postbacks[0].latestSend == t0.adding(milliseconds: 49 * hour))
  }

  @Test("PB-14, PB-16: a lower or equal value is ignored, without an error, and does not restart the timer")
  func increaseOnly() throws {
    var timer = LegacyConversionTimer(t0: t0)
    #expect(try timer.apply(try update(1, 20)) == .applied)
    #expect(try timer.apply(try update(5, 20)) == .ignoredNotGreater)
    #expect(try timer.apply(try update(10, 5)) == .ignoredNotGreater)
    #expect(timer.value?.rawValue == 20)
    #expect(timer.expiresAt == t0.adding(milliseconds: 25 * hour))
    #expect(try timer.apply(try update(20, 21)) == .applied)
    #expect(timer.expiresAt == t0.adding(milliseconds: 44 * hour))
  }

  @Test("PB-14: each greater value restarts the timer, past SKAdNetwork 4's 48 h")
  func restarts() throws {
    let timer = try timer([try update(1, 5), try update(20, 10), try update(40, 30), try update(63, 31)])
    #expect(timer.value?.rawValue == 31)
    #expect(timer.expiresAt == t0.adding(milliseconds: 87 * hour))
  }

  @Test("PB-14, PB-16: from the moment the timer expires the value is final; 1 ms earlier still counts")
  func expiry() throws {
    var timer = try timer([try update(1, 10)])
    #expect(try timer.apply(try update(25, 50)) == .ignoredExpired)
    #expect(timer.value?.rawValue == 10)
    var early = try self.timer([try update(1, 10)])
    #expect(try early.apply(try update(24, 50, ms: hour - 1)) == .applied)
    #expect(early.expiresAt == t0.adding(milliseconds: 49 * hour - 1))
  }

  @Test("PB-14, PB-16: no update: the timer started at T0 expires at 24 h with no value")
  func noUpdate() throws {
    let timer = LegacyConversionTimer(t0: t0)
    #expect(timer.value == nil)
    #expect(timer.expiresAt == t0.adding(milliseconds: 24 * hour))
    let postback = try #require(try PostbackPlanner.plan(scenario(updates: [])).first)
    #expect(postback.fields["conversion-value"] == nil)
    #expect(postback.latestSend == t0.adding(milliseconds: 48 * hour))
  }

  @Test("PB-16: the first update sets any value, 0 included, and restarts the timer")
  func firstZero() throws {
    let timer = try timer([try update(5, 0)])
    #expect(timer.value?.rawValue == 0)
    #expect(timer.expiresAt == t0.adding(milliseconds: 29 * hour))
  }

  @Test("PB-14: the lock and the coarse value are ignored")
  func lockIgnored() throws {
    let postbacks = try PostbackPlanner.plan(scenario(updates: [try update(1, 10, lock: true), try update(10, 20)]))
    #expect(postbacks[0].fields["conversion-value"] == .integer(20))
    #expect(postbacks[0].fields["coarse-conversion-value"] == nil)
    #expect(postbacks[0].finalizedAt == t0.adding(milliseconds: 34 * hour))
  }

  @Test("PB-16: nothing but the timer ends the period: 64 increases end just before 64 days")
  func longest() throws {
    let day = 24 * hour
    var timer = LegacyConversionTimer(t0: t0)
    for value in 0...63 {
      let at = t0.adding(milliseconds: value * (day - 1))
      #expect(try timer.apply(ConversionUpdate(time: at, fine: try FineValue(validating: value))) == .applied)
    }
    #expect(timer.expiresAt == t0.adding(milliseconds: 64 * day - 63))
  }

  @Test("PB-16: a losing network's postback has the same timer, without a value")
  func loser() throws {
    let postback = try #require(
      try PostbackPlanner.plan(scenario(didWin: false, updates: [try update(1, 10), try update(10, 20)])).first)
    #expect(postback.fields["conversion-value"] == nil)
    #expect(postback.finalizedAt == t0.adding(milliseconds: 34 * hour))
  }

  @Test("TML-6, WIN-6: updates out of order or before T0 are errors, order first")
  func errors() throws {
    func code(_ updates: [ConversionUpdate]) -> ModelError.Code? {
      var timer = LegacyConversionTimer(t0: t0)
      do {
        for update in updates { _ = try timer.apply(update) }
        return nil
      } catch { return error.code }
    }
    let early = ConversionUpdate(time: t0.adding(milliseconds: -1), fine: try FineValue(validating: 1))
    #expect(code([try update(5, 1), try update(4, 2)]) == .outOfOrder)
    #expect(code([early]) == .timeBeforeT0)
    #expect(code([try update(5, 1), early]) == .outOfOrder)
  }
}
