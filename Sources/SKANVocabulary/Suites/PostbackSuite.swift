extension SuiteID {
  /// The postbacks a device sends: which, when, with which fields at which tier.
  public static let postback = SuiteID(declaring: "postback")
}

extension Requirement.Area {
  /// The postback suite's requirement table, in Spec/postback.md.
  public static let postback = Requirement.Area(.postback)
}

/// The `postback` suite: which postbacks a device sends, their fields per crowd anonymity
/// tier, their values and their send times (Spec/postback.md).
public enum PostbackSuite: SuiteVocabulary {
  public static let id = SuiteID.postback
  public static let summary =
    "SKAdNetwork 4 and AdAttributionKit postbacks: which ones a device sends, their fields per crowd anonymity tier, their values and their send times."

  /// Its requirements (Spec/postback.md).
  public static var requirements: [Requirement] { RequirementCatalog.postback }

  /// The members of the input.
  public enum Input: String, MemberName {
    case framework
    case adVersion = "ad_version"
    case didWin = "did_win"
    case interaction
    case conversionType = "conversion_type"
    case profile, t0, updates, tiers, ad
    case postbackIDs = "postback_ids"
    case closedAt = "closed_at"
  }

  /// The values of the input's `conversion_type`, in the order the Spec lists them.
  public enum ConversionType: String, MemberName {
    case download, redownload
    case reengagement = "re-engagement"
  }

  /// The members of a tier object: the tier of the 2-, 3- and 4-digit source identifiers.
  public enum TierDigits: String, MemberName {
    case two = "2"
    case three = "3"
    case four = "4"
  }

  /// The members of one element of the input's `updates`.
  public enum Update: String, MemberName { case at, fine, coarse, lock }

  /// The members of the input's `ad`.
  public enum Ad: String, MemberName {
    case adNetworkID = "ad_network_id"
    case sourceIdentifier = "source_identifier"
    case advertisedAppID = "advertised_app_id"
    case sourceAppID = "source_app_id"
    case sourceDomain = "source_domain"
    case countryCode = "country_code"
    case marketplaceID = "marketplace_id"
  }

  /// The members of the output.
  public enum Output: String, MemberName { case postbacks }

  /// The members of one element of the output's `postbacks`.
  public enum Postback: String, MemberName {
    case sequenceIndex = "sequence_index"
    case tier, postback, outer
    case finalizedAt = "finalized_at"
    case earliestSend = "earliest_send"
    case latestSend = "latest_send"
  }
}
