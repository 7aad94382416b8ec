public import SKANJSON
import SKANModel
import SKANSignatures
public import SKANVocabulary

extension SuiteID {
  /// Runs the reference model on one input: the suite's `ReferenceSuite` codec.
  ///
  /// Never traps: any input, however malformed, gives an output or an error code.
  public func evaluate(_ input: JSONValue) -> SuiteResult {
    guard let suite = ReferenceSuites.byID[self] else { preconditionFailure("suite \(rawValue) is not registered") }
    do {
      return .output(try suite.evaluate(input))
    } catch {
      return .error(code: error.code.rawValue, message: error.message)
    }
  }

  /// The cryptographic primitives the reference passes to the model's signature rules.
  static let crypto: any SignatureCrypto = SwiftCrypto()
}
