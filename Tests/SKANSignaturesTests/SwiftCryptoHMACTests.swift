import SKANModel
import SKANSignatures
import Testing

@Suite("HMAC signing through swift-crypto (S2S-1 to S2S-5, S2S-9)")
struct SwiftCryptoHMACTests {
  let crypto = SwiftCrypto()
  static let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
  static let app = "id123456789"

  /// Check values computed with Python's `hmac` (reference/skan-semantics.md, 6b, and this kit).
  static let checkValues:
    [(name: String, profile: S2SSignatureProfile, timestamp: String, key: String, uid: String, hex: String)] = [
      (
        "client-ms", .appsflyerClient, "1603034622000", "dev_key", uid,
        "56ccb600d53c489e103afa75f81bde64c342238da0b7ee0c32160cf79d1e2c1e"
      ),
      (
        "readme-ms", .appsflyerReadme, "1603034622000", "dev_key", uid,
        "2774a511d19b77daf4c353fa9fa08a2db3e05ded86be6394cd0a411628f6abd0"
      ),
      (
        "client-seconds", .appsflyerClient, "1603034622", "dev_key", uid,
        "af3cfb8f026e52fee7cc813edc9c4fd72ceae8114fb4bdc1947feb2f310ed48e"
      ),
      (
        "key-200-bytes", .appsflyerClient, "1603034622000", String(repeating: "0123456789", count: 20), uid,
        "144dedb05441e1f357131d5cc06b9ddfa7db9a40353e503ac7cdc6671d137f6c"
      ),
      (
        "non-ascii-key", .appsflyerClient, "1603034622000", "clé-ключ", uid,
        "bd75155f087c253f0c53bd0b995570cc8df1520e40985d98417adee86b42b0aa"
      ),
      (
        "non-ascii-uid", .appsflyerClient, "1603034622000", "dev_key", "uid-é-日本",
        "041c8e0e59264045d8e629544c7d5b2b7a53ce38634edd81b15c92cd8c4709c5"
      ),
    ]

  @Test("the profiles give Python's check values", arguments: checkValues.indices)
  func checkValue(_ index: Int) {
    let value = Self.checkValues[index]
    let signed = value.profile.sign(
      timestamp: value.timestamp, devKey: value.key, appID: Self.app, uid: value.uid, crypto: crypto)
    #expect(signed.signature == value.hex, "check value \(value.name)")
  }

  @Test("RFC 4231 test case 2")
  func rfc4231() {
    #expect(
      crypto.hexHMAC(message: "what do ya want for nothing?", key: "Jefe")
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "RFC 4231 case 2")
  }

  @Test("the messages of the two profiles")
  func messages() {
    #expect(
      S2SSignatureProfile.appsflyerClient.message(timestamp: "1", devKey: "K", appID: "A", uid: "U") == "1AU",
      "client profile message")
    #expect(
      S2SSignatureProfile.appsflyerReadme.message(timestamp: "1", devKey: "K", appID: "A", uid: "U") == "1KAU",
      "README profile message")
    #expect(S2SSignatureProfile.default == .appsflyerClient, "the default profile")
  }

  @Test("validation compares bytes: either letter case, never a wrong length")
  func validation() {
    let message = "1603034622000id123456789" + Self.uid
    let good = crypto.hexHMAC(message: message, key: "dev_key")
    #expect(crypto.isValidHexHMAC(good, message: message, key: "dev_key"), "lower-case signature")
    #expect(crypto.isValidHexHMAC(good.uppercased(), message: message, key: "dev_key"), "upper-case signature")
    #expect(
      !crypto.isValidHexHMAC(String(good.dropLast(2)), message: message, key: "dev_key"), "short signature")
    #expect(!crypto.isValidHexHMAC(good, message: message + "x", key: "dev_key"), "other message")
    #expect(!crypto.isValidHexHMAC(good, message: message, key: "dev_keY"), "other key")
    #expect(
      !crypto.isValidHexHMAC("b457aca5d23a6cbe512775578201", message: message, key: "dev_key"), "README example"
    )
  }

  @Test("hex round trip and strictness")
  func hex() {
    #expect(Hex.encode([0, 15, 255]) == "000fff", "hex encode")
    #expect(Hex.decode("000FFf") == [0, 15, 255], "hex decode either case")
    #expect(Hex.decode("0") == nil, "odd length")
    #expect(Hex.decode("zz") == nil, "non-hex")
  }
}
