extension SuiteID {
  /// Fine, coarse and lock values, alone and over a timeline of updates.
  public static let values = SuiteID(declaring: "values")
}

extension Requirement.Area {
  /// The values suite's requirement table, in Spec/values.md.
  public static let values = Requirement.Area(.values)
}

/// The `values` suite: fine, coarse and lock values, alone and over a timeline of updates
/// (Spec/values.md).
public enum ValuesSuite: SuiteVocabulary {
  public static let id = SuiteID.values
  public static let summary =
    "Fine, coarse and lock values: validation, Singular coarse codes, synthesized fine values, and a timeline of updates with locks."

  /// Its requirements: values.md's tables, the values and the order of updates (timeline).
  public static var requirements: [Requirement] { RequirementCatalog.values + RequirementCatalog.timeline }

  /// The operations, named by `op`.
  public enum Operation: String, MemberName {
    case fine, coarse
    case coarseCode = "coarse-code"
    case synthesizeFine = "synthesize-fine"
    case lock, timeline
  }

  /// The members of the input.
  public enum Input: String, MemberName { case op, value, coarse, profile, t0, updates }

  /// The members of one element of the input's `updates` (also the postback suite's and the
  /// attribution suite's updates).
  public enum Update: String, MemberName { case at, fine, coarse, lock }

  /// The members of the output.
  public enum Output: String, MemberName { case fine, coarse, code, lock, updates, windows }

  /// The members of one element of the output's `updates`.
  public enum UpdateResult: String, MemberName { case outcome, window, error }

  /// The members of one element of `windows` (also the attribution suite's `route` output).
  public enum WindowValues: String, MemberName {
    case window, fine, coarse
    case lockedAt = "locked_at"
    case lastUpdateAt = "last_update_at"
    case updatesApplied = "updates_applied"
  }
}
