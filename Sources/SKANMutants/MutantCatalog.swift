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

  static let hour = 3_600_000
  static let edges = [48 * hour, 168 * hour, 840 * hour]

  /// The time `t0 + elapsed` as JSON.
  static func time(_ value: JSONValue?) -> Int? { value?.exactInteger }
}
