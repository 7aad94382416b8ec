extension SuiteID {
  /// Which impression wins an install or a re-engagement, and who gets a postback.
  public static let attribution = SuiteID(declaring: "attribution")
}

extension Requirement.Area {
  /// The attribution suite's requirement table, in Spec/attribution.md.
  public static let attribution = Requirement.Area(.attribution)
}

/// The `attribution` suite: which impression wins an install or a re-engagement, who gets a
/// postback, and where conversion updates go (Spec/attribution.md).
public enum AttributionSuite: SuiteVocabulary {
  public static let id = SuiteID.attribution
  public static let summary =
    "Attribution: eligible impressions, the winner, the losing networks, and re-engagement."

  /// Its requirements (Spec/attribution.md).
  public static var requirements: [Requirement] { RequirementCatalog.attribution }

  /// The operations, named by `op` (`attribute` when absent).
  public enum Operation: String, MemberName { case attribute, route }

  /// The members of the input.
  public enum Input: String, MemberName {
    case op, profile, overlapping, conversions, updates, event, impressions, configuration
  }

  /// The values of an event's or a conversion's `kind`.
  public enum Kind: String, MemberName {
    case install
    case reengagement = "re-engagement"
  }

  /// The members of the input's `event`.
  public enum Event: String, MemberName {
    case kind, at
    case appInstalled = "app_installed"
    case firstUpdateAt = "first_update_at"
    case lastConversionAt = "last_conversion_at"
    case lastConversionKind = "last_conversion_kind"
    case reengagementLimits = "reengagement_limits"
  }

  /// The members of the event's `reengagement_limits` (AT-19).
  public enum ReengagementLimits: String, MemberName {
    case appMonthUsed = "app_month_used"
    case appMonthLimit = "app_month_limit"
    case deviceYearUsed = "device_year_used"
    case deviceYearLimit = "device_year_limit"
  }

  /// The members of one element of the input's `impressions`.
  public enum Impression: String, MemberName {
    case id, framework
    case adNetworkID = "ad_network_id"
    case interaction, at
    case sourceAppID = "source_app_id"
    case eligibleForReengagement = "eligible_for_reengagement"
    case environment
  }

  /// The members of the input's `configuration`.
  public enum Configuration: String, MemberName {
    case attributionWindows = "attribution_windows"
    case installCooldownHours = "install_cooldown_hours"
    case reengagementCooldownHours = "re_engagement_cooldown_hours"
  }

  /// The members of one entry of `configuration.attribution_windows`.
  public enum AttributionWindow: String, MemberName {
    case view, click
    case ignoreInteractionType = "ignore_interaction_type"
  }

  /// The members of one element of the input's `conversions` (`route`).
  public enum Conversion: String, MemberName { case kind, id, at, tag, framework }

  /// The members of one element of the input's `updates` (`route`).
  public enum RoutedUpdate: String, MemberName {
    case at, fine, coarse, lock
    case conversionTypes = "conversion_types"
    case conversionTag = "conversion_tag"
    case api
  }

  /// The members of the output: `attribute`'s, then `route`'s.
  public enum Output: String, MemberName {
    case conversion, winner
    case losingPostbacks = "losing_postbacks"
    case impressions, updates, conversions
  }

  /// The members of one element of `attribute`'s output `impressions`.
  public enum ImpressionVerdict: String, MemberName { case id, status, reason }

  /// The members of one element of `route`'s output `updates`.
  public enum UpdateRouting: String, MemberName {
    case appliedTo = "applied_to"
  }

  /// The members of one element of `route`'s output `conversions`.
  public enum ConversionResult: String, MemberName {
    case id
    case closedAt = "closed_at"
    case windows
  }
}
