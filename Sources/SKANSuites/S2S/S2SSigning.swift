import SKANJSON
import SKANModel

/// `op: "sign"`: the request signature (S2S-1 to S2S-6).
enum S2SSigning {
  static func sign(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let signed = profile.sign(
      timestamp: try reader.string("timestamp"), devKey: try reader.string("dev_key"),
      appID: try reader.string("app_id"), uid: try reader.string("uid"), crypto: Suite.crypto)
    return ["message": .string(signed.message), "signature": .string(signed.signature)]
  }
}
