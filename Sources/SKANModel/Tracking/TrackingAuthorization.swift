/// The App Tracking Transparency authorization status, `ATTrackingManager.AuthorizationStatus`,
/// by its Swift case names (ATT-2).
public enum TrackingAuthorization: String, Sendable, Hashable, CaseIterable {
  /// The user has not been asked yet.
  case notDetermined
  /// A profile or configuration restricts tracking; the user cannot be asked.
  case restricted
  /// The user declined.
  case denied
  /// The user allowed tracking.
  case authorized
}
