/// An ad impression the device registered.
public struct Impression: Sendable, Hashable {
  /// Production or development (Developer Mode, or a source app / publisher ID of 0).
  public enum Environment: String, Sendable, Hashable, CaseIterable {
    /// A production impression.
    case production
    /// A development impression.
    case development
  }

  /// The scenario's name for it.
  public var id: String
  /// SKAdNetwork or AdAttributionKit.
  public var framework: PostbackScenario.Framework
  /// The ad network.
  public var adNetworkID: String
  /// View or click (fidelity 0 or 1).
  public var interaction: PostbackScenario.Interaction
  /// When it was registered (a view's end, a click's tap).
  public var time: Timestamp
  /// The app that showed it, for the 15-view limit (AT-6); views without one (web views) are
  /// not limited.
  public var sourceAppID: Int?
  /// `eligible-for-re-engagement` (AdAttributionKit).
  public var eligibleForReengagement: Bool
  /// Production or development.
  public var environment: Environment

  /// Creates an impression.
  public init(
    id: String, framework: PostbackScenario.Framework, adNetworkID: String, interaction: PostbackScenario.Interaction,
    time: Timestamp, sourceAppID: Int?, eligibleForReengagement: Bool, environment: Environment
  ) {
    self.id = id
    self.framework = framework
    self.adNetworkID = adNetworkID
    self.interaction = interaction
    self.time = time
    self.sourceAppID = sourceAppID
    self.eligibleForReengagement = eligibleForReengagement
    self.environment = environment
  }
}
