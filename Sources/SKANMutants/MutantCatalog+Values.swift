import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  /// A timeline input with each update transformed.
  static func updates(_ input: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
    guard input["op"]?.stringValue == "timeline", let list = input["updates"]?.arrayValue else { return input }
    return input.setting("updates", .array(transform(list)))
  }

  static let values: [Mutant] = [
    Mutant(
      "fine-64-accepted", .values, "Accepts fine values up to 64.",
      input: { input in
        input["op"]?.stringValue == "fine" && input["value"] == 64 ? input.setting("value", 63) : input
      },
      output: { output, input in input["op"]?.stringValue == "fine" && input["value"] == 64 ? ["fine": 64] : output }),
    Mutant(
      "fine-string-coerced", .values, "Reads the string \"12\" as the number 12.",
      input: { input in
        guard input["op"]?.stringValue == "fine", let text = input["value"]?.stringValue, let number = Int(text) else {
          return input
        }
        return input.setting("value", .integer(number))
      }),
    Mutant(
      "fine-fraction-truncated", .values, "Truncates 12.5 to 12.",
      input: { input in
        guard input["op"]?.stringValue == "fine", case .double(let value)? = input["value"], value.isFinite,
          abs(value) < 1e9
        else { return input }
        return input.setting("value", .integer(Int(value)))
      }),
    Mutant(
      "coarse-case-insensitive", .values, "Matches coarse values in any case.",
      input: { input in
        input.updating("value") { value in value.stringValue.map { .string($0.lowercased()) } ?? value }
          .updating("coarse") { value in value.stringValue.map { .string($0.lowercased()) } ?? value }
      }),
    Mutant(
      "coarse-code-clamped", .values, "Clamps coarse codes above 2 to high (the Singular snippet's check never fires).",
      input: { input in
        guard input["op"]?.stringValue == "coarse-code", let code = input["value"]?.exactInteger, code > 2 else {
          return input
        }
        return input.setting("value", 2)
      }),
    Mutant(
      "medium-is-31", .values, "Synthesizes 31 for medium.",
      output: { output, input in
        input["op"]?.stringValue == "synthesize-fine" && input["coarse"] == "medium" ? ["fine": 31] : output
      }),
    Mutant(
      "truthy-lock", .values, "Treats any non-empty lock value as true.",
      input: { input in
        let truthy: (JSONValue) -> JSONValue = { value in
          switch value {
          case .string(let text): return .bool(!text.isEmpty)
          case .integer(let number): return .bool(number != 0)
          default: return value
          }
        }
        if input["op"]?.stringValue == "lock" { return input.updating("value", truthy) }
        return updates(input) { $0.map { $0.updating("lock", truthy) } }
      }),
    Mutant(
      "lock-ignored", .values, "Ignores locks in the timeline.",
      input: { updates($0) { $0.map { $0.setting("lock", false) } } }),
    Mutant(
      "increase-only", .values, "Keeps only increasing fine values in window 0 (SKAdNetwork 3 logic).",
      input: { input in
        guard let t0 = time(input["t0"]) else { return input }
        return updates(input) { list in
          var highest = -1
          return list.filter { update in
            guard let at = time(update["at"]), at - t0 < edges[0], let fine = update["fine"]?.exactInteger else {
              return true
            }
            defer { highest = max(highest, fine) }
            return fine >= highest
          }
        }
      }),
    Mutant(
      "fine-kept-after-window-0", .values, "Keeps the fine value in windows 1 and 2.",
      output: { output, input in
        guard input["op"]?.stringValue == "timeline", let t0 = time(input["t0"]),
          let list = input["updates"]?.arrayValue
        else { return output }
        let results = output["updates"]?.arrayValue ?? []
        var fines: [Int: Int] = [:]
        for (index, update) in list.enumerated() where index < results.count && results[index]["outcome"] == "applied" {
          if let window = results[index]["window"]?.exactInteger, window > 0, let fine = update["fine"]?.exactInteger {
            fines[window] = fine
          }
        }
        _ = t0
        return output.updating("windows") { windows in
          windows.mapIndexed { index, window in fines[index].map { window.setting("fine", .integer($0)) } ?? window }
        }
      }),
    Mutant(
      "coarse-carried-over", .values, "Keeps the previous coarse value when an update has none.",
      input: { input in
        guard let t0 = time(input["t0"]) else { return input }
        return updates(input) { list in
          var last: [Int: JSONValue] = [:]
          return list.map { update in
            guard let at = time(update["at"]) else { return update }
            let window = edges.firstIndex { at - t0 < $0 } ?? 3
            if let coarse = update["coarse"], !coarse.isNull {
              last[window] = coarse
              return update
            }
            return last[window].map { update.setting("coarse", $0) } ?? update
          }
        }
      }),
    Mutant(
      "invalid-stops-timeline", .values, "Stops at the first invalid update.",
      output: { output, _ in
        guard let results = output["updates"]?.arrayValue,
          let first = results.firstIndex(where: { $0["outcome"] == "rejected" }),
          first + 1 < results.count
        else { return output }
        return output.setting("updates", .array(Array(results.prefix(first + 1))))
      }),
    Mutant(
      "sorts-updates", .values, "Sorts updates by time instead of refusing them out of order.",
      input: { updates($0) { $0.sorted { (time($0["at"]) ?? 0) < (time($1["at"]) ?? 0) } } }),
    Mutant(
      "integral-double-rejected", .values, "Rejects 12.0 as not an integer.",
      input: { input in
        if case .double(let value)? = input["value"], value.rounded(.towardZero) == value {
          return input.setting("value", "x")
        }
        return input
      }),
  ]
}
