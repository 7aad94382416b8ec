/// An input the model refuses, with the error code the Spec gives for it.
///
/// Every code is listed in `Spec/` with the requirement that raises it; an implementation
/// under test must answer with the same code.
public struct ModelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The Spec's error code.
  public var code: Code
  /// Details for a person: which field, which value.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }

  /// The error codes of the Spec. The raw value is what goes on the wire.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A fine value outside 0...63 (VAL-1).
    case fineOutOfRange = "fine-out-of-range"
    /// A fine value that is not an integer (VAL-2, META-1, META-13).
    case fineNotInteger = "fine-not-integer"
    /// A coarse value other than "low", "medium", "high" (VAL-3, VAL-8, META-2).
    case coarseUnknown = "coarse-unknown"
    /// A coarse integer code outside 0...2 (VAL-5).
    case coarseCodeOutOfRange = "coarse-code-out-of-range"
    /// A coarse code that is not an integer (VAL-5).
    case coarseCodeNotInteger = "coarse-code-not-integer"
    /// A lock flag that is not a boolean (VAL-7, LIF-4).
    case lockNotBoolean = "lock-not-boolean"
    /// A metadata boolean that is not true/false/yes/no/1/0 (META-4).
    case invalidBoolean = "invalid-boolean"
    /// A time earlier than T0 (WIN-6).
    case timeBeforeT0 = "time-before-t0"
    /// Timeline updates or lifecycle steps not in time order (TML-6, LIF-11).
    case outOfOrder = "out-of-order"
    /// An iOS version that is not `major[.minor[.patch]]` (META-11).
    case invalidIOSVersion = "invalid-ios-version"
    /// An overlay App Store ID that is not a positive decimal integer (META-7).
    case invalidAppID = "invalid-app-id"
    /// An overlay position other than "bottom" or "bottomRaised" (META-7).
    case invalidOverlayPosition = "invalid-overlay-position"
    /// A revenue currency that is not three upper-case letters (LIF-6).
    case invalidCurrency = "invalid-currency"
    /// A revenue amount that is not a finite number within ±1e15 (LIF-6).
    case invalidAmount = "invalid-amount"
    /// The server answered without a conversion value and without `status: "ok"` (LIF-3).
    case serverError = "server-error"
    /// The input does not have the shape the Spec gives for the suite: a missing or
    /// mistyped field, an unknown operation or profile, a time out of range (IN-1, WIN-7).
    case invalidInput = "invalid-input"
    /// A conversion-value response body that is not a JSON object (S2S-13, S2S-14).
    case malformedResponse = "malformed-response"
    /// An AppsFlyer `postback_sequence_index` that is not an integer from 0 to 2 (S2S-13).
    case invalidSequenceIndex = "invalid-sequence-index"
    /// An AppsFlyer `next_w_time` that is not a non-negative integer (S2S-13).
    case invalidWindowTime = "invalid-window-time"
    /// An impression nonce that is not a UUID (SIG-11).
    case invalidNonce = "invalid-nonce"
    /// An impression source identifier outside 0 to 9999 (SIG-11).
    case invalidSourceIdentifier = "invalid-source-identifier"
    /// An IDFA that is not a UUID (ATT-4).
    case invalidIDFA = "invalid-idfa"
  }
}
