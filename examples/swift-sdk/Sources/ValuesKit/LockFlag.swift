/// A lock flag, read strictly: a boolean, never the string `"false"` or the number `1`.
public struct LockFlag: Sendable, Hashable, Decodable {
  /// Whether the update locks its window.
  public var locks: Bool

  /// Reads a lock flag: `true` or `false`; `null` is `false`.
  /// - Throws: ``ValueError/lockNotBoolean`` for any other value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      locks = false
    } else if let flag = try? container.decode(Bool.self) {
      locks = flag
    } else {
      throw ValueError.lockNotBoolean
    }
  }
}
