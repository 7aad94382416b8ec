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
