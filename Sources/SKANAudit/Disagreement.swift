import SKANModel

/// Where a receiver's claimed outcome and the kit's differ, by the kind a finance team asks
/// about.
public enum Disagreement: String, Sendable, Hashable, CaseIterable {
  /// A body that does not verify was counted (RCV-2).
  case forgeryCounted = "forgery-counted"
  /// A retry or a developer copy of a counted postback was counted again (RCV-4 to RCV-6).
  case duplicateCounted = "duplicate-counted"
  /// A copy that cannot have come on its path was counted (RCV-10 to RCV-12).
  case excludedCounted = "excluded-counted"
  /// A genuine postback the kit counts was not counted.
  case genuineDropped = "genuine-dropped"
  /// A development postback was counted as production (RCV-13 to RCV-15).
  case developmentAsProduction = "development-as-production"
  /// A production postback was counted as development (RCV-13 to RCV-15).
  case productionAsDevelopment = "production-as-development"

  /// The requirements the receiver's outcome breaks.
  public var requirements: [String] {
    switch self {
    case .forgeryCounted: return ["RCV-2"]
    case .duplicateCounted: return ["RCV-4", "RCV-5", "RCV-6"]
    case .excludedCounted: return ["RCV-10", "RCV-11", "RCV-12"]
    case .genuineDropped: return ["RCV-2", "RCV-4"]
    case .developmentAsProduction, .productionAsDevelopment: return ["RCV-13", "RCV-14", "RCV-15"]
    }
  }

  /// The disagreement between the kit's outcome `postback` and the receiver's `claimed` one;
  /// `nil` when they agree.
  public static func between(_ postback: ReceivedPostback, _ claimed: ClaimedOutcome) -> Disagreement? {
    switch (postback.status, claimed.counted) {
    case (.counted, false): return .genuineDropped
    case (.counted, true):
      guard let claimedEnvironment = claimed.environment, let environment = postback.reading?.environment,
        claimedEnvironment != environment
      else { return nil }
      return environment == .development ? .developmentAsProduction : .productionAsDevelopment
    case (.duplicate, true): return .duplicateCounted
    case (.excluded, true): return .excludedCounted
    case (.rejected, true), (.unverifiable, true): return .forgeryCounted
    case (_, false): return nil
    }
  }

}
