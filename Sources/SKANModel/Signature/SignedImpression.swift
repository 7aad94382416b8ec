/// A SKAdNetwork 4 impression an ad network signs (SIG-9 to SIG-12).
public struct SignedImpression: Sendable, Hashable {
  /// The kind, which sets the fidelity type and the source slot.
  public var kind: ImpressionKind
  /// `version`, verbatim.
  public var version: String
  /// `ad-network-id`.
  public var adNetworkID: String
  /// `source-identifier`, 0...9999.
  public var sourceIdentifier: Int
  /// `itunes-item-id`.
  public var itunesItemID: Int
  /// `nonce`, a UUID in either letter case.
  public var nonce: String
  /// `source-app-id` in decimal, or for a web ad `source-domain`.
  public var source: String
  /// `timestamp`.
  public var timestamp: Timestamp
  /// The integer fields written with a fraction (`1234567890.0`), which a variant signs as
  /// written; empty otherwise.
  package var writtenWithFraction: Set<ImpressionField> = []

  /// Creates an impression, checking the identifier and the nonce (SIG-11).
  public init(
    kind: ImpressionKind, version: String, adNetworkID: String, sourceIdentifier: Int, itunesItemID: Int,
    nonce: String, source: String, timestamp: Timestamp
  ) throws(ModelError) {
    try Self.check(sourceIdentifier: sourceIdentifier)
    try Self.check(nonce: nonce)
    self.kind = kind
    self.version = version
    self.adNetworkID = adNetworkID
    self.sourceIdentifier = sourceIdentifier
    self.itunesItemID = itunesItemID
    self.nonce = nonce
    self.source = source
    self.timestamp = timestamp
  }

  /// Reads an impression's fields in signed-string order, checking each as it is read, so
  /// that the first problem in that order answers (SIG-9 to SIG-11): `version`,
  /// `ad-network-id`, `source-identifier` (0...9999), `itunes-item-id`, `nonce` (a UUID), the
  /// source slot the kind names (`source-app-id`, an integer, or for a web ad
  /// `source-domain`), `timestamp`. The other source field is never read (SIG-10).
  public init(kind: ImpressionKind, reading reader: some ImpressionFieldReader) throws(ModelError) {
    let version = try reader.string(.version)
    let network = try reader.string(.adNetworkID)
    let sourceIdentifier = try reader.integer(.sourceIdentifier)
    try Self.check(sourceIdentifier: sourceIdentifier)
    let item = try reader.integer(.itunesItemID)
    let nonce = try reader.string(.nonce)
    try Self.check(nonce: nonce)
    let source: String
    switch kind.sourceField {
    case .sourceDomain:
      do {
        source = try reader.string(.sourceDomain)
      } catch {
        // A variant signs a web impression's source-app-id when it has no source-domain.
        guard RuleVariant.impressionSourceAppIDForWeb.isActive, let app = try? reader.integer(.sourceAppID) else {
          throw error
        }
        source = String(app)
      }
    default: source = String(try reader.integer(kind.sourceField))
    }
    try self.init(
      kind: kind, version: version, adNetworkID: network, sourceIdentifier: sourceIdentifier, itunesItemID: item,
      nonce: nonce, source: source, timestamp: try reader.timestamp(.timestamp))
    if RuleVariant.impressionFractionSignedAsWritten.isActive, let numbers = reader as? any WrittenNumberReader {
      let integers: [ImpressionField] = [.sourceIdentifier, .itunesItemID, .timestamp, kind.sourceField]
      writtenWithFraction = Set(integers.filter { numbers.isWrittenWithFraction($0) })
    }
  }

  /// SIG-11: a source identifier is 0...9999.
  public static func check(sourceIdentifier: Int) throws(ModelError) {
    guard (0...9999).contains(sourceIdentifier) || RuleVariant.impressionSourceIdentifierUnchecked.isActive else {
      throw ModelError(.invalidSourceIdentifier, "source-identifier \(sourceIdentifier) is outside 0...9999")
    }
  }

  /// SIG-11: a nonce is a UUID.
  public static func check(nonce: String) throws(ModelError) {
    guard UUIDText.isValid(nonce) || RuleVariant.impressionNonceUnchecked.isActive else {
      throw ModelError(.invalidNonce, "nonce \"\(nonce)\" is not a UUID")
    }
  }

  /// The signed string: version, ad-network-id, source-identifier, itunes-item-id, nonce
  /// (lower-cased), source-app-id or source-domain, fidelity-type, timestamp, joined by
  /// U+2063 (SIG-9, SIG-10).
  public var signedString: String {
    var parts = Array(repeating: "", count: ImpressionField.timestamp.signedStringPosition + 1)
    parts[ImpressionField.version.signedStringPosition] = version
    parts[ImpressionField.adNetworkID.signedStringPosition] = adNetworkID
    parts[ImpressionField.sourceIdentifier.signedStringPosition] = written(.sourceIdentifier, String(sourceIdentifier))
    parts[ImpressionField.itunesItemID.signedStringPosition] = written(.itunesItemID, String(itunesItemID))
    parts[ImpressionField.nonce.signedStringPosition] =
      RuleVariant.impressionNonceCaseKept.isActive ? nonce : nonce.lowercased()
    parts[kind.sourceField.signedStringPosition] = written(kind.sourceField, source)
    parts[ImpressionField.fidelityTypePosition] = String(kind.fidelityType)
    parts[ImpressionField.timestamp.signedStringPosition] = written(.timestamp, String(timestamp.milliseconds))
    return parts.joined(separator: PostbackVersion.separator)
  }

  /// An integer field's decimal `text`, with `.0` when a variant signs it as written with a
  /// fraction.
  private func written(_ field: ImpressionField, _ text: String) -> String {
    writtenWithFraction.contains(field) ? text + ".0" : text
  }

  /// The verdict on a signature of this impression (SIG-12).
  public func verdict(signatureBase64: String, key: any P256PublicKey) -> PostbackVerdict {
    key.verdict(derSignatureBase64: signatureBase64, message: signedString)
  }
}
