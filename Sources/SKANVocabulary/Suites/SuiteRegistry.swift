/// The one list of the kit's suites: adding a suite adds one line here.
public enum SuiteRegistry {
  /// Every suite, in the kit's order (vector files, listings, the Spec's tables).
  public static let all: [any SuiteVocabulary.Type] = [
    WindowSuite.self, ValuesSuite.self, LifecycleSuite.self, MetadataSuite.self,
    PostbackSuite.self, AttributionSuite.self, S2SSuite.self, SignatureSuite.self,
    ReceivingSuite.self,
  ]

  /// The suite named `id`; a `SuiteID` is only ever made for a registered name.
  public static func suite(_ id: SuiteID) -> any SuiteVocabulary.Type {
    guard let suite = byID[id] else { preconditionFailure("suite \(id.rawValue) is not registered") }
    return suite
  }

  /// The registered suites by identifier.
  static let byID: [SuiteID: any SuiteVocabulary.Type] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0) })
}
