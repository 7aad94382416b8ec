import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "sign"`: the request signature (S2S-1 to S2S-6).
enum S2SSigning {
  typealias Input = S2SSuite.Input

  static func sign(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let signed = profile.sign(
      timestamp: try reader.string(Input.timestamp.rawValue), devKey: try reader.string(Input.devKey.rawValue),
      appID: try reader.string(Input.appID.rawValue), uid: try reader.string(Input.uid.rawValue),
      crypto: Suite.crypto)
    return S2SSuite.Output.object([.message: .string(signed.message), .signature: .string(signed.signature)])
  }
}
