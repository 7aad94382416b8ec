extension SuiteID {
  /// What a postback receiver counts.
  public static let receiving = SuiteID(declaring: "receiving")
}

extension Requirement.Area {
  /// The receiving suite's requirement table, in Spec/receiving.md.
  public static let receiving = Requirement.Area(.receiving)
}

/// The `receiving` suite: what an ad network's or attribution provider's server counts from
/// the postbacks it receives (docs/design/receiving-suite.md).
///
/// Its codec (SKANSuiteCodecs) is also what `reference receiver` and `probe postbacks` run.
public enum ReceivingSuite: SuiteVocabulary {
  public static let id = SuiteID.receiving
  public static let summary =
    "Receiving postbacks: verified, deduplicated, development apart, counted per network and window."

  /// Its requirements (Spec/receiving.md).
  public static var requirements: [Requirement] { RequirementCatalog.receiving }

  /// The one operation, named by `op`.
  public enum Operation: String, MemberName { case receive }

  /// The members of the input.
  public enum Input: String, MemberName {
    case op, receiver, arrivals
    case skadnetworkPublicKey = "skadnetwork_public_key"
    case aakKeys = "aak_keys"
  }

  /// The members of `receiver`.
  public enum Receiver: String, MemberName {
    case networkPaths = "network_paths"
    case reengagementCopies = "reengagement_copies"
  }

  /// The members of each arrival of the input.
  public enum Arrival: String, MemberName { case at, path, body }

  /// The members of the output.
  public enum Output: String, MemberName { case arrivals, totals }

  /// Each arrival's `reason` is a diagnostic (SIG-21, Spec/receiving.md "Output"): the
  /// signature suite's reason for its verdict, which explains the status but is not what a
  /// receiver counts.
  public static func diagnosticPaths(of operation: Operation?) -> [DiagnosticPath] {
    [DiagnosticPath(each: Output.arrivals, Answer.reason)]
  }

  /// The members of each arrival of the output, every one always present.
  public enum Answer: String, MemberName {
    case role, framework, verdict, reason, response, status, cause
    case duplicateOf = "duplicate_of"
    case bodyDiffers = "body_differs"
    case environment
    case postbackID = "postback_id"
    case adNetworkID = "ad_network_id"
    case didWin = "did_win"
    case conversionType = "conversion_type"
    case window
  }

  /// The members of the output's `totals`.
  public enum Totals: String, MemberName {
    case received, counted, duplicates, excluded, rejected, unverifiable, rows
  }

  /// The members of each row of the output's `totals.rows`.
  public enum Row: String, MemberName {
    case environment, framework
    case adNetworkID = "ad_network_id"
    case conversionType = "conversion_type"
    case window
    case didWin = "did_win"
    case count
  }
}
