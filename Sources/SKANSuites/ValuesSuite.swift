import SKANJSON
import SKANModel

/// The `values` suite: single values (`op` fine, coarse, coarse-code, synthesize-fine,
/// lock) and a timeline of updates (`op` timeline).
enum ValuesSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.string("op")
    switch op {
    case "fine":
      return ["fine": .integer(try ValueReader.fine(reader.members["value"]).rawValue)]
    case "coarse":
      guard let coarse = try ValueReader.coarse(reader.members["value"]) else {
        throw ModelError(.coarseUnknown, "coarse value is missing")
      }
      return encode(coarse)
    case "coarse-code":
      guard let code = try ValueReader.coarseCode(reader.members["value"]) else {
        throw ModelError(.coarseCodeNotInteger, "coarse code is missing")
      }
      return encode(try CoarseValue(code: code))
    case "synthesize-fine":
      guard let coarse = try ValueReader.coarse(reader.members["coarse"]) else {
        throw ModelError(.coarseUnknown, "coarse value is missing")
      }
      return ["fine": .integer(FineValue.synthesized(from: coarse).rawValue)]
    case "lock":
      return ["lock": .bool(try ValueReader.lock(reader.members["value"]))]
    case "timeline":
      return try timeline(reader)
    default:
      throw ModelError(
        .invalidInput,
        "input.op \"\(op)\" is not fine, coarse, coarse-code, synthesize-fine, lock or timeline")
    }
  }

  private static func encode(_ coarse: CoarseValue) -> JSONValue {
    ["coarse": .string(coarse.rawValue), "code": .integer(coarse.code)]
  }

  // MARK: - Timeline

  private static func timeline(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try reader.profile()
    var timeline = ConversionTimeline(profile: profile, t0: try reader.timestamp("t0"))
    var results: [JSONValue] = []
    for (index, element) in try reader.array("updates").enumerated() {
      let update = try InputReader(element, path: "input.updates[\(index)]")
      let time = try update.timestamp("at")
      let parsed: ConversionUpdate
      do {
        parsed = ConversionUpdate(
          time: time,
          fine: try ValueReader.fine(update.members["fine"]),
          coarse: try ValueReader.coarse(update.members["coarse"]),
          lock: try ValueReader.lock(update.members["lock"]))
      } catch {
        // TML-5: rejected, nothing changes, later updates still count.
        let window = try timeline.reject(at: time)
        results.append([
          "outcome": "rejected", "window": .optional(window?.index), "error": .string(error.code.rawValue),
        ])
        continue
      }
      let (outcome, window) = try timeline.apply(parsed)
      results.append(["outcome": .string(outcome.rawValue), "window": .optional(window?.index), "error": nil])
    }
    return ["updates": .array(results), "windows": encodeWindows(timeline)]
  }

  /// A timeline's three windows, as the `timeline` operation and the attribution suite's
  /// `route` operation write them.
  static func encodeWindows(_ timeline: ConversionTimeline) -> JSONValue {
    .array(
      timeline.windows.map { values in
        [
          "window": .integer(values.window.index),
          "fine": .optional(values.fine?.rawValue),
          "coarse": .optional(values.coarse?.rawValue),
          "locked_at": .optional(values.lockedAt?.milliseconds),
          "last_update_at": .optional(values.lastUpdateAt?.milliseconds),
          "updates_applied": .integer(values.appliedCount),
        ]
      })
  }
}
