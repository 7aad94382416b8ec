import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias In = WindowSuite.Input
private typealias Out = WindowSuite.Output

extension MutantCatalog {
  static let window: [Mutant] = [
    Mutant(
      "inclusive-edges", .window, "Counts edges inclusively: exactly 48 h is still window 0.",
      input: { input in
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]) else { return input }
        let ends = windowEnds(of: input)
        return ends.contains(at - t0) ? input.setting(In.at, .integer(at - 1)) : input
      }),
    Mutant(
      "edge-plus-one-second", .window, "Every window ends a second late.",
      input: { input in
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]), at - t0 >= 1000 else { return input }
        return input.setting(In.at, .integer(at - 1000))
      }),
    Mutant(
      "whole-seconds", .window, "Rounds times to the nearest second before comparing.",
      input: { input in
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]) else { return input }
        let elapsed = at - t0
        return input.setting(In.at, .integer(t0 + ((elapsed + 500) / 1000) * 1000))
      }),
    Mutant(
      "clamp-before-t0", .window, "Treats a time before T0 as T0.",
      input: { input in
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]), at < t0 else { return input }
        return input.setting(In.at, .integer(t0))
      }),
    Mutant(
      "relative-bounds", .window, "Reports window bounds relative to T0.",
      output: { output, input in
        guard let t0 = time(input[In.t0]) else { return output }
        return output.updating(Out.windowStart) { .optional($0.exactInteger.map { $0 - t0 }) }
          .updating(Out.windowEnd) { .optional($0.exactInteger.map { $0 - t0 }) }
      }),
    Mutant(
      "developer-as-production", .window, "Ignores the developer profile.",
      input: {
        $0[In.profile]?.stringValue == WindowProfile.aakDeveloper.rawValue
          ? $0.setting(In.profile, .string(WindowProfile.production.rawValue)) : $0
      }),
    Mutant(
      "fractional-time-accepted", .window, "Accepts fractional and out-of-range times by truncating them.",
      input: { input in
        var result = input
        for key in [In.t0, .at] {
          if case .double(let value)? = input[key], value.isFinite, abs(value) < 9e15 {
            result = result.setting(key, .integer(Int(value)))
          }
          if case .integer(let value)? = input[key], abs(value) > 9_007_199_254_740_991 {
            result = result.setting(key, .integer(value / 2))
          }
        }
        return result
      }),
    Mutant(
      "measurement-ends-day-36", .window,
      "Reads \"days 8 to 35\" as running to the end of day 35: window 2 ends at 864 h.",
      output: { output, input in
        guard input[In.profile]?.stringValue != WindowProfile.aakDeveloper.rawValue,
          output[Out.measurementOver] == true,
          let t0 = time(input[In.t0]), let at = time(input[In.at]), at - t0 < 36 * 24 * hour
        else { return output }
        return output.setting(Out.window, 2).setting(Out.windowStart, .integer(t0 + edges[1]))
          .setting(Out.windowEnd, .integer(t0 + 36 * 24 * hour)).setting(Out.measurementOver, false)
      }),
    Mutant(
      "wraps-around", .window, "Takes the time modulo the measurement period: a later time wraps into a window.",
      input: { input in
        // Only times the reference reads: the bug is in the arithmetic, not in the reading.
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]), abs(at) <= 9_007_199_254_740_991 else {
          return input
        }
        let period = windowEnds(of: input)[2]
        return at - t0 >= period ? input.setting(In.at, .integer(t0 + (at - t0) % period)) : input
      }),
    Mutant(
      "zero-t0-unset", .window, "Takes T0 = 0 (the Unix epoch) for a missing T0.",
      input: { input in time(input[In.t0]) == 0 ? input.setting(In.t0, nil) : input }),
    Mutant(
      "unknown-profile-as-production", .window, "Falls back to the production windows for an unknown profile.",
      input: { input in
        guard let profile = input[In.profile]?.stringValue, profile != WindowProfile.production.rawValue,
          profile != WindowProfile.aakDeveloper.rawValue
        else {
          return input
        }
        return input.setting(In.profile, .string(WindowProfile.production.rawValue))
      }),
    Mutant(
      "numeric-strings-accepted", .window, "Parses a time written as a string of digits.",
      input: { input in
        var result = input
        for key in [In.t0, .at] {
          if let text = input[key]?.stringValue, let value = Int(text) { result = result.setting(key, .integer(value)) }
        }
        return result
      }),
    Mutant(
      "missing-at-is-t0", .window, "Takes a missing time for T0 itself.",
      input: { input in input[In.at] == nil && input[In.t0] != nil ? input.setting(In.at, input[In.t0]) : input }),
  ]
}

extension WindowSuite: MutantSuite {
  /// The window suite's mutants (MutantCatalog+Window.swift).
  public static var mutants: [Mutant] { MutantCatalog.window }
}
