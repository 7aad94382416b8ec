import Foundation
import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias Op = ValuesSuite.Operation
private typealias In = ValuesSuite.Input
private typealias Out = ValuesSuite.Output
private typealias UpdateIn = ValuesSuite.Update
private typealias UpdateOut = ValuesSuite.UpdateResult

extension MutantCatalog {
  /// The operation an input's `op` names, if it names one.
  private static func operation(of input: JSONValue) -> Op? {
    input[In.op]?.stringValue.flatMap(Op.init(rawValue:))
  }

  /// A timeline input with each update transformed.
  static func updates(_ input: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
    guard operation(of: input) == .timeline, let list = input[In.updates]?.arrayValue else { return input }
    return input.setting(In.updates, .array(transform(list)))
  }

  /// Every mutant of the `values` suite: the model under a ``RuleVariant`` for its rules'
  /// other readings, a changed input or answer for the rest.
  static var values: [Mutant] { valueBasics + valueReading + timelineBugs }

  /// The first mutants of single values and the timeline.
  static let valueBasics: [Mutant] = [
    Mutant(
      "fine-64-accepted", .values, "Accepts fine values up to 64.",
      input: { input in
        operation(of: input) == .fine && input[In.value] == 64 ? input.setting(In.value, 63) : input
      },
      output: { output, input in
        operation(of: input) == .fine && input[In.value] == 64 ? Out.object([.fine: 64]) : output
      }),
    Mutant(
      "fine-string-coerced", .values, "Reads the string \"12\" as the number 12.",
      input: { input in
        guard operation(of: input) == .fine, let text = input[In.value]?.stringValue, let number = Int(text) else {
          return input
        }
        return input.setting(In.value, .integer(number))
      }),
    Mutant(
      "fine-fraction-truncated", .values, "Truncates 12.5 to 12.",
      input: { input in
        guard operation(of: input) == .fine, case .double(let value)? = input[In.value], value.isFinite,
          abs(value) < 1e9
        else { return input }
        return input.setting(In.value, .integer(Int(value)))
      }),
    Mutant(
      "coarse-case-insensitive", .values, "Matches coarse values in any case.",
      input: { input in
        input.updating(In.value) { value in value.stringValue.map { .string($0.lowercased()) } ?? value }
          .updating(In.coarse) { value in value.stringValue.map { .string($0.lowercased()) } ?? value }
      }),
    Mutant(
      "coarse-code-clamped", .values, "Clamps coarse codes above 2 to high (the Singular snippet's check never fires).",
      variant: .coarseCodeClamped),
    Mutant("medium-is-31", .values, "Synthesizes 31 for medium.", variant: .synthesizedMediumIs31),
    Mutant("truthy-lock", .values, "Treats any non-empty lock value as true.", variant: .lockTruthy),
    Mutant(
      "lock-ignored", .values, "Ignores lock flags: every call, in the timeline or alone, locks nothing.",
      variant: .lockIgnored),
    Mutant(
      "increase-only", .values, "Keeps only increasing fine values in window 0 (SKAdNetwork 3 logic).",
      input: { input in
        guard let t0 = time(input[In.t0]) else { return input }
        return updates(input) { list in
          var highest = -1
          return list.filter { update in
            guard let at = time(update[UpdateIn.at]), at - t0 < edges[0], let fine = update[UpdateIn.fine]?.exactInteger
            else {
              return true
            }
            defer { highest = max(highest, fine) }
            return fine >= highest
          }
        }
      }),
    Mutant(
      "fine-kept-after-window-0", .values, "Keeps the fine value in windows 1 and 2.",
      variant: .fineKeptAfterFirstWindow),
    Mutant(
      "coarse-carried-over", .values, "Keeps the previous coarse value when an update has none.",
      variant: .coarseCarriedOver),
    Mutant(
      "invalid-stops-timeline", .values, "Stops at the first invalid update.",
      output: { output, _ in
        guard let results = output[Out.updates]?.arrayValue,
          let first = results.firstIndex(where: { $0[UpdateOut.outcome] == .string(UpdateOutcome.rejected.rawValue) }),
          first + 1 < results.count
        else { return output }
        return output.setting(Out.updates, .array(Array(results.prefix(first + 1))))
      }),
    Mutant(
      "sorts-updates", .values, "Sorts updates by time instead of refusing them out of order.",
      input: { updates($0) { $0.sorted { (time($0[UpdateIn.at]) ?? 0) < (time($1[UpdateIn.at]) ?? 0) } } }),
    Mutant(
      "integral-double-rejected", .values, "Rejects 12.0 as not an integer.",
      input: { input in
        if case .double(let value)? = input[In.value], value.rounded(.towardZero) == value {
          return input.setting(In.value, "x")
        }
        return input
      }),
  ]

  /// Readers of single values that accept, coerce or misnumber what they should refuse
  /// (VAL-1 to VAL-8), each used wherever the value is read: alone and in the timeline.
  static let valueReading: [Mutant] = [
    Mutant("fine-range-from-1", .values, "Takes fine values from 1 to 63: 0 is out of range.", variant: .fineFromOne),
    Mutant("fine-below-63", .values, "Checks `fine < 63`: 63 is out of range.", variant: .fineBelow63),
    Mutant(
      "fine-no-lower-bound", .values, "Checks only `fine <= 63`: a negative fine value is accepted.",
      input: { input in
        operation(of: input) == .fine && (input[In.value]?.exactInteger ?? 0) < 0
          ? input.setting(In.value, 0) : input
      },
      output: { output, input in
        guard operation(of: input) == .fine, let value = input[In.value]?.exactInteger, value < 0 else {
          return output
        }
        return Out.object([.fine: .integer(value)])
      }),
    Mutant(
      "fine-negative-zero-out-of-range", .values,
      "Reads the sign of `-0.0` (or the text's leading `-`): negative zero is `fine-out-of-range` instead of 0 (VAL-2).",
      input: { input in
        fineValues(input) { value in
          guard case .double(let number)? = value, number == 0, number.sign == .minus else { return value }
          return .integer(-1)
        }
      }),
    Mutant(
      "fine-byte-range", .values, "Checks fine values against a byte's range, 0 to 255.",
      input: { input in
        operation(of: input) == .fine && (64...255).contains(input[In.value]?.exactInteger ?? 0)
          ? input.setting(In.value, 0) : input
      },
      output: { output, input in
        guard operation(of: input) == .fine, let value = input[In.value]?.exactInteger, (64...255).contains(value)
        else { return output }
        return Out.object([.fine: .integer(value)])
      }),
    Mutant(
      "fine-int32-wraps", .values,
      "Reads a fine value into a 32-bit integer that wraps (a C `int` cast): 2^53 + 1 becomes 1, -2^63 becomes 0.",
      input: {
        fineValues($0) { value in value?.exactInteger.map { .integer(Int(Int32(truncatingIfNeeded: $0))) } ?? value }
      }),
    Mutant(
      "fine-clamped", .values, "Clamps an out-of-range fine value into 0 to 63 instead of rejecting it.",
      input: {
        fineValues($0) { value in
          value?.exactInteger.map { .integer(min(max($0, FineValue.minimum), FineValue.maximum)) } ?? value
        }
      }),
    Mutant(
      "js-number-coercion", .values,
      "Reads fine values and coarse codes with JavaScript's Number(): \"\" and null are 0, true is 1, \"1\" and [12] are numbers.",
      input: { input in
        if operation(of: input) == .coarseCode { return input.setting(In.value, jsNumber(input[In.value])) }
        return fineValues(input, jsNumber)
      }),
    Mutant(
      "fine-default-0", .values, "Takes an absent fine value as 0 (a decoder's default).",
      input: { fineValues($0) { $0 ?? 0 } }),
    Mutant(
      "fine-one-error-code", .values,
      "Answers fine-out-of-range for every invalid fine value, a number or not (one error for all).",
      variant: .fineOneErrorCode),
    Mutant(
      "coarse-codes-from-1", .values, "Numbers Singular's coarse codes from 1: low 1, medium 2, high 3.",
      variant: .coarseCodesFromOne),
    Mutant(
      "coarse-trimmed", .values, "Trims white space around a coarse value before matching it.",
      input: {
        coarseValues($0) { $0.stringValue.map { .string($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? $0 }
      }),
    Mutant(
      "coarse-prefix-match", .values,
      "Matches a coarse value by prefix: \"med\" is medium, and \"\" matches the first, low.",
      input: {
        coarseValues($0) { value in
          guard let text = value.stringValue, let name = coarseNames.first(where: { $0.hasPrefix(text) }) else {
            return value
          }
          return .string(name)
        }
      }),
    Mutant(
      "coarse-default-branch-low", .values,
      "Reads coarse strings with a switch whose default is low: any other string (\"none\", \"LOW\", \"\") is low.",
      input: {
        coarseValues($0) { value in
          guard let text = value.stringValue, !coarseNames.contains(text) else { return value }
          return .string(CoarseValue.low.rawValue)
        }
      }),
    Mutant(
      "coarse-accepts-codes", .values, "Accepts a Singular code (0, 1, 2) where a coarse string is required.",
      input: {
        coarseValues($0) { value in
          guard case .integer(let code) = value, coarseNames.indices.contains(code) else { return value }
          return .string(coarseNames[code])
        }
      }),
    Mutant(
      "coarse-null-is-low", .values, "Takes a coarse value that is absent or null as low (a default).",
      input: { input in
        switch operation(of: input) {
        case .coarse?:
          return (input[In.value] ?? .null).isNull ? input.setting(In.value, .string(CoarseValue.low.rawValue)) : input
        case .synthesizeFine?:
          return (input[In.coarse] ?? .null).isNull
            ? input.setting(In.coarse, .string(CoarseValue.low.rawValue)) : input
        default:
          return updates(input) {
            $0.map {
              ($0[UpdateIn.coarse] ?? .null).isNull
                ? $0.setting(UpdateIn.coarse, .string(CoarseValue.low.rawValue)) : $0
            }
          }
        }
      }),
    Mutant(
      "coarse-constant-names", .values,
      "Accepts the names of Apple's constants (SKAdNetworkCoarseConversionValueHigh) as well as their values.",
      input: {
        coarseValues($0) { value in
          let prefix = "SKAdNetworkCoarseConversionValue"
          guard let text = value.stringValue, text.hasPrefix(prefix) else { return value }
          return .string(text.dropFirst(prefix.count).lowercased())
        }
      }),
    Mutant(
      "coarse-code-negative-index", .values,
      "Looks a coarse code up in a list after checking only `code > 2`: -1 is the last element, high (Python's negative index).",
      input: { input in
        guard operation(of: input) == .coarseCode, let code = input[In.value]?.exactInteger, (-3)...(-1) ~= code
        else { return input }
        return input.setting(In.value, .integer(code + 3))
      }),
    Mutant(
      "coarse-code-fraction-truncated", .values, "Truncates a coarse code of 1.5 to 1, medium.",
      input: { input in
        guard operation(of: input) == .coarseCode, case .double(let value)? = input[In.value], value.isFinite,
          abs(value) < 1e9
        else { return input }
        return input.setting(In.value, .integer(Int(value)))
      }),
    Mutant(
      "coarse-code-accepts-names", .values,
      "Accepts a coarse value's name (\"medium\") where a Singular code is expected.",
      input: { input in
        guard operation(of: input) == .coarseCode, let text = input[In.value]?.stringValue,
          let code = coarseNames.firstIndex(of: text)
        else { return input }
        return input.setting(In.value, .integer(code))
      }),
    Mutant(
      "synthesize-thirds-upper", .values,
      "Synthesizes the top of each coarse value's third of 0 to 63: low 21, medium 42, high 63.",
      variant: .synthesizedThirdsUpper),
    Mutant(
      "synthesize-code-times-32", .values, "Synthesizes 32 times the coarse code: low 0, medium 32, high 64.",
      variant: .synthesizedCodeTimes32),
    Mutant(
      "lock-presence", .values, "Takes a lock member that is present as true, whatever its value (false included).",
      input: { lockValues($0) { value in value.map { _ in .bool(true) } } }),
    Mutant(
      "lock-default-true", .values, "Takes a lock flag that is absent or null as true (a default of true).",
      input: { lockValues($0) { ($0 ?? .null).isNull ? true : $0 } }),
    Mutant(
      "unknown-op-is-fine", .values, "Reads an unknown op as fine (a switch whose default is the first operation).",
      input: { input in
        guard let op = input[In.op]?.stringValue, Op(rawValue: op) == nil
        else { return input }
        return input.setting(In.op, .string(Op.fine.rawValue))
      }),
  ]

  /// Timelines that start, order or check their updates the wrong way (TML-*, SKN-3, WIN-6,
  /// WIN-7).
  static let timelineBugs: [Mutant] = [
    Mutant(
      "windows-prefilled", .values, "Starts every window at coarse low (and window 0 at fine 0) instead of empty.",
      variant: .windowsPrefilled),
    Mutant(
      "unstable-sort", .values,
      "Sorts updates by time with an unstable sort: updates at the same millisecond can swap.",
      input: {
        updates($0) { list in
          list.enumerated().sorted { first, second in
            let (a, b) = (time(first.element[UpdateIn.at]) ?? 0, time(second.element[UpdateIn.at]) ?? 0)
            return a != b ? a < b : first.offset > second.offset
          }.map(\.element)
        }
      }),
    Mutant(
      "invalid-coarse-dropped", .values,
      "Drops an invalid coarse value and applies the update without one, instead of rejecting the update.",
      variant: .invalidCoarseDropped),
    Mutant(
      "before-t0-in-window-0", .values,
      "Puts an update before T0 in window 0 (a negative elapsed time is under 48 h) instead of refusing the input.",
      variant: .beforeT0InFirstWindow),
    Mutant(
      "period-checked-before-values", .values,
      "Checks the end of the measurement period before the values, as the lifecycle's client does: an invalid update after it is ignored, not rejected.",
      variant: .measurementOverBeforeValues),
    Mutant(
      "time-integral-double-rejected", .values,
      "Takes only times written without a fraction: an `at` of 1700007200123.0 is invalid-input.",
      input: { input in
        updates(input) { list in
          list.map { update in
            if case .double? = update[UpdateIn.at] { return update.setting(UpdateIn.at, "not a time") }
            return update
          }
        }
      }),
  ]

  /// The coarse values, in Singular code order.
  static let coarseNames = CoarseValue.allCases.map(\.rawValue)

  /// An input with each fine value it carries transformed: the `value` of `fine` and the
  /// `fine` of each timeline update, `nil` when absent.
  static func fineValues(_ input: JSONValue, _ transform: (JSONValue?) -> JSONValue?) -> JSONValue {
    if operation(of: input) == .fine { return input.setting(In.value, transform(input[In.value])) }
    return updates(input) { $0.map { $0.setting(UpdateIn.fine, transform($0[UpdateIn.fine])) } }
  }

  /// An input with each coarse value it carries transformed, where present: the `value` of
  /// `coarse`, the `coarse` of `synthesize-fine` and of each timeline update.
  static func coarseValues(_ input: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    switch operation(of: input) {
    case .coarse?: return input.updating(In.value, transform)
    case .synthesizeFine?: return input.updating(In.coarse, transform)
    default: return updates(input) { $0.map { $0.updating(UpdateIn.coarse, transform) } }
    }
  }

  /// An input with each lock flag it carries transformed: the `value` of `lock` and the
  /// `lock` of each timeline update, `nil` when absent.
  static func lockValues(_ input: JSONValue, _ transform: (JSONValue?) -> JSONValue?) -> JSONValue {
    if operation(of: input) == .lock { return input.setting(In.value, transform(input[In.value])) }
    return updates(input) { $0.map { $0.setting(UpdateIn.lock, transform($0[UpdateIn.lock])) } }
  }

  /// What JavaScript's `Number()` makes of a JSON value, where it is a number: `null`, `""`
  /// and `[]` are 0, booleans 0 or 1, a numeric string or a one-element array its number.
  /// Anything else (`NaN` in JavaScript) is left as it is, to be refused.
  static func jsNumber(_ value: JSONValue?) -> JSONValue? {
    switch value {
    case .null?: return 0
    case .bool(let flag)?: return flag ? 1 : 0
    case .string(let text)?:
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty { return 0 }
      if let number = Int(trimmed) { return .integer(number) }
      if let number = Double(trimmed), number.isFinite { return .double(number) }
      return value
    case .array(let elements)?:
      if elements.isEmpty { return 0 }
      guard elements.count == 1, elements[0].numberValue != nil || elements[0].stringValue != nil else { return value }
      return jsNumber(elements[0])
    default: return value
    }
  }
}

extension ValuesSuite: MutantSuite {
  /// The values suite's mutants, timeline included (MutantCatalog+Values.swift).
  public static var mutants: [Mutant] { MutantCatalog.values }
}
