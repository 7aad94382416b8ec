import SKANModel
import Testing

@Suite("Attribution (AT-*)")
struct AttributorTests {
  let hour = 3_600_000
  let event = AttributionEvent(
    kind: .install, time: Timestamp(milliseconds: 10_000_000_000), appInstalled: false,
    firstUpdate: Timestamp(milliseconds: 10_000_000_001), lastConversion: nil)

  func impression(
    _ id: String, _ network: String, _ interaction: PostbackScenario.Interaction, hoursAgo: Double,
    framework: PostbackScenario.Framework = .adattributionkit, environment: Impression.Environment = .production,
    app: Int = 1
  ) -> Impression {
    Impression(
      id: id, framework: framework, adNetworkID: network, interaction: interaction,
      time: Timestamp(milliseconds: 10_000_000_000 - Int(hoursAgo * Double(hour))), sourceAppID: app,
      eligibleForReengagement: true, environment: environment)
  }

  func attribute(
    _ impressions: [Impression], event: AttributionEvent? = nil, configuration: AttributionConfiguration = .none
  )
    throws -> AttributionDecision
  {
    try Attributor.attribute(event: event ?? self.event, impressions: impressions, configuration: configuration)
  }

  @Test("AT-1, AT-11: views for 24 h, clicks for 30 days, half-open")
  func windows() throws {
    #expect(try attribute([impression("v", "a", .view, hoursAgo: 23.99)]).winner == "v")
    #expect(try attribute([impression("v", "a", .view, hoursAgo: 24)]).winner == nil)
    #expect(try attribute([impression("c", "a", .click, hoursAgo: 30 * 24 - 0.01)]).winner == "c")
    #expect(try attribute([impression("c", "a", .click, hoursAgo: 30 * 24)]).winner == nil)
  }

  @Test("AT-4: clicks before views, then recency")
  func ranking() throws {
    let decision = try attribute([impression("v", "a", .view, hoursAgo: 1), impression("c", "b", .click, hoursAgo: 20)])
    #expect(decision.winner == "c")
    #expect(decision.losers == ["v"])
  }

  @Test("AT-5: production before development")
  func environment() throws {
    let decision = try attribute([
      impression("p", "a", .view, hoursAgo: 5), impression("d", "b", .click, hoursAgo: 1, environment: .development),
    ])
    #expect(decision.winner == "p")
    #expect(decision.verdicts[1].reason == .developmentOutranked)
  }

  @Test("AT-6, AT-7: fifteen views per app, six considered, five losing networks")
  func limits() throws {
    let views = (1...16).map { impression("v\($0)", "n\($0)", .view, hoursAgo: Double($0) / 10) }
    let decision = try attribute(views)
    #expect(decision.verdicts.last?.reason == .overViewLimit)
    #expect(decision.losers.count == 5)
    #expect(decision.verdicts.filter { $0.reason == .beyondSix }.count == 9)
  }

  @Test("AT-2, AT-3, AT-12: configured windows for AdAttributionKit only, ignore per network")
  func configuration() throws {
    let configuration = AttributionConfiguration(
      global: .init(viewDays: 7, clickDays: nil, ignoreInteractionType: nil),
      perNetwork: ["a": .init(viewDays: 2, clickDays: nil, ignoreInteractionType: .click)], installCooldownHours: nil,
      reengagementCooldownHours: nil)
    #expect(try attribute([impression("v", "b", .view, hoursAgo: 100)], configuration: configuration).winner == "v")
    #expect(try attribute([impression("v", "a", .view, hoursAgo: 50)], configuration: configuration).winner == nil)
    #expect(
      try attribute([impression("v", "b", .view, hoursAgo: 30, framework: .skadnetwork)], configuration: configuration)
        .winner == nil)
    #expect(
      try attribute([impression("c", "a", .click, hoursAgo: 1)], configuration: configuration).verdicts[0].reason
        == .ignoredInteraction)
  }

  @Test("AT-9, AT-10: re-engagement needs an eligible click and an update within 2 days; no losers")
  func reengagement() throws {
    let reengagement = AttributionEvent(
      kind: .reengagement, time: event.time, appInstalled: true, firstUpdate: event.time.adding(milliseconds: hour),
      lastConversion: nil)
    let decision = try attribute(
      [impression("c", "a", .click, hoursAgo: 0.1), impression("d", "b", .click, hoursAgo: 0.2)], event: reengagement)
    #expect(decision.winner == "c")
    #expect(decision.losers.isEmpty)
    let late = AttributionEvent(
      kind: .reengagement, time: event.time, appInstalled: true,
      firstUpdate: event.time.adding(milliseconds: 48 * hour),
      lastConversion: nil)
    #expect(try attribute([impression("c", "a", .click, hoursAgo: 0.1)], event: late).conversion == .noTimelyUpdate)
  }

  @Test("AT-8, AT-11: the previous conversion's cooldown blocks a new conversion of either kind, up to its end")
  func cooldownKeyedOnPreviousConversion() throws {
    func cooldown(after kind: AttributionEvent.Kind) -> AttributionConfiguration {
      .init(
        global: nil, perNetwork: [:], installCooldownHours: kind == .install ? 24 : nil,
        reengagementCooldownHours: kind == .reengagement ? 24 : nil)
    }
    // (previous kind, new kind, time since the previous conversion, expected conversion)
    let cases: [(AttributionEvent.Kind, AttributionEvent.Kind, Int, AttributionDecision.Conversion)] = [
      (.install, .install, 2 * hour, .cooldown),
      (.install, .reengagement, 2 * hour, .cooldown),
      (.install, .reengagement, 24 * hour - 1, .cooldown),
      (.install, .reengagement, 24 * hour, .created),
      (.reengagement, .install, 2 * hour, .cooldown),
      (.reengagement, .install, 24 * hour - 1, .cooldown),
      (.reengagement, .install, 24 * hour, .created),
      (.reengagement, .reengagement, 2 * hour, .cooldown),
    ]
    for (previous, kind, elapsed, expected) in cases {
      let newEvent = AttributionEvent(
        kind: kind, time: event.time, appInstalled: kind == .reengagement,
        firstUpdate: event.time.adding(milliseconds: hour),
        lastConversion: .init(time: event.time.adding(milliseconds: -elapsed), kind: previous))
      // The other kind's cooldown, configured alone, never blocks.
      let other: AttributionEvent.Kind = previous == .install ? .reengagement : .install
      for (configuration, want) in [(cooldown(after: previous), expected), (cooldown(after: other), .created)] {
        let decision = try attribute(
          [impression("c", "a", .click, hoursAgo: 0.5)], event: newEvent, configuration: configuration)
        #expect(
          decision.conversion == want,
          "previous \(previous.rawValue), new \(kind.rawValue), \(elapsed) ms later, cooldown after \(configuration.installCooldownHours == nil ? "re-engagement" : "install")"
        )
      }
    }
  }

  @Test("AT-17: a re-engagement closes earlier conversions unless overlapping")
  func routing() throws {
    let conversions = [
      ConversionRouter.Conversion(kind: .install, id: "i", start: Timestamp(milliseconds: 0), tag: nil),
      ConversionRouter.Conversion(kind: .reengagement, id: "r", start: Timestamp(milliseconds: 100), tag: "t"),
    ]
    let update = ConversionRouter.RoutedUpdate(
      update: ConversionUpdate(time: Timestamp(milliseconds: 200), fine: .zero), types: nil, tag: nil)
    #expect(
      try ConversionRouter.route(conversions: conversions, updates: [update], profile: .production, overlapping: false)
        .applied == [["r"]])
    #expect(
      try ConversionRouter.route(conversions: conversions, updates: [update], profile: .production, overlapping: true)
        .applied == [["i", "r"]])
  }
}
