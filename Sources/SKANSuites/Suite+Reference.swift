public import SKANJSON
import SKANModel
import SKANSignatures
public import SKANVocabulary

extension SuiteID {
  /// Runs the reference model on one input.
  ///
  /// Never traps: any input, however malformed, gives an output or an error code.
  public func evaluate(_ input: JSONValue) -> SuiteResult {
    do {
      if let suite = ReferenceSuites.byID[self] { return .output(try suite.evaluate(input)) }
      // The codecs not yet declared as `ReferenceSuite` conformances (#28, step 3).
      switch self {
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
