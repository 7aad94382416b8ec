public import SKANJSON
public import SKANModel
import SKANSignatures

extension Suite {
  /// Runs the reference model on one input.
  ///
  /// Never traps: any input, however malformed, gives an output or an error code.
  public func evaluate(_ input: JSONValue) -> SuiteResult {
    do {
      switch self {
      case .window: return .output(try WindowSuite.evaluate(input))
      case .values: return .output(try ValuesSuite.evaluate(input))
      case .lifecycle: return .output(try LifecycleSuite.evaluate(input))
      case .metadata: return .output(try MetadataSuite.evaluate(input))
      case .postback: return .output(try PostbackSuite.evaluate(input))
      case .attribution: return .output(try AttributionSuite.evaluate(input))
      case .s2s: return .output(try S2SSuite.evaluate(input))
      case .signature: return .output(try SignatureSuite.evaluate(input))
      default: preconditionFailure("suite \(rawValue) has no reference codec")
      }
    } catch {
      return .error(code: error.code.rawValue, message: error.message)
    }
  }

  /// The cryptographic primitives the reference passes to the model's signature rules.
  static let crypto: any SignatureCrypto = SwiftCrypto()
}
