import SKANJSON
import SKANModel

/// The `signature` suite's wire shape (see `Spec/signature.md`).
enum SignatureSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    throw ModelError(.invalidInput, "the signature suite is not implemented yet")
  }
}
