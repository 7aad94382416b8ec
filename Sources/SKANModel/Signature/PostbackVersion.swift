/// A SKAdNetwork postback version and the fields its signature covers, in order (SIG-1 to SIG-6).
public enum PostbackVersion: String, Sendable, Hashable, CaseIterable {
  /// 4.0: source-identifier, a source slot, did-win and the sequence index.
  case v4_0 = "4.0"
  /// 3.0: campaign-id, optional source-app-id, fidelity-type, did-win.
  case v3_0 = "3.0"
  /// 2.2: as 3.0 without did-win.
  case v2_2 = "2.2"
  /// 2.1: as 2.2 without fidelity-type.
  case v2_1 = "2.1"
  /// 2.0: signed with Apple's P-192 key (SIG-6).
  case v2_0 = "2.0"
  /// 1.0: signed with Apple's P-192 key; the signature omits version and redownload (SIG-6).
  /// A postback without `version` is a 1.0 one (SIG-23).
  case v1_0 = "1.0"

  /// The two source fields of SKAdNetwork 4.0; at most one is present, in one slot (SIG-2).
  public static let sourceSlot = ["source-app-id", "source-domain"]

  /// Whether Apple signs this version with its P-192 key (1.0 and 2.0) rather than its P-256
  /// key (SIG-6).
  public var usesP192: Bool {
    switch self {
    case .v1_0, .v2_0: return true
    default: return false
    }
  }

  /// The signed fields in order. For 4.0 the entry `source-app-id` stands for the source
  /// slot, filled by `source-app-id` or `source-domain` (SIG-2).
  public var signedFields: [PostbackField] {
    let head: [PostbackField] = [
      PostbackField("version", .string), PostbackField("ad-network-id", .string),
    ]
    switch self {
    case .v4_0:
      return head + [
        PostbackField("source-identifier", .string), PostbackField("app-id", .integer),
        PostbackField("transaction-id", .string), PostbackField("redownload", .boolean),
        PostbackField("source-app-id", .integer, optional: true), PostbackField("fidelity-type", .integer),
        PostbackField("did-win", .boolean), PostbackField("postback-sequence-index", .integer),
      ]
    case .v3_0:
      return head + v21Tail + [PostbackField("fidelity-type", .integer), PostbackField("did-win", .boolean)]
    case .v2_2:
      return head + v21Tail + [PostbackField("fidelity-type", .integer)]
    case .v2_1, .v2_0:
      return head + v21Tail
    case .v1_0:
      return [
        PostbackField("ad-network-id", .string), PostbackField("campaign-id", .integer),
        PostbackField("app-id", .integer), PostbackField("transaction-id", .string),
      ]
    }
  }

  private var v21Tail: [PostbackField] {
    [
      PostbackField("campaign-id", .integer), PostbackField("app-id", .integer),
      PostbackField("transaction-id", .string), PostbackField("redownload", .boolean),
      PostbackField("source-app-id", .integer, optional: true),
    ]
  }

  /// Where 4.0's source slot is in the signed string, from 0 (SIG-2): after version,
  /// ad-network-id, source-identifier, app-id, transaction-id and redownload.
  public static var sourceSlotPosition: Int {
    PostbackVersion.v4_0.signedFields.firstIndex { $0.name == sourceSlot[0] } ?? PostbackVersion.v4_0.signedFields.count
  }

  /// The separator Apple joins the fields with: U+2063 INVISIBLE SEPARATOR (SIG-1).
  public static let separator = "\u{2063}"
}
