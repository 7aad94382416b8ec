import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension PostbackSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/postback(_:)``; a finding is filed under PB-3.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "PB-3", ScenarioGenerator.postback) }
}

extension ScenarioGenerator {
  static func postback(_ random: inout SeededRandom) -> JSONValue {
    let framework = random.pick(["skadnetwork", "adattributionkit"])
    let developer = random.chance(0.15)
    let start = 1_700_000_000_123
    func tier() -> JSONValue {
      random.chance(0.8)
        ? .integer(random.int(0...3))
        : PostbackSuite.TierDigits.object([
          .two: .integer(random.int(0...3)), .three: .integer(random.int(0...3)), .four: .integer(random.int(0...3)),
        ])
    }
    // PB-17: Developer Mode shortens a development ad's postbacks (source app 0) only.
    let sourceApp: JSONValue =
      random.chance(0.8) ? (developer && random.chance(0.8) ? 0 : 1_234_567_891) : .null
    var input = PostbackSuite.Input.object([
      .framework: .string(framework), .didWin: .bool(random.chance(0.75)),
      .interaction: .string(random.pick(["click", "view"])),
      .conversionType: .string(
        framework == "adattributionkit"
          ? random.pick(["download", "redownload", "re-engagement"]) : random.pick(["download", "redownload"])),
      .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
      .t0: .integer(start),
      .updates: .array(
        updates(&random, t0: start, developer: developer, count: 0...5).map { update in
          update.objectValue.map { members in
            var fixed = JSONValue.object(members).setting(PostbackSuite.Update.fine, .integer(random.int(0...63)))
            if let coarse = fixed[PostbackSuite.Update.coarse]?.stringValue, CoarseValue(rawValue: coarse) == nil {
              fixed = fixed.setting(PostbackSuite.Update.coarse, .null)
            }
            return fixed
          } ?? update
        }),
      .tiers: [tier(), tier(), tier()],
      .ad: PostbackSuite.Ad.object([
        .adNetworkID: "net.skadnetwork", .sourceIdentifier: .integer(random.pick([5239, 42, 7, 0, 9999, 1000])),
        .advertisedAppID: 525_463_029, .sourceAppID: sourceApp,
        .sourceDomain: .null, .countryCode: random.chance(0.5) ? "US" : .null,
        .marketplaceID: framework == "adattributionkit" && random.chance(0.7) ? "com.apple.AppStore" : .null,
      ]),
      .postbackIDs: ["a", "b", "c"],
    ])
    if framework == "skadnetwork" {
      let version = random.chance(0.8) ? "4.0" : random.pick(["3.0", "2.2", "2.1"])
      input = input.setting(PostbackSuite.Input.adVersion, .string(version))
      if version != "4.0" {
        let ad = (input[PostbackSuite.Input.ad] ?? .null)
          .setting(PostbackSuite.Ad.sourceIdentifier, .integer(random.int(1...100)))
        input = input.setting(PostbackSuite.Input.ad, ad)
      }
    }
    if input[PostbackSuite.Input.conversionType] == "re-engagement" {
      input = input.setting(PostbackSuite.Input.interaction, "click")
    }
    if input[PostbackSuite.Input.adVersion] == "2.1" {
      input = input.setting(PostbackSuite.Input.interaction, "click")  // PB-1: views from 2.2 on
    }
    // PB-20: sometimes closed by a later re-engagement, near an update or a window's end.
    if random.chance(0.25) {
      let updateTimes = (input[PostbackSuite.Input.updates]?.arrayValue ?? []).compactMap {
        $0[PostbackSuite.Update.at]?.exactInteger
      }
      let near =
        random.chance(0.5) && !updateTimes.isEmpty
        ? random.pick(updateTimes) : start + offset(&random, developer: developer)
      input = input.setting(
        PostbackSuite.Input.closedAt, .integer(max(start, near + random.pick([0, 0, 1, -1, 3_600_000]))))
    }
    return input
  }
}
