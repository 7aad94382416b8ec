import SKANJSON
import SKANModel
import SKANVocabulary

/// Reads one lifecycle step from its input JSON: the `lifecycle` suite's steps and the
/// `s2s` suite's Singular `build-request` steps have the same shape.
enum LifecycleStepDecoder {
  typealias Step = LifecycleSuite.Step

  static func step(_ element: JSONValue, path: String) throws(ModelError) -> LifecycleStep {
    let step = try InputReader(element, path: path)
    let time = try step.timestamp(Step.at.rawValue)
    let op = try step.string(Step.op.rawValue)
    if RuleVariant.lifecycleUnknownStepRejectedAlone.isActive, LifecycleSuite.StepOperation(rawValue: op) == nil {
      return .invalid(at: time, error: ModelError(.invalidInput, "\(path).op \"\(op)\" is not a step"))
    }
    switch try LifecycleSuite.StepOperation.choice(op, at: "\(path).op") {
    case .register:
      return .register(at: time)
    case .serverResponse:
      let response = try step.object(Step.response.rawValue)
      do {
        return .serverResponse(at: time, reply: try ServerReply(reading: response))
      } catch {
        return .serverResponse(at: time, reply: .invalid(error))
      }
    case .revenue:
      guard let amountValue = step.members[Step.amount.rawValue] else { throw step.missing(Step.amount.rawValue) }
      guard let currencyValue = step.members[Step.currency.rawValue] else {
        throw step.missing(Step.currency.rawValue)
      }
      if RuleVariant.lifecycleCurrencyTypeAsShape.isActive, currencyValue.stringValue == nil {
        throw step.mistyped(Step.currency.rawValue, "a string", currencyValue)
      }
      let admon = try step.bool(Step.admon.rawValue, default: false)
      return .revenue(at: time, amount: amountValue, currency: currencyValue, adMonetization: admon)
    }
  }
}
