public import SKANJSON

/// A suite's random inputs and the requirement a finding of the fuzzer is filed under.
public struct FuzzGenerator: Sendable {
  /// A random input, biased toward the places where implementations differ.
  public let randomInput: @Sendable (inout SeededRandom) -> JSONValue
  /// The requirement a finding is filed under.
  public let defaultRequirement: String

  /// A generator filing its findings under `requirement`.
  public init(requirement: String, _ randomInput: @escaping @Sendable (inout SeededRandom) -> JSONValue) {
    self.randomInput = randomInput
    defaultRequirement = requirement
  }
}
