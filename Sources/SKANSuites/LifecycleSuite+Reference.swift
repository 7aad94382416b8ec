import SKANJSON
import SKANModel
import SKANVocabulary

/// The `lifecycle` suite's codec: a list of steps to the outcome of each and the snapshot
/// after it.
extension LifecycleSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    var lifecycle = SingularLifecycle(profile: try reader.profile(Input.profile))
    var results: [JSONValue] = []
    for (index, element) in try reader.array(Input.steps.rawValue).enumerated() {
      let (outcome, error) = try lifecycle.apply(
        try LifecycleStepDecoder.step(element, path: "input.\(Input.steps.rawValue)[\(index)]"))
      results.append(
        StepResult.object([
          .outcome: .string(outcome.rawValue),
          .error: .optional(error?.code.rawValue),
          .snapshot: .object(lifecycle.snapshot.guideFields),
        ]))
    }
    return Output.object([.steps: .array(results)])
  }
}
