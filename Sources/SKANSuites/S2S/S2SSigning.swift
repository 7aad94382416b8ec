import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "sign"`: the request signature (S2S-1 to S2S-6).
enum S2SSigning {
  static func sign(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let timestamp = try reader.string("timestamp")
    let devKey = try reader.string("dev_key")
    let appID = try reader.string("app_id")
    let uid = try reader.string("uid")
    let message = profile.message(timestamp: timestamp, devKey: devKey, appID: appID, uid: uid)
    return ["message": .string(message), "signature": .string(HMACSigner.hexSignature(message: message, key: devKey))]
  }
}
