import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `values` suite: single values.
enum ValuesScenarios: SuiteScenarios {
  static let suite = Suite.values

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.values)
    func op(_ name: String, _ value: JSONValue) -> JSONValue {
      ValuesSuite.Input.object([.op: .string(name), .value: value])
    }
    func op(_ operation: ValuesSuite.Operation, _ value: JSONValue) -> JSONValue { op(operation.rawValue, value) }

    // Fine values.
    b.add(
      "fine-zero", "0 is the smallest fine value; catches a range starting at 1.", ["VAL-1"], tags: ["edge-exact"],
      op(.fine, 0))
    b.add("fine-63", "63 is the largest fine value; catches `< 63`.", ["VAL-1"], tags: ["edge-exact"], op(.fine, 63))
    b.add(
      "fine-64", "64 is out of range; catches `<= 64` or a 7-bit range.", ["VAL-1"], tags: ["edge-exact"],
      op(.fine, 64))
    b.add(
      "fine-minus-1", "-1 is out of range; catches a range check without a lower bound (`value <= 63` alone).",
      ["VAL-1"], tags: ["edge-exact"],
      op(.fine, -1))
    b.add(
      "fine-32",
      "32 is valid; a mid-range control. Kept without a mutant: a reader that misplaces a bound of the range refuses 0, 63 or accepts 64 (fine-zero, fine-63, fine-64), and no plausible one refuses 32.",
      ["VAL-1"], op(.fine, 32))
    b.add("fine-255", "255 is out of range; catches a byte-sized range.", ["VAL-1"], op(.fine, 255))
    b.add(
      "fine-very-large", "9007199254740993 (2^53 + 1) is out of range, not truncated to a small value.", ["VAL-1"],
      op(.fine, .integer(9_007_199_254_740_993)))
    b.add(
      "fine-huge-double", "1e30 is an integral number out of range: `fine-out-of-range`, not a crash on conversion.",
      ["VAL-1", "VAL-2"], op(.fine, .double(1e30)))
    b.add(
      "fine-min-int", "The smallest 64-bit integer is out of range; catches negation overflow.", ["VAL-1"],
      op(.fine, .integer(Int.min)))
    b.add(
      "fine-integral-double", "12.0 is the integer 12 (JSON cannot tell them apart in JavaScript).", ["VAL-2"],
      op(.fine, .double(12.0)))
    b.add("fine-exponent", "1e1 is the integer 10.", ["VAL-2"], op(.fine, .double(10)))
    b.add(
      "fine-exponent-out-of-range", "1e2 is the integer 100: out of range, not \"not an integer\".",
      ["VAL-1", "VAL-2"], op(.fine, .double(100)))
    b.add("fine-negative-zero", "-0.0 is the integer 0.", ["VAL-2"], op(.fine, .double(-0.0)))
    b.add("fine-fraction", "12.5 is not an integer; catches truncation to 12.", ["VAL-2"], op(.fine, .double(12.5)))
    b.add(
      "fine-small-fraction", "62.9 is not an integer; catches rounding to 63.", ["VAL-2"], op(.fine, .double(62.9)))
    b.add("fine-string", "The string \"12\" is not an integer; catches loose coercion.", ["VAL-2"], op(.fine, "12"))
    b.add("fine-empty-string", "The empty string is not an integer; catches coercion to 0.", ["VAL-2"], op(.fine, ""))
    b.add("fine-true", "true is not an integer; catches booleans coerced to 1.", ["VAL-2"], op(.fine, true))
    b.add("fine-false", "false is not an integer; catches booleans coerced to 0.", ["VAL-2"], op(.fine, false))
    b.add("fine-null", "null is not an integer; catches null coerced to 0.", ["VAL-2"], op(.fine, nil))
    b.add(
      "fine-missing", "A missing value is not an integer; catches a default of 0.", ["VAL-2"],
      ValuesSuite.Input.object([.op: .string(ValuesSuite.Operation.fine.rawValue)]))
    b.add("fine-array", "[12] is not an integer; catches unwrapping one-element arrays.", ["VAL-2"], op(.fine, [12]))
    // an object holding an integer: a value under test
    b.add("fine-object", "An object is not an integer.", ["VAL-2"], op(.fine, ["value": 12]))

    // Coarse strings.
    for (name, code) in [
      (CoarseValue.low.rawValue, 0), (CoarseValue.medium.rawValue, 1), (CoarseValue.high.rawValue, 2),
    ] {
      b.add(
        "coarse-\(name)", "\"\(name)\" is a coarse value with Singular code \(code); catches a swapped code table.",
        ["VAL-3", "VAL-4"], op(.coarse, .string(name)))
    }
    b.add(
      "coarse-upper-case", "\"LOW\" is unknown: coarse values are case-sensitive (kit-defined).", ["VAL-3", "VAL-8"],
      tags: ["case"], op(.coarse, "LOW"))
    b.add(
      "coarse-title-case", "\"Medium\" is unknown; catches case-insensitive matching.", ["VAL-3", "VAL-8"],
      tags: ["case"], op(.coarse, "Medium"))
    b.add("coarse-leading-space", "\" low\" is unknown; catches trimming.", ["VAL-3", "VAL-8"], op(.coarse, " low"))
    b.add(
      "coarse-trailing-space", "\"high \" is unknown; catches trimming.", ["VAL-3", "VAL-8"], op(.coarse, "high "))
    b.add(
      "coarse-empty", "The empty string is unknown; catches matching names by prefix, which every name has.", ["VAL-3"],
      op(.coarse, ""))
    b.add("coarse-none", "\"none\" is unknown: there is no fourth coarse value.", ["VAL-3"], op(.coarse, "none"))
    b.add("coarse-abbreviation", "\"med\" is unknown; catches prefix matching.", ["VAL-3"], op(.coarse, "med"))
    b.add(
      "coarse-number",
      "The number 1 is not a coarse string; catches accepting Singular codes where Apple's strings are required.",
      ["VAL-3", "VAL-8"], op(.coarse, 1))
    b.add("coarse-null", "null is not a coarse value here.", ["VAL-3"], op(.coarse, nil))
    b.add(
      "coarse-constant-name",
      "\"SKAdNetworkCoarseConversionValueHigh\" is unknown: the wire carries the value, not the constant's name.",
      ["VAL-3"], op(.coarse, "SKAdNetworkCoarseConversionValueHigh"))

    // Singular coarse codes.
    for (code, name) in [
      (0, CoarseValue.low.rawValue), (1, CoarseValue.medium.rawValue), (2, CoarseValue.high.rawValue),
    ] {
      b.add(
        "code-\(code)", "Singular coarse code \(code) is \(name); catches an off-by-one code table.", ["VAL-4"],
        op(.coarseCode, .integer(code)))
    }
    b.add(
      "code-3",
      "Coarse code 3 is out of range. The Singular snippet's check (`> 2 && < 0`) never fires, so it would pass 3 on; the reference rejects.",
      ["VAL-5"], tags: ["edge-exact", "snippet-bug"], op(.coarseCode, 3))
    b.add(
      "code-minus-1", "Coarse code -1 is out of range; the snippet's check misses it too.", ["VAL-5"],
      tags: ["edge-exact", "snippet-bug"], op(.coarseCode, -1))
    b.add("code-100", "Coarse code 100 is out of range; catches clamping to high.", ["VAL-5"], op(.coarseCode, 100))
    b.add(
      "code-integral-double", "Coarse code 2.0 is the integer 2, high.", ["VAL-2", "VAL-5"],
      op(.coarseCode, .double(2.0)))
    b.add(
      "code-fraction", "Coarse code 1.5 is not an integer; catches truncation to medium.", ["VAL-5"],
      op(.coarseCode, .double(1.5)))
    b.add("code-string", "The string \"1\" is not an integer code.", ["VAL-5"], op(.coarseCode, "1"))
    b.add(
      "code-name", "The string \"medium\" is not an integer code; catches accepting both forms.", ["VAL-5"],
      op(.coarseCode, "medium"))
    b.add(
      "code-true", "true is not an integer code; catches booleans coerced to 1.", ["VAL-5"], op(.coarseCode, true))

    // Synthesized fine values.
    for (name, fine) in [
      (CoarseValue.low.rawValue, 0), (CoarseValue.medium.rawValue, 32), (CoarseValue.high.rawValue, 63),
    ] {
      b.add(
        "synthesize-\(name)",
        "A coarse-only \"\(name)\" synthesizes fine \(fine); catches \(name == CoarseValue.medium.rawValue ? "31 or a proportional 21" : "an off-by-one mapping").",
        ["VAL-6"],
        ValuesSuite.Input.object([.op: .string(ValuesSuite.Operation.synthesizeFine.rawValue), .coarse: .string(name)]))
    }
    b.add(
      "synthesize-unknown", "Synthesizing from \"HIGH\" is `coarse-unknown`, not 63.", ["VAL-3", "VAL-6", "VAL-8"],
      tags: ["case"],
      ValuesSuite.Input.object([.op: .string(ValuesSuite.Operation.synthesizeFine.rawValue), .coarse: "HIGH"]))

    // Lock flags.
    b.add("lock-true", "true locks.", ["VAL-7"], op(.lock, true))
    b.add("lock-false", "false does not lock.", ["VAL-7"], op(.lock, false))
    b.add(
      "lock-absent", "An absent lock is false; catches a default of true.", ["VAL-7"],
      ValuesSuite.Input.object([.op: .string(ValuesSuite.Operation.lock.rawValue)]))
    b.add(
      "lock-string-false", "The string \"false\" is not a boolean; catches truthy coercion, which would lock.",
      ["VAL-7"], op(.lock, "false"))
    b.add("lock-string-true", "The string \"true\" is not a boolean.", ["VAL-7"], op(.lock, "true"))
    b.add("lock-one", "The number 1 is not a boolean here.", ["VAL-7"], op(.lock, 1))

    // an unknown operation: a value under test
    b.add("unknown-op", "An unknown `op` is `invalid-input`.", ["IN-1"], tags: ["bad-input"], op("round", 12))
    b.scenarios += TimelineScenarios.all()
    return b.scenarios
  }
}

/// The values suite's scenarios (its part in vector generation).
extension ValuesSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { ValuesScenarios.self }
}
