import SKANJSON
import SKANModel
import SKANSuites

/// Every mutant, by suite.
public enum MutantCatalog {
  /// All mutants.
  public static var all: [Mutant] {
    window + values + lifecycle + metadata + tracking + postback + legacyPostback + attribution + s2s + signature
      + libraryBugs + adAttributionKit + signatureInputs
  }

  static let hour = Milliseconds.hour
  /// The production window ends (WIN-1), from the model.
  static let edges = WindowProfile.production.windowEnds

  /// The window ends of an input's `profile` (WIN-1, WIN-5), from the model: production when
  /// it names none, or one the model does not know.
  static func windowEnds(of input: JSONValue) -> [Int] {
    (input["profile"]?.stringValue.flatMap(WindowProfile.init(rawValue:)) ?? .production).windowEnds
  }

  /// The time `t0 + elapsed` as JSON.
  static func time(_ value: JSONValue?) -> Int? { value?.exactInteger }
}
