extension SuiteID {
  /// Where a time falls among the conversion windows.
  public static let window = SuiteID(declaring: "window")
}

extension Requirement.Area {
  /// The window suite's requirement table, in Spec/window.md.
  public static let window = Requirement.Area(.window)
}

/// The `window` suite: where a time falls among the conversion windows (Spec/window.md).
public enum WindowSuite: SuiteVocabulary {
  public static let id = SuiteID.window
  public static let summary =
    "Conversion windows: which window a time falls in, for production and AdAttributionKit developer mode."

  /// Its requirements (Spec/window.md).
  public static var requirements: [Requirement] { RequirementCatalog.window }

  /// The members of the input.
  public enum Input: String, MemberName { case profile, t0, at }

  /// The members of the output.
  public enum Output: String, MemberName {
    case window
    case windowStart = "window_start"
    case windowEnd = "window_end"
    case measurementOver = "measurement_over"
  }
}
