import SKANJSON
import SKANModel

/// The `attribution` suite's wire shape (see `Spec/attribution.md`).
enum AttributionSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    throw ModelError(.invalidInput, "the attribution suite is not implemented yet")
  }
}
