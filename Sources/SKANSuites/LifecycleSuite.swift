import SKANJSON
import SKANModel

/// The `lifecycle` suite: a list of steps to the outcome of each and the snapshot after it.
enum LifecycleSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    var lifecycle = SingularLifecycle(profile: try reader.profile())
    var results: [JSONValue] = []
    for (index, element) in try reader.array("steps").enumerated() {
      let (outcome, error) = try lifecycle.apply(try LifecycleStepDecoder.step(element, path: "input.steps[\(index)]"))
      results.append([
        "outcome": .string(outcome.rawValue),
        "error": .optional(error?.code.rawValue),
        "snapshot": .object(lifecycle.snapshot.guideFields),
      ])
    }
    return ["steps": .array(results)]
  }
}
