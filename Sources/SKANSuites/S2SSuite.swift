import SKANJSON
import SKANModel

/// The `s2s` suite's wire shape (see `Spec/s2s.md`).
enum S2SSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    throw ModelError(.invalidInput, "the s2s suite is not implemented yet")
  }
}
