import SKANJSON
import SKANModel

/// The `lifecycle` suite: a list of steps to the outcome of each and the snapshot after it.
enum LifecycleSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    var lifecycle = SingularLifecycle(profile: try reader.profile())
    var results: [JSONValue] = []
    for (index, element) in try reader.array("steps").enumerated() {
      let step = try InputReader(element, path: "input.steps[\(index)]")
      let (outcome, error) = try lifecycle.apply(try parse(step))
      results.append([
        "outcome": .string(outcome.rawValue),
        "error": .optional(error?.code.rawValue),
        "snapshot": encode(lifecycle.snapshot),
      ])
    }
    return ["steps": .array(results)]
  }

  private static func parse(_ step: InputReader) throws(ModelError) -> LifecycleStep {
    let time = try step.timestamp("at")
    let op = try step.string("op")
    switch op {
    case "register":
      return .register(at: time)
    case "server-response":
      let response = try InputReader(.object(try step.object("response")), path: "\(step.path).response")
      do {
        return .serverResponse(at: time, reply: try reply(response))
      } catch {
        return .serverResponse(at: time, reply: .invalid(error))
      }
    case "revenue":
      guard let amountValue = step.members["amount"] else { throw step.missing("amount") }
      guard let currencyValue = step.members["currency"] else { throw step.missing("currency") }
      let admon = try step.bool("admon", default: false)
      // LIF-6: the currency is checked before the amount, its type as well as its form.
      guard let currency = currencyValue.stringValue else {
        return .invalid(
          at: time, error: ModelError(.invalidCurrency, "currency must be a string, not \(currencyValue.typeName)"))
      }
      guard let amount = amountValue.numberValue else {
        if !SingularLifecycle.isCurrencyCode(currency) {
          return .invalid(
            at: time, error: ModelError(.invalidCurrency, "currency \"\(currency)\" is not three upper-case letters"))
        }
        return .invalid(
          at: time, error: ModelError(.invalidAmount, "amount must be a number, not \(amountValue.typeName)"))
      }
      return .revenue(at: time, amount: amount, currency: currency, adMonetization: admon)
    default:
      throw ModelError(.invalidInput, "\(step.path).op \"\(op)\" is not register, server-response or revenue")
    }
  }

  /// Reads a Singular response (LIF-2, LIF-3, LIF-4).
  private static func reply(_ response: InputReader) throws(ModelError) -> ServerReply {
    guard let fineValue = response.optional("conversion_value") else {
      if response.optional("status")?.stringValue == "ok" { return .noUpdate }
      return .failure(reason: response.optional("reason")?.stringValue)
    }
    let fine = try ValueReader.fine(fineValue).rawValue
    let code = try ValueReader.coarseCode(response.members["skan_updated_coarse_value"])
    if let code { _ = try CoarseValue(code: code) }  // VAL-5 before the lock, in field order
    let lock: Bool
    let lockValue = response.optional("skan_updated_lock_window_value")
    switch lockValue {
    case nil: lock = false
    case .bool(let flag)?: lock = flag
    case let number? where number.exactInteger == 0: lock = false
    case let number? where number.exactInteger == 1: lock = true
    case let other?:
      throw ModelError(.lockNotBoolean, "skan_updated_lock_window_value must be a boolean or 0/1, not \(other)")
    }
    return .update(fine: fine, coarseCode: code, lock: lock)
  }

  // MARK: - Snapshot

  /// The snapshot under the guide's key names (LIF-2, LIF-14).
  static func encode(_ snapshot: SingularLifecycle.Snapshot) -> JSONValue {
    var members: [String: JSONValue] = [
      "skan_current_conversion_value": .optional(snapshot.currentFine?.rawValue),
      "prev_fine_value": .optional(snapshot.previousFine?.rawValue),
      "skan_first_call_to_skadnetwork_timestamp": .optional(snapshot.firstCall?.unixSeconds),
      "skan_last_call_to_skadnetwork_timestamp": .optional(snapshot.lastCall?.unixSeconds),
      "skan_total_revenue_by_currency": encode(snapshot.totalRevenue),
      "skan_total_admon_revenue_by_currency": encode(snapshot.totalAdMonetizationRevenue),
    ]
    for slot in 0..<3 {
      members["p\(slot)_coarse"] = .optional(snapshot.coarse[slot]?.code)
      members["p\(slot)_prev_coarse_value"] = .optional(snapshot.previousCoarse[slot]?.code)
      members["p\(slot)_window_lock"] = .optional(snapshot.lockTimes[slot]?.unixSeconds)
      members["p\(slot)_total_iap_revenue"] = encode(snapshot.windowRevenue[slot])
      members["p\(slot)_total_admon_revenue"] = encode(snapshot.windowAdMonetizationRevenue[slot])
    }
    return .object(members)
  }

  private static func encode(_ totals: RevenueTotals?) -> JSONValue {
    guard let totals else { return .null }
    return .object(totals.byCurrency.mapValues { .double($0) })
  }
}
