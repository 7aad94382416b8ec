import SKANJSON
import SKANModel
import SKANVocabulary

/// The `lifecycle` suite's codec: a list of steps to the outcome of each and the snapshot
/// after it.
extension LifecycleSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    var lifecycle = SingularLifecycle(profile: try reader.profile(Input.profile))
    let steps = try reader.array(Input.steps.rawValue)
    var results = [JSONValue](repeating: .null, count: steps.count)
    for index in order(steps) {
      let (outcome, error) = try lifecycle.apply(
        try LifecycleStepDecoder.step(steps[index], path: "input.\(Input.steps.rawValue)[\(index)]"))
      results[index] = StepResult.object([
        .outcome: .string(outcome.rawValue),
        .error: .optional(error?.code.rawValue),
        .snapshot: .object(lifecycle.snapshot.guideFields),
      ])
    }
    return Output.object([.steps: .array(results)])
  }

  /// The order the steps are applied in: as given (LIF-11), or by time under
  /// ``RuleVariant/lifecycleStepsSorted``, equal times as given.
  private static func order(_ steps: [JSONValue]) -> [Int] {
    guard RuleVariant.lifecycleStepsSorted.isActive else { return Array(steps.indices) }
    let times = steps.map { $0[Step.at.rawValue]?.exactInteger ?? 0 }
    return steps.indices.sorted { (times[$0], $0) < (times[$1], $1) }
  }
}
