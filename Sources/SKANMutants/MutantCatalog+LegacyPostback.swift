import SKANJSON
import SKANModel
import SKANSuites

private typealias In = PostbackSuite.Input
private typealias Ad = PostbackSuite.Ad
private typealias Out = PostbackSuite.Output
private typealias Entry = PostbackSuite.Postback
private typealias Update = ValuesSuite.Update

extension MutantCatalog {
  /// One flaw in the 24-hour timer of an ad signed before 4.0 (PB-14, PB-16).
  struct LegacyTimerFlaw: Sendable {
    /// A lower value replaces the current one (the timer still restarts only on a greater one).
    var acceptsDecrease = false
    /// The first applied update starts the timer for good; later increases do not restart it.
    var fixedAtFirstUpdate = false
    /// Every call restarts the timer, a lower or equal value included.
    var restartsOnAnyCall = false
    /// An update made exactly when the timer expires still counts.
    var inclusiveExpiry = false
    /// Updates from 840 h after T0 on are ignored, as SKAdNetwork 4's measurement period.
    var endsAt840Hours = false
    /// The registration's default value 0 is the current value before any update.
    var defaultZero = false
  }

  /// Whether the input is a postback scenario of an ad signed before 4.0.
  static func isLegacyAd(_ input: JSONValue) -> Bool {
    guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue),
      let version = input[In.adVersion]?.stringValue
    else { return false }
    return ["3.0", "2.2", "2.1"].contains(version)
  }

  /// The value and the time it becomes final, by a timer with one flaw.
  static func legacyTimer(_ input: JSONValue, _ flaw: LegacyTimerFlaw) -> (value: Int?, final: Int)? {
    guard let t0 = time(input[In.t0]), let updates = input[In.updates]?.arrayValue else { return nil }
    var value: Int? = flaw.defaultZero ? 0 : nil
    var restart = t0
    var started = false
    for update in updates {
      guard let at = time(update[Update.at]), let fine = update[Update.fine]?.exactInteger else { return nil }
      let expiry = restart + LegacyConversionTimer.duration
      if flaw.inclusiveExpiry ? at > expiry : at >= expiry { continue }
      if flaw.endsAt840Hours && at - t0 >= edges[2] { continue }
      let greater = value.map { fine > $0 } ?? true
      if greater || flaw.acceptsDecrease { value = fine }
      if (greater || flaw.restartsOnAnyCall) && !(flaw.fixedAtFirstUpdate && started) {
        restart = at
        started = true
      }
    }
    return (value, restart + LegacyConversionTimer.duration)
  }

  /// Sets the times and the winner's value of an old ad's postback.
  static func retimed(_ entry: JSONValue, final: Int, latest: Int, value: JSONValue?) -> JSONValue {
    let timed = entry.setting(Entry.finalizedAt, .integer(final)).setting(Entry.earliestSend, .integer(final))
      .setting(Entry.latestSend, .integer(latest))
    guard timed[Entry.postback]?["did-win"] != false, (timed[Entry.tier]?.exactInteger ?? 0) >= 2 else { return timed }
    return timed.updating(Entry.postback) { $0.setting("conversion-value", value) }
  }

  /// A mutant whose timer for ads signed before 4.0 has one flaw.
  static func legacyTimerMutant(_ id: String, _ summary: String, _ flaw: LegacyTimerFlaw) -> Mutant {
    Mutant(
      id, .postback, summary,
      output: { output, input in
        guard isLegacyAd(input), let (value, final) = legacyTimer(input, flaw) else { return output }
        return postbacks(output) { entry in
          retimed(
            entry, final: final, latest: final + LegacyConversionTimer.duration, value: value.map { .integer($0) })
        }
      })
  }

  /// A mutant that values and times an old ad's postback as postback 0 of an ad signed 4.0,
  /// when `applies` says so.
  static func skadnetwork4Mutant(_ id: String, _ summary: String, applies: @escaping @Sendable (JSONValue) -> Bool)
    -> Mutant
  {
    Mutant(
      id, .postback, summary,
      output: { output, input in
        guard isLegacyAd(input), applies(input),
          case .output(let modern) = Suite.postback.evaluate(input.setting(In.adVersion, "4.0")),
          let first = modern[Out.postbacks]?.arrayValue?.first,
          let final = first[Entry.finalizedAt]?.exactInteger, let latest = first[Entry.latestSend]?.exactInteger
        else { return output }
        return postbacks(output) { entry in
          retimed(entry, final: final, latest: latest, value: first[Entry.postback]?["conversion-value"])
            .setting(Entry.earliestSend, first[Entry.earliestSend])
        }
      })
  }

  static let legacyPostback: [Mutant] = [
    skadnetwork4Mutant(
      "legacy-skan4-rules",
      "Values and times an ad signed before 4.0 by SKAdNetwork 4's first window: the last value of 48 h, a lock honoured, sent 24-48 h after.",
      applies: { _ in true }),
    legacyTimerMutant(
      "legacy-accepts-decrease", "Takes a lower value for an ad signed before 4.0.",
      LegacyTimerFlaw(acceptsDecrease: true)),
    legacyTimerMutant(
      "legacy-timer-fixed-at-first-update",
      "Starts the 24-hour timer of an ad signed before 4.0 at the first update and never restarts it.",
      LegacyTimerFlaw(fixedAtFirstUpdate: true)),
    legacyTimerMutant(
      "legacy-any-call-restarts-timer",
      "Restarts the timer of an ad signed before 4.0 on every call, a lower or equal value included.",
      LegacyTimerFlaw(restartsOnAnyCall: true)),
    legacyTimerMutant(
      "legacy-inclusive-expiry", "Takes an update made exactly when the timer of an ad signed before 4.0 expires.",
      LegacyTimerFlaw(inclusiveExpiry: true)),
    legacyTimerMutant(
      "legacy-840-hour-period", "Ignores the updates of an ad signed before 4.0 from 840 h after T0 on.",
      LegacyTimerFlaw(endsAt840Hours: true)),
    legacyTimerMutant(
      "legacy-default-zero",
      "Counts the registration's default value 0 as the current value of an ad signed before 4.0.",
      LegacyTimerFlaw(defaultZero: true)),
    Mutant(
      "legacy-sent-24-48h", .postback,
      "Sends the postback of an ad signed before 4.0 24 to 48 h after its timer expires, SKAdNetwork 4's delay.",
      output: { output, input in
        guard isLegacyAd(input) else { return output }
        return postbacks(output) { entry in
          guard let final = entry[Entry.finalizedAt]?.exactInteger else { return entry }
          return entry.setting(Entry.earliestSend, .integer(final + LegacyConversionTimer.duration))
            .setting(Entry.latestSend, .integer(final + 48 * hour))
        }
      }),
    skadnetwork4Mutant(
      "legacy-loser-timed-as-skan4",
      "Times a losing network's postback of an ad signed before 4.0 as a SKAdNetwork 4 winner's first postback.",
      applies: { $0[In.didWin] == false }),
    skadnetwork4Mutant(
      "legacy-developer-mode", "Applies Developer Mode's windows and delays to an ad signed before 4.0.",
      applies: { $0[In.profile] == .string(WindowProfile.aakDeveloper.rawValue) }),
    Mutant(
      "legacy-loser-before-3-0", .postback,
      "Gives a losing network a postback for an ad signed before 3.0, as from 3.0 on.",
      output: { output, input in
        guard isLegacyAd(input), input[In.didWin] == false, let version = input[In.adVersion],
          version != "3.0", case .output(let three) = Suite.postback.evaluate(input.setting(In.adVersion, "3.0"))
        else { return output }
        return postbacks(three) { entry in entry.updating(Entry.postback) { $0.setting("version", version) } }
      }),
    Mutant(
      "unknown-version-as-4-0", .postback,
      "Treats a SKAdNetwork version it does not know (`1.0`, `4`) as the absent default, 4.0, instead of rejecting it.",
      input: { input in
        guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue),
          let version = input[In.adVersion]?.stringValue,
          !["4.0", "3.0", "2.2", "2.1"].contains(version)
        else { return input }
        return input.setting(In.adVersion, nil)
      }),
    Mutant(
      "legacy-campaign-unchecked", .postback,
      "Takes any source identifier for the campaign ID of an ad signed before 4.0: no check of 1 to 100.",
      input: { input in
        guard isLegacyAd(input), let identifier = input[In.ad]?[Ad.sourceIdentifier]?.exactInteger,
          identifier > 100, identifier <= 9999
        else { return input }
        return input.updating(In.ad) { $0.setting(Ad.sourceIdentifier, 1) }
      },
      output: { output, input in
        guard isLegacyAd(input), let identifier = input[In.ad]?[Ad.sourceIdentifier]?.exactInteger, identifier > 100
        else { return output }
        return postbacks(output) { entry in
          entry.updating(Entry.postback) { $0.setting("campaign-id", .integer(identifier)) }
        }
      }),
  ]
}
