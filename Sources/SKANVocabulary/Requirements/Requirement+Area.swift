extension Requirement {
  /// The part of the Spec a requirement belongs to; the raw value is the name of its
  /// requirement table (`<!-- BEGIN GENERATED: requirements <area> -->`).
  public enum Area: String, Sendable, Hashable, CaseIterable {
    /// Rules for every suite (Spec/README.md).
    case general
    /// Conversion windows.
    case window
    /// Fine, coarse and lock values.
    case values
    /// The order of conversion-value updates (values.md).
    case timeline
    /// The Singular client lifecycle.
    case lifecycle
    /// The SDK metadata contract.
    case metadata
    /// App Tracking Transparency and the IDFA (metadata.md).
    case att
    /// Postbacks.
    case postback
    /// Attribution and re-engagement.
    case attribution
    /// Server-to-server requests.
    case s2s
    /// Postback and impression signatures.
    case signature

    /// The Spec document that holds the area's requirement table, relative to `Spec/`.
    public var document: String {
      switch self {
      case .general: return "README.md"
      case .timeline: return "values.md"
      case .att: return "metadata.md"
      default: return "\(rawValue).md"
      }
    }
  }
}
