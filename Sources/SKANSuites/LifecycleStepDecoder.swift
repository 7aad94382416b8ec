import SKANJSON
import SKANModel

/// Reads one lifecycle step from its input JSON: the `lifecycle` suite's steps and the
/// `s2s` suite's Singular `build-request` steps have the same shape.
enum LifecycleStepDecoder {
  static func step(_ element: JSONValue, path: String) throws(ModelError) -> LifecycleStep {
    let step = try InputReader(element, path: path)
    let time = try step.timestamp("at")
    let op = try step.string("op")
    switch op {
    case "register":
      return .register(at: time)
    case "server-response":
      let response = try step.object("response")
      do {
        return .serverResponse(at: time, reply: try ServerReply(reading: response))
      } catch {
        return .serverResponse(at: time, reply: .invalid(error))
      }
    case "revenue":
      guard let amountValue = step.members["amount"] else { throw step.missing("amount") }
      guard let currencyValue = step.members["currency"] else { throw step.missing("currency") }
      let admon = try step.bool("admon", default: false)
      return .revenue(at: time, amount: amountValue, currency: currencyValue, adMonetization: admon)
    default:
      throw ModelError(.invalidInput, "\(path).op \"\(op)\" is not register, server-response or revenue")
    }
  }
}
