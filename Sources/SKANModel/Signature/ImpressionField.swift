/// The fields of a SKAdNetwork 4 impression that its signed string is built from, in the
/// signed string's order (SIG-9, SIG-10). `fidelity-type` is not a field: the kind implies it.
public enum ImpressionField: String, Sendable, Hashable, CaseIterable {
  /// `version`, verbatim.
  case version
  /// `ad-network-id`.
  case adNetworkID = "ad-network-id"
  /// `source-identifier`, an integer 0...9999 (SIG-11).
  case sourceIdentifier = "source-identifier"
  /// `itunes-item-id`, an integer.
  case itunesItemID = "itunes-item-id"
  /// `nonce`, a UUID (SIG-11).
  case nonce
  /// `source-app-id`, an integer: the source slot of a StoreKit-rendered or view-through ad.
  case sourceAppID = "source-app-id"
  /// `source-domain`: the source slot of a web ad (SIG-10).
  case sourceDomain = "source-domain"
  /// `timestamp`, milliseconds since 1970.
  case timestamp

  /// The field's position in the signed string, from 0 (SIG-9, SIG-10): `source-app-id` and
  /// `source-domain` share the source slot, 5; the fidelity type the kind implies is 6.
  public var signedStringPosition: Int {
    switch self {
    case .version: 0
    case .adNetworkID: 1
    case .sourceIdentifier: 2
    case .itunesItemID: 3
    case .nonce: 4
    case .sourceAppID, .sourceDomain: 5
    case .timestamp: 7
    }
  }

  /// The position of the fidelity type in the signed string (SIG-9).
  public static let fidelityTypePosition = 6
}

/// Where an impression's fields come from (a JSON object, a form): each read either returns
/// the field's value or throws the problem with it (missing, wrong type). The model decides
/// the order of the reads (``SignedImpression/init(kind:reading:)``).
public protocol ImpressionFieldReader {
  /// The field as a string.
  func string(_ field: ImpressionField) throws(ModelError) -> String
  /// The field as an integer.
  func integer(_ field: ImpressionField) throws(ModelError) -> Int
  /// The field as a timestamp.
  func timestamp(_ field: ImpressionField) throws(ModelError) -> Timestamp
}

/// A reader that knows how each integer field was written: a variant signs an integer
/// written with a fraction as written (SIG-9).
package protocol WrittenNumberReader {
  /// Whether the field is an integer written with a fraction, such as `1234567890.0`.
  func isWrittenWithFraction(_ field: ImpressionField) -> Bool
}
