import SKANModel
import Testing

/// An impression's fields from a table, recording the order in which the model asks for
/// them; a field named in `broken` throws as a missing field would.
final class RecordingImpressionFields: ImpressionFieldReader {
  var asked: [ImpressionField] = []
  let values: [ImpressionField: String]
  let broken: ImpressionField?

  init(_ values: [ImpressionField: String], broken: ImpressionField? = nil) {
    self.values = values
    self.broken = broken
  }

  func value(_ field: ImpressionField) throws(ModelError) -> String {
    asked.append(field)
    guard field != broken, let value = values[field] else {
      throw ModelError(.invalidInput, "input.impression.\(field.rawValue) is missing")
    }
    return value
  }

  func string(_ field: ImpressionField) throws(ModelError) -> String { try value(field) }

  func integer(_ field: ImpressionField) throws(ModelError) -> Int {
    guard let number = Int(try value(field)) else {
      throw ModelError(.invalidInput, "\(field.rawValue) not an integer")
    }
    return number
  }

  func timestamp(_ field: ImpressionField) throws(ModelError) -> Timestamp {
    Timestamp(milliseconds: try integer(field))
  }
}

@Suite("An impression is read in signed-string order, the first problem answering (SIG-9 to SIG-11)")
struct SignedImpressionTests {
  static let fields: [ImpressionField: String] = [
    .version: "4.0", .adNetworkID: "example.skadnetwork", .sourceIdentifier: "5239", .itunesItemID: "525463029",
    .nonce: "68483ef6-0678-41f2-ac3d-d2d2bd3e4a0e", .sourceAppID: "1234567891", .sourceDomain: "example.com",
    .timestamp: "1594406341",
  ]

  @Test(
    "the fields are asked for in signed-string order, and only the kind's source field",
    arguments: [
      (ImpressionKind.storeKitRendered, ImpressionField.sourceAppID), (.viewThrough, .sourceAppID),
      (.web, .sourceDomain),
    ])
  func order(kind: ImpressionKind, source: ImpressionField) throws {
    let reader = RecordingImpressionFields(Self.fields)
    let impression = try SignedImpression(kind: kind, reading: reader)
    #expect(reader.asked == [.version, .adNetworkID, .sourceIdentifier, .itunesItemID, .nonce, source, .timestamp])
    #expect(impression.source == Self.fields[source])
  }

  /// The code the model throws for an impression of `kind` read from `fields`, or nil.
  func thrown(_ kind: ImpressionKind, _ fields: RecordingImpressionFields) -> ModelError.Code? {
    do {
      _ = try SignedImpression(kind: kind, reading: fields)
      return nil
    } catch { return error.code }
  }

  @Test("a bad source-identifier answers before a missing later field, a bad nonce before the source slot")
  func firstProblemInOrder() {
    var fields = Self.fields
    fields[.sourceIdentifier] = "10000"
    #expect(
      thrown(.storeKitRendered, RecordingImpressionFields(fields, broken: .itunesItemID)) == .invalidSourceIdentifier)
    fields = Self.fields
    fields[.nonce] = "not-a-uuid"
    #expect(thrown(.web, RecordingImpressionFields(fields, broken: .sourceDomain)) == .invalidNonce)
    #expect(thrown(.web, RecordingImpressionFields(Self.fields, broken: .sourceDomain)) == .invalidInput)
  }

  @Test("each field sits at its signedStringPosition, the fidelity type at 6", arguments: ImpressionKind.allCases)
  func positions(kind: ImpressionKind) throws {
    let impression = try SignedImpression(kind: kind, reading: RecordingImpressionFields(Self.fields))
    let parts = impression.signedString.split(
      separator: Character(PostbackVersion.separator), omittingEmptySubsequences: false
    ).map(String.init)
    #expect(parts.count == 8)
    for field in ImpressionField.allCases where field != (kind == .web ? .sourceAppID : .sourceDomain) {
      let expected = field == .nonce ? Self.fields[field]?.lowercased() : Self.fields[field]
      #expect(parts[field.signedStringPosition] == expected, "\(field.rawValue) for \(kind.rawValue)")
    }
    #expect(parts[ImpressionField.fidelityTypePosition] == String(kind.fidelityType))
    // Apple's order, written out: version, ad-network-id, source-identifier, itunes-item-id,
    // nonce, the source slot, fidelity-type, timestamp.
    let source = kind == .web ? "example.com" : "1234567891"
    #expect(
      parts == [
        "4.0", "example.skadnetwork", "5239", "525463029", "68483ef6-0678-41f2-ac3d-d2d2bd3e4a0e", source,
        String(kind.fidelityType), "1594406341",
      ])
  }
}
