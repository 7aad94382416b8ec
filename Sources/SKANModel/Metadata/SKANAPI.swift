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
    if version >= IOSVersion(16, 1) { return .fineCoarseLock }
    if version >= IOSVersion(15, 4) { return .fineOnly }
    if version >= IOSVersion(14, 0) { return .legacy }
    return nil
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
