/// Which SKAdNetwork method an SDK calls, chosen by iOS version (META-6).
public enum SKANAPI: String, Sendable, Hashable, CaseIterable {
  /// `updatePostbackConversionValue(_:coarseValue:lockWindow:completionHandler:)`, iOS 16.1+.
  case fineCoarseLock = "fine-coarse-lock"
  /// `updatePostbackConversionValue(_:completionHandler:)`, iOS 15.4 up to 16.1.
  case fineOnly = "fine-only"
  /// `updateConversionValue(_:)`, iOS 14.0 up to 15.4.
  case legacy

  /// The method for an iOS version, or `nil` below iOS 14.0, where no conversion-value
  /// method exists (META-6).
  public static func forIOS(_ version: IOSVersion) -> SKANAPI? {
    if RuleVariant.fineCoarseLockAbove16Dot1.isActive ? version > IOSVersion(16, 1) : version >= IOSVersion(16, 1),
      version.major == 16 || !RuleVariant.fineCoarseLockOnIOS16Only.isActive
    {
      return .fineCoarseLock
    }
    if version >= IOSVersion(15, RuleVariant.fineOnlyFromIOS15.isActive ? 0 : 4) {
      return .fineOnly
    }
    if RuleVariant.legacyAbove14Dot0.isActive ? version > IOSVersion(14, 0) : version >= IOSVersion(14, 0) {
      return .legacy
    }
    return RuleVariant.legacyBelow14.isActive ? .legacy : nil
  }

  /// The method for an iOS version written as `text`, compared as text with the first
  /// version of each method (META-6's alternative, ``RuleVariant/iosVersionComparedAsText``).
  static func forIOS(comparingText text: String) -> SKANAPI? {
    [IOSVersion(16, 1), IOSVersion(15, 4), IOSVersion(14, 0)].first { text >= "\($0.major).\($0.minor)" }
      .flatMap(forIOS)
  }

  /// Apple's selector, for messages and the Spec.
  public var selector: String {
    switch self {
    case .fineCoarseLock: return "updatePostbackConversionValue(_:coarseValue:lockWindow:completionHandler:)"
    case .fineOnly: return "updatePostbackConversionValue(_:completionHandler:)"
    case .legacy: return "updateConversionValue(_:)"
    }
  }
}
