extension SuiteID {
  /// The Singular S2S client lifecycle and its snapshot.
  public static let lifecycle = SuiteID(declaring: "lifecycle")
}

extension Requirement.Area {
  /// The lifecycle suite's requirement table, in Spec/lifecycle.md.
  public static let lifecycle = Requirement.Area(.lifecycle)
}

/// The `lifecycle` suite: the Singular S2S client lifecycle and its snapshot
/// (Spec/lifecycle.md).
public enum LifecycleSuite: SuiteVocabulary {
  public static let id = SuiteID.lifecycle
  public static let summary =
    "The Singular SKAN 4 S2S client lifecycle: registration, server responses, revenue, and the snapshot after each step."

  /// Its requirements (Spec/lifecycle.md).
  public static var requirements: [Requirement] { RequirementCatalog.lifecycle }

  /// The members of the input.
  public enum Input: String, MemberName { case profile, steps }

  /// The members of one step (also the s2s suite's Singular `build-request` steps).
  public enum Step: String, MemberName { case at, op, response, amount, currency, admon }

  /// The operations of a step, named by the step's `op`.
  public enum StepOperation: String, MemberName {
    case register
    case serverResponse = "server-response"
    case revenue
  }

  /// The members of the output.
  public enum Output: String, MemberName { case steps }

  /// The members of one element of the output's `steps`.
  public enum StepResult: String, MemberName { case outcome, error, snapshot }
}
