import SKANJSON
import SKANModel
import SKANSuites

private typealias In = AttributionSuite.Input
private typealias Event = AttributionSuite.Event
private typealias Limits = AttributionSuite.ReengagementLimits
private typealias Out = AttributionSuite.Output
private typealias Verdict = AttributionSuite.ImpressionVerdict
private typealias Kind = AttributionEvent.Kind
private typealias Decision = AttributionDecision.Conversion
private typealias Status = AttributionDecision.Status

extension MutantCatalog {
  /// The input with each member of its event's `reengagement_limits` transformed.
  fileprivate static func limits(_ input: JSONValue, _ transform: @escaping (Limits, JSONValue?) -> JSONValue?)
    -> JSONValue
  {
    guard input[In.event]?[Event.reengagementLimits]?.objectValue != nil else { return input }
    return input.updating(In.event) { event in
      event.updating(Event.reengagementLimits) { limits in
        var result = limits
        for member in Limits.allCases { result = result.setting(member, transform(member, limits[member])) }
        return result
      }
    }
  }

  /// Whether the input's limits are reached, read as the model reads them (AT-19).
  fileprivate static func limitsReached(_ input: JSONValue) -> Bool {
    guard let limits = input[In.event]?[Event.reengagementLimits] else { return false }
    func reached(_ used: Limits, _ limit: Limits) -> Bool {
      guard let cap = limits[limit]?.exactInteger else { return false }
      return (limits[used]?.exactInteger ?? 0) >= cap
    }
    return reached(.appMonthUsed, .appMonthLimit) || reached(.deviceYearUsed, .deviceYearLimit)
  }

  /// An `attribute` output made a blocked conversion: `conversion` `decision`, no winner, no
  /// losing postback, the winner and losers `not-chosen`.
  fileprivate static func blocked(_ output: JSONValue, as decision: Decision) -> JSONValue {
    output.setting(Out.conversion, .string(decision.rawValue)).setting(Out.winner, .null)
      .setting(Out.losingPostbacks, [])
      .updating(Out.impressions) { list in
        .array(
          (list.arrayValue ?? []).map { verdict in
            let status = verdict[Verdict.status]?.stringValue
            return status == Status.winner.rawValue || status == Status.loser.rawValue
              ? verdict.setting(Verdict.status, .string(Status.notChosen.rawValue)) : verdict
          })
      }
  }

  /// The event kind of an `attribute` input, in either spelling.
  fileprivate static func eventKind(_ input: JSONValue) -> Kind? {
    input[In.event]?[Event.kind]?.stringValue.flatMap(Kind.init(spelling:))
  }

  /// Mutants of the re-engagement limits (AT-19, AT-20).
  static let attributionLimits: [Mutant] = [
    Mutant(
      "reengagement-limits-ignored", .attribution, "Ignores the device's re-engagement limits (AT-19).",
      input: { input in input.updating(In.event) { $0.setting(Event.reengagementLimits, nil) } }),
    Mutant(
      "reengagement-limit-app-month-only", .attribution,
      "Checks only the app's monthly limit, not the device's yearly one (AT-19).",
      input: { input in
        limits(input) { member, value in member == .deviceYearLimit ? nil : value }
      }),
    Mutant(
      "reengagement-limit-exclusive", .attribution,
      "Blocks only when more than the limit is used (`used > limit`): a limit of N allows N + 1 (AT-19).",
      input: { input in
        limits(input) { member, value in
          guard member == .appMonthLimit || member == .deviceYearLimit, let cap = value?.exactInteger else {
            return value
          }
          return .integer(cap + 1)
        }
      }),
    Mutant(
      "reengagement-limit-one-early", .attribution,
      "Blocks when the limit minus one is used: a limit of N allows N - 1 (AT-19).",
      input: { input in
        limits(input) { member, value in
          guard member == .appMonthLimit || member == .deviceYearLimit, let cap = value?.exactInteger else {
            return value
          }
          return .integer(cap - 1)
        }
      }),
    Mutant(
      "reengagement-missing-limit-is-zero", .attribution,
      "Reads an absent or null limit as 0, blocking every re-engagement with counts but no limits (AT-19).",
      input: { input in
        limits(input) { member, value in
          (member == .appMonthLimit || member == .deviceYearLimit) && (value == nil || value == .null) ? 0 : value
        }
      }),
    Mutant(
      "reengagement-limit-negative-count-as-zero", .attribution,
      "Reads a negative count as 0 instead of refusing the input (AT-19, IN-1).",
      input: { input in
        limits(input) { _, value in (value?.exactInteger).map { $0 < 0 ? 0 : value } ?? value }
      }),
    Mutant(
      "reengagement-limit-fraction-truncated", .attribution,
      "Truncates a fractional count or limit instead of refusing the input (AT-19, IN-1).",
      input: { input in
        limits(input) { _, value in
          guard case .double(let number)? = value else { return value }
          return .integer(Int(number))
        }
      }),
    Mutant(
      "install-reengagement-limited", .attribution,
      "Applies the re-engagement limits to installs too (AT-19).",
      output: { output, input in
        guard eventKind(input) == .install, limitsReached(input),
          output[Out.conversion] == .string(Decision.created.rawValue)
        else { return output }
        return blocked(output, as: .reengagementLimit)
      }),
    Mutant(
      "development-reengagement-limited", .attribution,
      "Applies the re-engagement limits to development re-engagements (AT-20).",
      output: { output, input in
        guard eventKind(input) == .reengagement, limitsReached(input),
          output[Out.conversion] == .string(Decision.created.rawValue)
        else { return output }
        return blocked(output, as: .reengagementLimit)
      }),
    Mutant(
      "reengagement-limit-before-cooldown", .attribution,
      "Checks the re-engagement limit before the cooldown (AT-8, AT-19).",
      output: { output, input in
        guard eventKind(input) == .reengagement, limitsReached(input),
          output[Out.conversion] == .string(Decision.cooldown.rawValue)
        else { return output }
        return output.setting(Out.conversion, .string(Decision.reengagementLimit.rawValue))
      }),
    Mutant(
      "reengagement-limit-after-update-check", .attribution,
      "Checks the first conversion-value update (AT-10) before the re-engagement limit (AT-19).",
      output: { output, input in
        let firstUpdate = input[In.event]?[Event.firstUpdateAt]
        guard output[Out.conversion] == .string(Decision.reengagementLimit.rawValue),
          firstUpdate == nil || firstUpdate == .null
        else { return output }
        return output.setting(Out.conversion, .string(Decision.noTimelyUpdate.rawValue))
      }),
  ]
}
