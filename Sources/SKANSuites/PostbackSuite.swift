import SKANJSON
import SKANModel

/// The `postback` suite's wire shape (see `Spec/postback.md`).
enum PostbackSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    throw ModelError(.invalidInput, "the postback suite is not implemented yet")
  }
}
