/// The device's re-engagement counts at an event, and its limits (AT-19).
///
/// Apple: "The system doesn't always produce postbacks after a reengagement. The device is
/// subject to reengagement limits on a monthly per-app basis, as well as a yearly per-device
/// basis" (adattributionkit/receiving-ad-attributions-and-postbacks). The numbers are not
/// published, so a case gives them: how many re-engagements this app already had this month
/// and this device this year, and each limit (`nil`: no limit known).
public struct ReengagementLimits: Sendable, Hashable {
  /// Re-engagements already attributed for this app this month.
  public var appMonthUsed: Int
  /// The most per app and month; `nil` for no limit.
  public var appMonthLimit: Int?
  /// Re-engagements already attributed on this device this year.
  public var deviceYearUsed: Int
  /// The most per device and year; `nil` for no limit.
  public var deviceYearLimit: Int?

  /// Creates the counts and limits.
  public init(appMonthUsed: Int = 0, appMonthLimit: Int? = nil, deviceYearUsed: Int = 0, deviceYearLimit: Int? = nil) {
    self.appMonthUsed = appMonthUsed
    self.appMonthLimit = appMonthLimit
    self.deviceYearUsed = deviceYearUsed
    self.deviceYearLimit = deviceYearLimit
  }

  /// Whether either limit is reached (kit-defined: a limit of N allows N re-engagements, so
  /// the one that finds N already used is blocked).
  public var reached: Bool {
    let slack =
      (RuleVariant.reengagementLimitExclusive.isActive ? 1 : 0)
      - (RuleVariant.reengagementLimitOneEarly.isActive ? 1 : 0)
    func reached(_ used: Int, _ limit: Int?) -> Bool {
      guard let limit = limit ?? (RuleVariant.reengagementMissingLimitIsZero.isActive ? 0 : nil) else { return false }
      return used >= limit + slack
    }
    return reached(appMonthUsed, appMonthLimit)
      || (!RuleVariant.reengagementDeviceYearLimitIgnored.isActive && reached(deviceYearUsed, deviceYearLimit))
  }
}
