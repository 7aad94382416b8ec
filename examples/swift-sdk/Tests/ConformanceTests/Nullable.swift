/// An output member written as `null` when it has no value. The synthesized `Encodable`
/// leaves a `nil` member out, and the Spec's outputs write every member, `null` included.
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
  var wrappedValue: Value?

  init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}
