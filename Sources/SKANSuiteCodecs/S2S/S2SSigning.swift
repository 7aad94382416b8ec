import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "sign"`: the request signature (S2S-1 to S2S-6).
enum S2SSigning {
  typealias Input = S2SSuite.Input

  static func sign(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let timestamp: String
    // A variant signs a timestamp given as a JSON integer as its decimal text.
    if RuleVariant.s2sNumericTimestampSigned.isActive,
      let number = reader.members[Input.timestamp.rawValue]?.exactInteger
    {
      timestamp = String(number)
    } else {
      timestamp = try reader.string(Input.timestamp.rawValue)
    }
    let signed = profile.sign(
      timestamp: timestamp, devKey: try reader.string(Input.devKey.rawValue),
      appID: try reader.string(Input.appID.rawValue), uid: try reader.string(Input.uid.rawValue),
      crypto: Suite.crypto)
    return S2SSuite.Output.object([.message: .string(signed.message), .signature: .string(signed.signature)])
  }
}
