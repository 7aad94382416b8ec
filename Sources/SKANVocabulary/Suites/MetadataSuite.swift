extension SuiteID {
  /// The SDK metadata contract.
  public static let metadata = SuiteID(declaring: "metadata")
}

extension Requirement.Area {
  /// The metadata suite's requirement table, in Spec/metadata.md.
  public static let metadata = Requirement.Area(.metadata)
}

/// The `metadata` suite: the SDK's string metadata to the SKAdNetwork call, the StoreKit
/// overlay and the forwarded IDFA (Spec/metadata.md).
public enum MetadataSuite: SuiteVocabulary {
  public static let id = SuiteID.metadata
  public static let summary =
    "The SDK SKAN metadata contract: string metadata to the SKAdNetwork call and the StoreKit overlay."

  /// Its requirements: metadata.md's tables, the contract and the ATT gate.
  public static var requirements: [Requirement] { RequirementCatalog.metadata + RequirementCatalog.tracking }

  /// The members of the input.
  public enum Input: String, MemberName {
    case iosVersion = "ios_version"
    case metadata, att, idfa
  }

  /// The members of the input's `att`, the user's tracking choices (also the s2s suite's
  /// `build-request` `config.att`).
  public enum ATT: String, MemberName { case status, consent }

  /// The members of the output.
  public enum Output: String, MemberName {
    case skanCall = "skan_call"
    case overlay, idfa
  }

  /// The members of the output's `skan_call`.
  public enum SKANCall: String, MemberName { case api, fine, coarse, lock }

  /// The members of the output's `overlay`.
  public enum Overlay: String, MemberName {
    case appID = "app_id"
    case position, dismissible
  }
}
