/// The kinds of SKAdNetwork 4 impression an ad network signs (SIG-9 to SIG-12).
public enum ImpressionKind: String, Sendable, Hashable, CaseIterable {
  /// A StoreKit-rendered ad: fidelity-type 1, source-app-id.
  case storeKitRendered = "storekit-rendered"
  /// A view-through ad: fidelity-type 0, source-app-id.
  case viewThrough = "view-through"
  /// A web ad: fidelity-type 1, source-domain in the source-app-id slot.
  case web

  /// The fidelity type the kind implies.
  public var fidelityType: Int { self == .viewThrough && !RuleVariant.impressionFidelityAlwaysOne.isActive ? 0 : 1 }

  /// The field that fills the source slot (SIG-10).
  public var sourceField: ImpressionField { self == .web ? .sourceDomain : .sourceAppID }
}
