/// What a receiver made of one request: its role, the signature suite's verdict, whether it
/// counts, and, when verified, what it is counted as (Spec/receiving.md, RCV-1 to RCV-21).
public struct ReceivedPostback: Sendable, Hashable {
  /// Whether the request came on a network's own postback path or a developer-copy path
  /// (RCV-9).
  public enum Role: String, Sendable, Hashable {
    /// One of the receiver's `network_paths`.
    case network
    /// One of Apple's two well-known copy paths.
    case copy
  }

  /// The framework a body belongs to (RCV-21).
  public enum Framework: String, Sendable, Hashable {
    /// A JSON object without `jws-string`.
    case skadnetwork
    /// A JSON object with `jws-string`.
    case adattributionkit
  }

  /// What the receiver does with it.
  public enum Status: String, Sendable, Hashable, CaseIterable {
    /// Verified, not excluded, and the first with its key (RCV-4): it counts.
    case counted
    /// Verified, and its key was counted before (RCV-4 to RCV-6).
    case duplicate
    /// Verified, but it cannot have come on its copy path (RCV-10 to RCV-12).
    case excluded
    /// The signature suite rejects it (RCV-2).
    case rejected
    /// The signature suite cannot decide (RCV-2).
    case unverifiable
  }

  /// Why a verified postback on a copy path is excluded.
  public enum Exclusion: String, Sendable, Hashable {
    /// A postback of one framework on the other framework's copy path (RCV-10).
    case wrongCopyPath = "wrong-copy-path"
    /// A losing postback on a copy path: Apple copies winners only (RCV-11).
    case loserOnCopyPath = "loser-on-copy-path"
    /// An AdAttributionKit re-engagement copy to an app that did not opt in (RCV-12).
    case reengagementCopyWithoutOptIn = "reengagement-copy-without-opt-in"
  }

  /// Production or development (RCV-13, RCV-14).
  public enum Environment: String, Sendable, Hashable {
    /// A postback a device sent for a real conversion.
    case production
    /// A postback made in Developer Mode.
    case development
  }

  /// What a verified postback is counted as (RCV-13 to RCV-18).
  public struct Reading: Sendable, Hashable {
    /// Production or development (RCV-13, RCV-14).
    public var environment: Environment
    /// `transaction-id` or `postback-identifier` (RCV-4).
    public var postbackID: String
    /// `ad-network-id` or `ad-network-identifier`.
    public var adNetworkID: String
    /// Winner or loser (RCV-16).
    public var didWin: Bool
    /// Download, redownload or re-engagement (RCV-18).
    public var conversionType: PostbackScenario.ConversionType
    /// The conversion window, 0 to 2 (RCV-17); `nil` only under a rule variant that reads
    /// none.
    public var window: Int?
    /// The payload's own spelling of the conversion type, reported instead of
    /// `conversionType`; `nil` unless a rule variant keeps it.
    public var conversionTypeAsWritten: String?

    /// Creates a reading.
    public init(
      environment: Environment, postbackID: String, adNetworkID: String, didWin: Bool,
      conversionType: PostbackScenario.ConversionType, window: Int?
    ) {
      self.environment = environment
      self.postbackID = postbackID
      self.adNetworkID = adNetworkID
      self.didWin = didWin
      self.conversionType = conversionType
      self.window = window
    }
  }

  /// The HTTP status every postback is answered with (RCV-7, RCV-8).
  public static let response = 200

  /// Network path or copy path.
  public var role: Role
  /// The body's framework; `nil` for a body that is not a JSON object.
  public var framework: Framework?
  /// The signature suite's verdict and reason (RCV-1).
  public var verdict: PostbackVerdict
  /// The HTTP status the receiver answers (RCV-7).
  public var response: Int
  /// Counted, duplicate, excluded, rejected or unverifiable.
  public var status: Status
  /// Why it is excluded, for `excluded`.
  public var exclusion: Exclusion?
  /// The index (from 0) of the counted request it duplicates, for `duplicate`.
  public var duplicateOf: Int?
  /// Whether its body differs from that request's (RCV-6), for `duplicate`.
  public var bodyDiffers: Bool?
  /// What it is counted as, when verified; `nil` otherwise (read from an unauthenticated body).
  public var reading: Reading?

  /// Creates the outcome of one request.
  public init(
    role: Role, framework: Framework?, verdict: PostbackVerdict, status: Status, exclusion: Exclusion? = nil,
    duplicateOf: Int? = nil, bodyDiffers: Bool? = nil, reading: Reading? = nil
  ) {
    self.role = role
    self.framework = framework
    self.verdict = verdict
    self.response = Self.response
    self.status = status
    self.exclusion = exclusion
    self.duplicateOf = duplicateOf
    self.bodyDiffers = bodyDiffers
    self.reading = reading
  }
}
