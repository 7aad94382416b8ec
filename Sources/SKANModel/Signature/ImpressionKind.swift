/// The kinds of SKAdNetwork 4 impression an ad network signs (SIG-9 to SIG-12).
public enum ImpressionKind: String, Sendable, Hashable, CaseIterable {
  /// A StoreKit-rendered ad: fidelity-type 1, source-app-id.
  case storeKitRendered = "storekit-rendered"
  /// A view-through ad: fidelity-type 0, source-app-id.
  case viewThrough = "view-through"
  /// A web ad: fidelity-type 1, source-domain in the source-app-id slot.
  case web

  /// The fidelity type the kind implies.
  public var fidelityType: Int { self == .viewThrough ? 0 : 1 }

  /// The key of the source slot.
  public var sourceField: String { self == .web ? "source-domain" : "source-app-id" }

  /// Whether `text` is a UUID in the 8-4-4-4-12 hex form, either letter case.
  public static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let isHex =
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        guard isHex else { return false }
      }
    }
    return true
  }
}
