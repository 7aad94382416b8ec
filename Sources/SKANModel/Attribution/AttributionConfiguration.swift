/// The advertised app's AdAttributionKit configuration (Info.plist `AdAttributionKitConfigurations`).
public struct AttributionConfiguration: Sendable, Hashable {
  /// Install attribution windows, in days.
  public struct Windows: Sendable, Hashable {
    /// The view-through window, 1...7 days.
    public var viewDays: Int?
    /// The click-through window, 1...30 days.
    public var clickDays: Int?
    /// Per network only: an interaction type whose impressions are ignored.
    public var ignoreInteractionType: PostbackScenario.Interaction?

    /// Creates windows.
    public init(viewDays: Int?, clickDays: Int?, ignoreInteractionType: PostbackScenario.Interaction?) {
      self.viewDays = viewDays
      self.clickDays = clickDays
      self.ignoreInteractionType = ignoreInteractionType
    }
  }

  /// `AttributionWindows` → `global`.
  public var global: Windows?
  /// `AttributionWindows` → `<ad-network-id>`.
  public var perNetwork: [String: Windows]
  /// `AttributionCooldown` → `install-cooldown-hours`, 0...720.
  public var installCooldownHours: Int?
  /// `AttributionCooldown` → `re-engagement-cooldown-hours`, 0...720.
  public var reengagementCooldownHours: Int?

  /// Creates a configuration.
  public init(
    global: Windows?, perNetwork: [String: Windows], installCooldownHours: Int?, reengagementCooldownHours: Int?
  ) {
    self.global = global
    self.perNetwork = perNetwork
    self.installCooldownHours = installCooldownHours
    self.reengagementCooldownHours = reengagementCooldownHours
  }

  /// No configuration: the system defaults.
  public static let none = AttributionConfiguration(
    global: nil, perNetwork: [:], installCooldownHours: nil, reengagementCooldownHours: nil)
}
