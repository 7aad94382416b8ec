import SKANJSON
import SKANModel
import SKANSuites

private typealias In = PostbackSuite.Input
private typealias Out = PostbackSuite.Output
private typealias Entry = PostbackSuite.Postback
private typealias Update = ValuesSuite.Update
private typealias Framework = PostbackScenario.Framework

extension MutantCatalog {
  /// The input's `closed_at`, when it is a time.
  fileprivate static func closedAt(_ input: JSONValue) -> Int? { time(input[In.closedAt]) }

  /// The input without `closed_at` when `condition` holds for it.
  fileprivate static func unclosed(_ input: JSONValue, when condition: (JSONValue) -> Bool) -> JSONValue {
    condition(input) ? input.setting(In.closedAt, nil) : input
  }

  /// Whether the input is an ad signed before 4.0 (a SKAdNetwork ad with another version).
  fileprivate static func legacyAd(_ input: JSONValue) -> Bool {
    input[In.framework] == .string(Framework.skadnetwork.rawValue)
      && (input[In.adVersion]?.stringValue ?? PostbackScenario.defaultAdVersion) != PostbackScenario.skadnetwork4Version
  }

  /// Each planned postback of `output` passed through `transform`, `nil` dropping it.
  fileprivate static func eachPostback(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue?) -> JSONValue {
    output.updating(Out.postbacks) { list in .array((list.arrayValue ?? []).compactMap(transform)) }
  }

  /// A postback finalized at `finalized` instead, its send times moved by the same amount.
  fileprivate static func retimed(_ postback: JSONValue, finalized: Int? = nil, sendShift: Int) -> JSONValue {
    var result = postback
    if let finalized { result = result.setting(Entry.finalizedAt, .integer(finalized)) }
    for member in [Entry.earliestSend, Entry.latestSend] {
      if let at = time(postback[member]) { result = result.setting(member, .integer(at + sendShift)) }
    }
    return result
  }

  /// Mutants of a conversion closed by a later re-engagement (PB-20).
  static let closedConversion: [Mutant] = [
    Mutant(
      "close-ignored", .postback, "Ignores closed_at: postbacks keep their windows' ends (PB-20).",
      input: { input in unclosed(input) { _ in true } }),
    Mutant(
      "close-adattributionkit-only", .postback,
      "Closes only AdAttributionKit-attributed conversions, the stated alternative (PB-20).",
      input: { input in unclosed(input) { $0[In.framework] == .string(Framework.skadnetwork.rawValue) } }),
    Mutant(
      "close-legacy-timer-kept", .postback,
      "Leaves the 24-hour timer of an ad signed before 4.0 running after the close (PB-20, PB-15).",
      input: { input in unclosed(input, when: legacyAd) }),
    Mutant(
      "close-winner-only", .postback, "Closes the winner's postbacks but not a losing network's (PB-20).",
      input: { input in unclosed(input) { $0[In.didWin] == false } }),
    Mutant(
      "close-keeps-later-updates", .postback,
      "Applies updates made at or after the close to the closed conversion (PB-20).",
      input: { input in
        guard let closed = closedAt(input) else { return input }
        return input.updating(In.updates) { list in
          .array(
            (list.arrayValue ?? []).map { update in
              guard let at = time(update[Update.at]), at >= closed else { return update }
              return update.setting(Update.at, .integer(closed - 1))
            })
        }
      }),
    Mutant(
      "close-drops-open-window", .postback,
      "Drops the postbacks not yet final at the close instead of sending them (PB-20).",
      output: { output, input in
        guard let closed = closedAt(input) else { return output }
        return eachPostback(output) { time($0[Entry.finalizedAt]) == closed ? nil : $0 }
      }),
    Mutant(
      "close-retimes-final-windows", .postback,
      "Makes every postback final at the close, even one already final by its window's end or a lock (PB-20).",
      output: { output, input in
        guard let closed = closedAt(input) else { return output }
        return eachPostback(output) { postback in
          guard let finalized = time(postback[Entry.finalizedAt]), finalized < closed else { return postback }
          return retimed(postback, finalized: closed, sendShift: closed - finalized)
        }
      }),
    Mutant(
      "close-delay-from-window-end", .postback,
      "Finalizes at the close but counts the send delay from the window's end (PB-20, PB-8).",
      output: { output, input in
        guard let closed = closedAt(input), !legacyAd(input), let t0 = time(input[In.t0]) else { return output }
        let profile =
          input[In.profile] == .string(WindowProfile.aakDeveloper.rawValue) ? WindowProfile.aakDeveloper : .production
        return eachPostback(output) { postback in
          guard time(postback[Entry.finalizedAt]) == closed, let index = postback[Entry.sequenceIndex]?.exactInteger,
            profile.windowEnds.indices.contains(index)
          else { return postback }
          return retimed(postback, sendShift: t0 + profile.windowEnds[index] - closed)
        }
      }),
    Mutant(
      "close-production-delays", .postback,
      "Sends a development ad's closed postbacks after the production delays, 24-48 h (PB-20, PB-17).",
      output: { output, input in
        guard let closed = closedAt(input), input[In.profile] == .string(WindowProfile.aakDeveloper.rawValue) else {
          return output
        }
        return eachPostback(output) { postback in
          guard time(postback[Entry.finalizedAt]) == closed else { return postback }
          return postback.setting(Entry.earliestSend, .integer(closed + 24 * hour)).setting(
            Entry.latestSend, .integer(closed + 48 * hour))
        }
      }),
    Mutant(
      "close-before-t0-accepted", .postback, "Accepts a close before T0, read as T0 (PB-20, PB-1).",
      input: { input in
        guard let closed = closedAt(input), let t0 = time(input[In.t0]), closed < t0 else { return input }
        return input.setting(In.closedAt, .integer(t0))
      }),
  ]
}
