import SKANJSON
import SKANModel
import SKANVocabulary

/// The `values` suite's codec: single values (`op` fine, coarse, coarse-code,
/// synthesize-fine, lock) and a timeline of updates (`op` timeline).
extension ValuesSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let value = reader.members[Input.value.rawValue]
    let op = try reader.string(Input.op.rawValue)
    // IN-1's alternative: an unknown op is fine.
    let operation =
      RuleVariant.unknownValuesOperationIsFine.isActive
      ? Operation(rawValue: op) ?? .fine : try Operation.choice(op, at: "input.op")
    switch operation {
    case .fine:
      return Output.object([.fine: .integer(try ValueReader.fine(value).rawValue)])
    case .coarse:
      guard let coarse = try ValueReader.coarse(value) else {
        throw ModelError(.coarseUnknown, "coarse value is missing")
      }
      return encode(coarse)
    case .coarseCode:
      guard let code = try ValueReader.coarseCode(value) else {
        throw ModelError(.coarseCodeNotInteger, "coarse code is missing")
      }
      return encode(try CoarseValue(code: code))
    case .synthesizeFine:
      guard let coarse = try ValueReader.coarse(reader.members[Input.coarse.rawValue]) else {
        throw ModelError(.coarseUnknown, "coarse value is missing")
      }
      return Output.object([.fine: .integer(FineValue.synthesized(from: coarse).rawValue)])
    case .lock:
      return Output.object([.lock: .bool(try ValueReader.lock(value))])
    case .timeline:
      return try timeline(reader)
    }
  }

  private static func encode(_ coarse: CoarseValue) -> JSONValue {
    Output.object([.coarse: .string(coarse.rawValue), .code: .integer(coarse.code)])
  }

  // MARK: - Timeline

  private static func timeline(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try reader.profile(Input.profile)
    var timeline = ConversionTimeline(profile: profile, t0: try reader.timestamp(Input.t0.rawValue))
    var results: [JSONValue] = []
    for (index, element) in try timeOrdered(reader.array(Input.updates.rawValue)).enumerated() {
      let update = try InputReader(element, path: "input.\(Input.updates.rawValue)[\(index)]")
      if case .double(let written)? = update.members[Update.at.rawValue],
        RuleVariant.updateTimeIntegralDoubleRejected.isActive
      {
        throw update.mistyped(Update.at.rawValue, "an integer written without a fraction", .double(written))
      }
      let time = try update.timestamp(Update.at.rawValue)
      let parsed: ConversionUpdate
      do {
        parsed = try readUpdate(update, at: time)
      } catch {
        // TML-5: rejected, nothing changes, later updates still count.
        let window = try timeline.reject(at: time)
        if window == nil, RuleVariant.measurementOverBeforeValues.isActive {
          results.append(
            UpdateResult.object([
              .outcome: .string(UpdateOutcome.ignoredMeasurementOver.rawValue), .window: nil, .error: nil,
            ]))
          continue
        }
        results.append(
          UpdateResult.object([
            .outcome: "rejected", .window: .optional(window?.index), .error: .string(error.code.rawValue),
          ]))
        continue
      }
      let (outcome, window) = try timeline.apply(parsed)
      results.append(
        UpdateResult.object([.outcome: .string(outcome.rawValue), .window: .optional(window?.index), .error: nil]))
    }
    return Output.object([.updates: .array(results), .windows: encodeWindows(timeline)])
  }

  /// The updates as given, or sorted by time as a variant in effect sorts them (TML-6's
  /// alternatives); an `at` that is no integer sorts as 0.
  private static func timeOrdered(_ updates: [JSONValue]) -> [JSONValue] {
    let unstable = RuleVariant.timelineUpdatesSortedUnstably.isActive
    guard unstable || RuleVariant.timelineUpdatesSorted.isActive else { return updates }
    return updates.enumerated().sorted { first, second in
      let (a, b) = (first.element[Update.at]?.exactInteger ?? 0, second.element[Update.at]?.exactInteger ?? 0)
      return a != b ? a < b : unstable ? first.offset > second.offset : first.offset < second.offset
    }.map(\.element)
  }

  /// One update's values, `fine`, `coarse` and `lock` in that order, at `time` (its `at`,
  /// read by the caller). Shared with the postback and attribution suites' updates.
  static func readUpdate(_ update: InputReader, at time: Timestamp) throws(ModelError) -> ConversionUpdate {
    ConversionUpdate(
      time: time,
      fine: try ValueReader.fine(update.members[Update.fine.rawValue]),
      coarse: RuleVariant.invalidCoarseDropped.isActive
        ? (try? ValueReader.coarse(update.members[Update.coarse.rawValue])) ?? nil
        : try ValueReader.coarse(update.members[Update.coarse.rawValue]),
      lock: try ValueReader.lock(update.members[Update.lock.rawValue]))
  }

  /// A timeline's three windows, as the `timeline` operation and the attribution suite's
  /// `route` operation write them.
  static func encodeWindows(_ timeline: ConversionTimeline) -> JSONValue {
    .array(
      timeline.windows.map { values in
        WindowValues.object([
          .window: .integer(values.window.index),
          .fine: .optional(values.fine?.rawValue),
          .coarse: .optional(values.coarse?.rawValue),
          .lockedAt: .optional(values.lockedAt?.milliseconds),
          .lastUpdateAt: .optional(values.lastUpdateAt?.milliseconds),
          .updatesApplied: .integer(values.appliedCount),
        ])
      })
  }
}
