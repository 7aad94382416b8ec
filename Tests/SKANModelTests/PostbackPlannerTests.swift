import SKANModel
import Testing

@Suite("Postbacks (PB-*)")
struct PostbackPlannerTests {
  let hour = 3_600_000
  let t0 = Timestamp(milliseconds: 1_700_000_000_000)

  func scenario(
    framework: PostbackScenario.Framework = .skadnetwork, version: String = "4.0", didWin: Bool = true,
    tiers: [Int] = [2, 2, 2],
    updates: [(Int, Int, CoarseValue?, Bool)] = [
      (2, 12, .low, false), (60, 9, .high, false), (200, 3, .medium, false),
    ],
    sourceIdentifier: Int = 5239
  ) throws -> PostbackScenario {
    PostbackScenario(
      framework: framework, adVersion: version, didWin: didWin, interaction: .click, conversionType: .download,
      profile: .production, t0: t0,
      updates: try updates.map {
        try ConversionUpdate(
          time: t0.adding(milliseconds: $0.0 * hour), fine: FineValue(validating: $0.1), coarse: $0.2, lock: $0.3)
      },
      tiers: try tiers.map { SourceIdentifierTiers(uniform: try CrowdTier(validating: $0)) },
      identifiers: AdIdentifiers(
        adNetworkID: "n", sourceIdentifier: sourceIdentifier, advertisedAppID: 1, sourceAppID: 2, sourceDomain: nil,
        countryCode: "US",
        marketplaceID: "m", postbackIDs: ["a", "b", "c"]))
  }

  @Test("PB-2: three postbacks for a winner, one for a loser, none later at tier 0")
  func counts() throws {
    #expect(try PostbackPlanner.plan(scenario()).count == 3)
    #expect(try PostbackPlanner.plan(scenario(didWin: false)).count == 1)
    #expect(try PostbackPlanner.plan(scenario(tiers: [2, 0, 1])).map(\.sequenceIndex) == [0, 2])
  }

  @Test("PB-3, PB-12: fine only at tier 2+, coarse at tier 1 and later, never both")
  func values() throws {
    let tier2 = try PostbackPlanner.plan(scenario(tiers: [2, 1, 1]))
    #expect(tier2[0].fields["conversion-value"] == .integer(12))
    #expect(tier2[0].fields["coarse-conversion-value"] == nil)
    #expect(tier2[1].fields["coarse-conversion-value"] == .string("high"))
    #expect(tier2[1].fields["conversion-value"] == nil)
    let tier1 = try PostbackPlanner.plan(scenario(tiers: [1, 1, 1]))
    #expect(tier1[0].fields["coarse-conversion-value"] == .string("low"))
    #expect(tier1[0].fields["conversion-value"] == nil)
    let tier3 = try PostbackPlanner.plan(scenario(tiers: [3, 3, 3]))
    #expect(tier3[0].fields["source-app-id"] == .integer(2))
    #expect(tier3[0].fields["country-code"] == .string("US"))
    #expect(tier3[1].fields["source-app-id"] == nil)
  }

  @Test("PB-4: digits follow the best tier, ties go to more digits, tier 0/1 gives 2")
  func digits() throws {
    let two = try CrowdTier(validating: 2)
    let three = try CrowdTier(validating: 3)
    let one = try CrowdTier(validating: 1)
    #expect(SourceIdentifierTiers(twoDigits: three, threeDigits: one, fourDigits: one).digits == 2)
    #expect(SourceIdentifierTiers(twoDigits: two, threeDigits: two, fourDigits: one).digits == 3)
    #expect(SourceIdentifierTiers(twoDigits: two, threeDigits: two, fourDigits: two).digits == 4)
    #expect(SourceIdentifierTiers(uniform: one).digits == 2)
  }

  @Test("PB-5: truncation keeps the rightmost digits of the four-digit form")
  func truncation() {
    #expect(PostbackPlanner.truncate(5239, digits: 3) == "239")
    #expect(PostbackPlanner.truncate(5239, digits: 2) == "39")
    #expect(PostbackPlanner.truncate(42, digits: 4) == "0042")
    #expect(PostbackPlanner.truncate(7, digits: 2) == "07")
  }

  @Test("PB-7: a losing postback carries no values or source")
  func loser() throws {
    let postback = try #require(try PostbackPlanner.plan(scenario(didWin: false, tiers: [3, 3, 3])).first)
    #expect(postback.fields["did-win"] == .bool(false))
    for field in ["conversion-value", "coarse-conversion-value", "source-app-id", "country-code"] {
      #expect(postback.fields[field] == nil, "\(field)")
    }
  }

  @Test("PB-8: 24-48 h after the first window's end, 24-144 h after the others'")
  func timing() throws {
    let postbacks = try PostbackPlanner.plan(scenario())
    #expect(postbacks[0].earliestSend == t0.adding(milliseconds: 72 * hour))
    #expect(postbacks[0].latestSend == t0.adding(milliseconds: 96 * hour))
    #expect(postbacks[1].latestSend == t0.adding(milliseconds: (168 + 144) * hour))
    let locked = try PostbackPlanner.plan(scenario(updates: [(5, 1, nil, true)]))
    #expect(locked[0].finalizedAt == t0.adding(milliseconds: 5 * hour))
  }

  @Test("PB-10: an ad signed 3.0 gets one postback in the 3.0 format")
  func legacy() throws {
    let postbacks = try PostbackPlanner.plan(scenario(version: "3.0", tiers: [3, 3, 3], sourceIdentifier: 42))
    #expect(postbacks.count == 1)
    #expect(postbacks[0].fields["campaign-id"] == .integer(42))
    #expect(postbacks[0].fields["postback-sequence-index"] == nil)
    #expect(try PostbackPlanner.plan(scenario(version: "2.2", didWin: false, sourceIdentifier: 42)).isEmpty)
  }

  @Test("PB-17: Developer Mode shortens a development ad's postbacks only")
  func developerMode() throws {
    let minute = 60_000
    let updates: [(Int, Int, CoarseValue?, Bool)] = [(0, 5, .low, false)]
    var production = try scenario(updates: updates)
    production.profile = .aakDeveloper
    // A production ad (source app 2): production window and delay.
    let full = try PostbackPlanner.plan(production)
    #expect(full[0].finalizedAt == t0.adding(milliseconds: 48 * hour))
    #expect(full[0].latestSend == t0.adding(milliseconds: 96 * hour))
    // A development app ad (source app 0) and a SKAdNetwork web ad: 3-minute window, 5-10 minutes.
    var development = production
    development.identifiers.sourceAppID = 0
    var web = production
    web.identifiers.sourceAppID = nil
    web.identifiers.sourceDomain = "example.com"
    for ad in [development, web] {
      let short = try PostbackPlanner.plan(ad)
      #expect(short[0].finalizedAt == t0.adding(milliseconds: 3 * minute))
      #expect(short[0].latestSend == t0.adding(milliseconds: 13 * minute))
    }
  }

  @Test("PB-1: impossible scenarios are invalid input")
  func invalid() throws {
    #expect(throws: ModelError.self) { _ = try PostbackPlanner.plan(try scenario(version: "1.0")) }
    #expect(throws: ModelError.self) { _ = try PostbackPlanner.plan(try scenario(sourceIdentifier: 10_000)) }
    #expect(throws: ModelError.self) { _ = try PostbackPlanner.plan(try scenario(tiers: [2, 2])) }
    // A view-through ad signed 2.1: views exist from SKAdNetwork 2.2 on.
    var view21 = try scenario(version: "2.1", sourceIdentifier: 42)
    view21.interaction = .view
    #expect(throws: ModelError.self) { _ = try PostbackPlanner.plan(view21) }
    view21.adVersion = "2.2"
    #expect(try PostbackPlanner.plan(view21).count == 1)
  }
}
